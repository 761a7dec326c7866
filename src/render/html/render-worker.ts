import { parentPort, workerData } from 'node:worker_threads';
import type { Route } from '../../shared/model.js';
import { withBase } from '../markdown/resolve-url.js';
import { renderPages } from './render-routes.js';
import type { SiteData } from './render-pool.js';

// Renders its share of the pages and sends back their bytes (transferred, not copied).
const { routes, site, announcementHtml } = workerData as { routes: Route[]; site: SiteData; announcementHtml: string | undefined };
try {
  const view = { ...site, url: (path: string) => withBase(path, site.config.baseUrl), markupCache: new Map<string, string>() };
  const pages = renderPages(routes, view, announcementHtml).map(({ route: _route, ...page }) => page);
  parentPort!.postMessage({ pages }, pages.map((p) => p.bytes.buffer as ArrayBuffer));
} catch (err) {
  // The message alone is shown; the stack only with --debug (the pool keeps it on the error).
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined });
}
