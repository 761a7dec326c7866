import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Route } from '../../shared/model.js';
import type { SiteView } from '../../components/site-view.js';
import { compiledWorker } from '../markdown/worker-file.js';
import { renderPages, type RenderedPage } from './render-routes.js';

// Server rendering of many pages shared between this thread and worker threads. Route data and
// the site view are plain data (structured-cloned); React pages (functions) render here. Pages
// come back as UTF-8 bytes whose buffers are transferred, not copied.

/** The SiteView without its functions and caches, as sent to a worker. */
export type SiteData = Omit<SiteView, 'url' | 'markupCache'>;

/** Below this many pages per worker, starting one costs more than it saves. */
const MIN_PAGES_PER_WORKER = 250;

export interface RenderPoolOptions {
  /** Cores busy with other work meanwhile (code still being highlighted), not to take. */
  reservedCores?: number;
}

export async function renderAllRoutes(routes: readonly Route[], site: SiteView, announcementHtml: string | undefined, { reservedCores = 0 }: RenderPoolOptions = {}): Promise<RenderedPage[]> {
  const file = compiledWorker('render-worker.js');
  const portable = routes.filter((r) => r.data.kind !== 'react-page');
  const workers = file ? Math.min(Math.max(availableParallelism() - 1 - reservedCores, 0), Math.floor(portable.length / MIN_PAGES_PER_WORKER), 3) : 0;
  if (workers === 0) return renderPages(routes, site, announcementHtml);

  // Workers take their share from the most numerous kind of page first (a blog's posts), this
  // thread the rest (its lists): parts drawn once per thread and shared by many pages of a kind
  // (post summaries in every list) are then drawn by one thread, not by each.
  const perKind = new Map<string, number>();
  for (const r of portable) perKind.set(r.data.kind, (perKind.get(r.data.kind) ?? 0) + 1);
  // (A stable sort: routes of a kind keep their order.)
  const ordered = [...portable].sort((a, b) => perKind.get(b.data.kind)! - perKind.get(a.data.kind)! || a.data.kind.localeCompare(b.data.kind));
  // This thread starts at once while workers boot, so it keeps a larger share.
  const share = Math.floor(portable.length * (workers === 1 ? 0.6 : 0.6 / workers));
  const remote = ordered.slice(0, share * workers);
  const remoteSet = new Set(remote);
  const local = routes.filter((r) => !remoteSet.has(r));
  const { url: _url, markupCache: _cache, ...data } = site;
  const siteData: SiteData = data;
  const pending = Array.from({ length: workers }, (_, w) => run(file!, remote.slice(w * share, (w + 1) * share), siteData, announcementHtml));
  const mine = renderPages(local, site, announcementHtml);
  const theirs = (await Promise.all(pending)).flat();
  const byPath = new Map([...mine, ...theirs].map((r) => [r.route.path, r]));
  return routes.map((r) => byPath.get(r.path)!);
}

function run(file: string, routes: readonly Route[], site: SiteData, announcementHtml: string | undefined): Promise<RenderedPage[]> {
  if (routes.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { routes, site, announcementHtml } });
    worker.once('message', (msg: { pages: Omit<RenderedPage, 'route'>[] } | { error: string; stack?: string }) => {
      void worker.terminate();
      if ('error' in msg) {
        const err = new Error(`render worker failed: ${msg.error}`);
        if (msg.stack) err.stack = `${err.message}\n--- in the worker:\n${msg.stack}`;
        return reject(err);
      }
      resolve(msg.pages.map((p, i) => ({ ...p, route: routes[i]! })));
    });
    worker.once('error', reject);
  });
}
