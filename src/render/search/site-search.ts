import type { Route } from '../../shared/model.js';
import type { SiteView } from '../../components/site-view.js';
import { sidebarTrail } from '../../components/layout/DocSidebar.js';
import type { WorkerPool } from '../workers/pool.js';
import { searchIndexPath } from './build-search-index.js';
import { needsRenderedHtml, searchEntries } from './search-documents.js';

export interface PendingSearchIndex {
  /** Output path: `assets/search/index-<hash>.json`. */
  path: string;
  /** Its URL, with baseUrl. */
  href: string;
  /** The index, built meanwhile by the worker pool. */
  contents: Promise<string>;
}

/**
 * The site's search index, named before its pages are rendered (they link to it) and built by the
 * worker pool meanwhile. The few pages whose text exists only once rendered (home, React pages,
 * category indexes) are read from their body, rendered alone by `bodyOf`.
 */
export function siteSearch(routes: readonly Route[], site: SiteView, bodyOf: (route: Route) => string, pool: WorkerPool): PendingSearchIndex {
  const crumbs = (route: Route): string[] =>
    route.data.kind === 'doc' ? sidebarTrail(site.docsSidebars.get(route.data.doc.version) ?? [], route.path).map((t) => t.title) : [];
  const pages = routes.map((route) => ({ route, html: needsRenderedHtml(route) ? bodyOf(route) : undefined }));
  const entries = searchEntries(pages, { url: site.url, crumbs });
  const path = searchIndexPath(entries);
  return { path, href: site.url(`/${path}`), contents: pool.run('searchIndex', entries) };
}
