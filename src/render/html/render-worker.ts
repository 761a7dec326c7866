import { parentPort, workerData } from 'node:worker_threads';
import type { Route } from '../../shared/model.js';
import { withBase } from '../markdown/resolve-url.js';
import { renderRoutes } from './render-routes.js';
import type { SiteData } from './render-pool.js';

// Renders its share of the pages and sends back their HTML.
const { routes, site, announcementHtml } = workerData as { routes: Route[]; site: SiteData; announcementHtml: string | undefined };
try {
  const view = { ...site, url: (path: string) => withBase(path, site.config.baseUrl), markupCache: new Map<string, string>() };
  const pages = renderRoutes(routes, view, announcementHtml).map((r) => ({ path: r.path, html: r.html }));
  parentPort!.postMessage({ pages });
} catch (err) {
  // The message alone is shown; the stack only with --debug (the pool keeps it on the error).
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined });
}
