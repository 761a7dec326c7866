import { parentPort, workerData } from 'node:worker_threads';
import type { Route } from '../../shared/model.js';
import { withBase } from '../markdown/resolve-url.js';
import { renderPages } from './render-routes.js';
import type { RenderWorkerReply, RenderWorkerRequest, SiteData } from './render-pool.js';

// Renders the chunks of pages it is handed and sends back their bytes (transferred, not copied).
const port = parentPort!;
const { site, announcementHtml } = workerData as { site: SiteData; announcementHtml: string | undefined };
const view = { ...site, url: (path: string) => withBase(path, site.config.baseUrl), markupCache: new Map<string, string>() };

port.on('message', ({ id, routes }: RenderWorkerRequest) => {
  let reply: RenderWorkerReply;
  try {
    reply = { type: 'chunk', id, pages: renderPages(routes as Route[], view, announcementHtml).map(({ route: _route, ...page }) => page) };
  } catch (err) {
    // The message alone is shown; the stack only with --debug (the pool keeps it on the error).
    port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined } satisfies RenderWorkerReply);
    return;
  }
  port.postMessage(reply, reply.type === 'chunk' ? reply.pages.map((p) => p.bytes.buffer as ArrayBuffer) : []);
});
