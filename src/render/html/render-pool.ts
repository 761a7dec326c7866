import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Route } from '../../shared/model.js';
import type { SiteView } from '../../components/site-view.js';
import { compiledWorker } from '../markdown/worker-file.js';
import { renderPages, type RenderedPage } from './render-routes.js';

// Server rendering of many pages shared between this thread and worker threads. Pages are handed
// out a chunk at a time: this thread renders the next chunk itself unless a worker is running
// short (fewer than two chunks in hand), so a worker still starting, or a slower one, takes fewer
// pages and nobody waits long at the end. Route data and the site view are plain data
// (structured-cloned, only for the chunks a worker renders); React pages (functions) render here.
// Pages come back as UTF-8 bytes whose buffers are transferred, not copied.

/** The SiteView without its functions and caches, as sent to a worker. */
export type SiteData = Omit<SiteView, 'url' | 'markupCache'>;

/** Below this many pages per worker, starting one costs more than it saves. */
const MIN_PAGES_PER_WORKER = 250;
/** Pages handed out at a time (a few tens of milliseconds of work). */
const CHUNK = 32;
/** Chunks a worker holds (rendering one, the next waiting), so it never idles between them. */
const AHEAD = 2;

/** Messages between the pool and a render worker. */
export type RenderWorkerRequest = { type: 'chunk'; id: number; routes: Route[] };
export type RenderWorkerReply = { type: 'chunk'; id: number; pages: Omit<RenderedPage, 'route'>[] } | { type: 'error'; message: string; stack?: string };

export interface RenderPoolOptions {
  /** Cores busy with other work meanwhile (code still being highlighted), not to take. */
  reservedCores?: number;
}

export async function renderAllRoutes(routes: readonly Route[], site: SiteView, announcementHtml: string | undefined, { reservedCores = 0 }: RenderPoolOptions = {}): Promise<RenderedPage[]> {
  const file = compiledWorker('render-worker.js');
  const portable = routes.filter((r) => r.data.kind !== 'react-page');
  const count = file ? Math.min(Math.max(availableParallelism() - 1 - reservedCores, 0), Math.floor(portable.length / MIN_PAGES_PER_WORKER), 3) : 0;
  if (count === 0) return renderPages(routes, site, announcementHtml);

  const { url: _url, markupCache: _cache, ...data } = site;
  const siteData: SiteData = data;
  const chunks: Route[][] = [];
  for (let i = 0; i < portable.length; i += CHUNK) chunks.push(portable.slice(i, i + CHUNK));
  let next = 0;
  const done = new Map<Route, RenderedPage>();
  const workers = Array.from({ length: count }, () => startWorker(file!, siteData, announcementHtml));
  let failure: Error | undefined;
  /** Chunks a worker holds, by id; resolved when their pages are back. */
  const inFlight = new Map<number, { worker: RenderWorker; routes: Route[] }>();
  let settle: (() => void) | undefined;
  for (const w of workers) {
    w.onReply = (msg) => {
      if (msg.type === 'error') {
        const err = new Error(`render worker failed: ${msg.message}`);
        if (msg.stack) err.stack = `${err.message}\n--- in the worker:\n${msg.stack}`;
        failure ??= err;
      } else {
        const chunk = inFlight.get(msg.id)!;
        inFlight.delete(msg.id);
        chunk.worker.holding--;
        msg.pages.forEach((page, k) => done.set(chunk.routes[k]!, { ...page, route: chunk.routes[k]! }));
      }
      settle?.();
    };
    w.onFailure = (err) => {
      failure ??= err;
      settle?.();
    };
  }
  const handOut = (): void => {
    for (const w of workers) {
      while (w.holding < AHEAD && next < chunks.length) {
        const id = next++;
        inFlight.set(id, { worker: w, routes: chunks[id]! });
        w.holding++;
        w.worker.postMessage({ type: 'chunk', id, routes: chunks[id]! } satisfies RenderWorkerRequest);
      }
    }
  };
  try {
    handOut();
    while (next < chunks.length && !failure) {
      for (const page of renderPages(chunks[next++]!, site, announcementHtml)) done.set(page.route, page);
      // Lets the workers' replies in, then tops them up.
      await new Promise((resolve) => setImmediate(resolve));
      handOut();
    }
    while (inFlight.size && !failure) await new Promise<void>((resolve) => (settle = resolve));
    if (failure) throw failure;
  } finally {
    for (const w of workers) void w.worker.terminate();
  }
  for (const page of renderPages(routes.filter((r) => r.data.kind === 'react-page'), site, announcementHtml)) done.set(page.route, page);
  return routes.map((r) => done.get(r)!);
}

interface RenderWorker {
  worker: Worker;
  /** Chunks sent and not back yet. */
  holding: number;
  onReply?: (msg: RenderWorkerReply) => void;
  onFailure?: (err: Error) => void;
}

function startWorker(file: string, site: SiteData, announcementHtml: string | undefined): RenderWorker {
  const w: RenderWorker = { worker: new Worker(file, { workerData: { site, announcementHtml } }), holding: 0 };
  w.worker.on('message', (msg: RenderWorkerReply) => w.onReply?.(msg));
  w.worker.once('error', (err) => w.onFailure?.(err));
  w.worker.once('exit', (code) => w.onFailure?.(new Error(`a render worker stopped (exit code ${code})`)));
  return w;
}
