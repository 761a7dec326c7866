import type { Route } from '../../shared/model.js';
import type { SiteView } from '../../components/site-view.js';
import { sidebarTrail } from '../../components/layout/DocSidebar.js';
import { buildSearchIndex, type BuiltSearchIndex } from './build-search-index.js';
import { needsRenderedHtml, searchEntries } from './search-documents.js';

/**
 * The site's search index, built before its pages (they link to it by its name). The few pages
 * whose text exists only once rendered (home, React pages, category indexes) are read from their
 * body, rendered alone by `bodyOf`.
 */
export function siteSearch(routes: readonly Route[], site: SiteView, bodyOf: (route: Route) => string): BuiltSearchIndex {
  const crumbs = (route: Route): string[] => (route.data.kind === 'doc' ? sidebarTrail(site.docsSidebars.get(route.data.doc.version) ?? [], route.path).map((t) => t.title) : []);
  const pages = routes.map((route) => ({ route, html: needsRenderedHtml(route) ? bodyOf(route) : undefined }));
  return buildSearchIndex(searchEntries(pages, { url: site.url, crumbs }), site.url);
}
