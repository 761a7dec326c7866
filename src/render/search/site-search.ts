import type { Route } from '../../shared/model.js';
import type { SiteView } from '../../components/site-view.js';
import { sidebarTrail } from '../../components/layout/DocSidebar.js';
import type { WorkerPool } from '../workers/pool.js';
import { buildSearchIndex, type PendingSearchIndex } from './build-search-index.js';
import { needsRenderedHtml, searchEntries } from './search-documents.js';

/**
 * The site's search index, named before its pages are rendered (they link to it) and built by the
 * worker pool meanwhile. The few pages whose text exists only once rendered (home, React pages,
 * category indexes) are read from their body, rendered alone by `bodyOf`.
 */
export function siteSearch(routes: readonly Route[], site: SiteView, bodyOf: (route: Route) => string, pool: WorkerPool): PendingSearchIndex {
  const crumbs = (route: Route): string[] => (route.data.kind === 'doc' ? sidebarTrail(site.docsSidebars.get(route.data.doc.version) ?? [], route.path).map((t) => t.title) : []);
  const pages = routes.map((route) => ({ route, html: needsRenderedHtml(route) ? bodyOf(route) : undefined }));
  return buildSearchIndex(searchEntries(pages, { url: site.url, crumbs }), site.url, pool);
}
