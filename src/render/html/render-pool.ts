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

/**
 * About how long a page of each kind takes to draw and encode, in milliseconds (measured on the
 * benchmarks: an API operation with its samples, a doc, a blog page filled from templates).
 */
const PAGE_MS: Partial<Record<Route['data']['kind'], number>> = { api: 1.8, doc: 0.6, 'doc-index': 0.6, 'markdown-page': 0.6 };
/** Pages of the blog, and any kind not listed. */
const OTHER_PAGE_MS = 0.2;
/**
 * A worker pays off only with about this much drawing to take over: it boots (loads the renderer
 * and warms it up, some 400 ms of a core) while other threads (search, highlighting, the
 * compiler) want the cores too. 4,000 blog posts (under a second of drawing) went slower with one.
 */
const MIN_MS_PER_WORKER = 1000;

/** The estimated time to draw `routes` in one thread, in milliseconds. */
function estimatedRenderMs(routes: readonly Route[]): number {
  let ms = 0;
  for (const r of routes) ms += PAGE_MS[r.data.kind] ?? OTHER_PAGE_MS;
  return ms;
}

export interface RenderPoolOptions {
  /** Cores busy with other work meanwhile (code still being highlighted), not to take. */
  reservedCores?: number;
}

export async function renderAllRoutes(routes: readonly Route[], site: SiteView, announcementHtml: string | undefined, { reservedCores = 0 }: RenderPoolOptions = {}): Promise<RenderedPage[]> {
  const file = compiledWorker('render-worker.js');
  const portable = routes.filter((r) => r.data.kind !== 'react-page');
  const workers = file && portable.length > 0 ? workerCount(portable, reservedCores) : 0;
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

/**
 * How many workers to start: one per spare core, as long as each has enough to draw (workers take
 * at most 60% of the work between them: this thread starts at once while they boot), three at
 * most. `SHIPDOCS_RENDER_WORKERS` sets the number (tests of the workers' output; tuning).
 */
function workerCount(portable: readonly Route[], reservedCores: number): number {
  const forced = process.env.SHIPDOCS_RENDER_WORKERS;
  if (forced !== undefined && /^\d+$/.test(forced)) return Math.min(Number(forced), portable.length);
  return Math.min(Math.max(availableParallelism() - 1 - reservedCores, 0), Math.floor((estimatedRenderMs(portable) * 0.6) / MIN_MS_PER_WORKER), 3);
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
