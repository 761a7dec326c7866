import type { Route } from '../../shared/model.js';
import type { SiteOutline } from '../../shared/site-index.js';
import type { SiteView } from '../../components/site-view.js';
import { sidebarTrail } from '../../components/layout/DocSidebar.js';
import type { WorkerPool } from '../workers/pool.js';
import { SEARCH_INDEX_PATH } from './build-search-index.js';
import { searchEntries, type PageForSearch } from './search-documents.js';
import { pause } from '../workers/pause.js';

export interface SiteSearchIndex {
  /** Output path: `search-index.json`. */
  path: string;
  /** Its URL, with baseUrl. */
  href: string;
  /** The index, built by the worker pool on the first call (later calls share it). */
  contents: () => Promise<string>;
}

/**
 * The site's search index, made when it is first asked for: the pages link to it by a fixed name,
 * so none waits for it. It indexes the pages of the site outline; those whose text exists only once
 * rendered (home, React pages, category indexes) are read from their body, rendered alone by `bodyOf`.
 */
export function siteSearch(
  outline: () => SiteOutline,
  routes: readonly Route[],
  site: SiteView,
  bodyOf: (route: Route) => string,
  pool: WorkerPool,
): SiteSearchIndex {
  const crumbs = (route: Route): string[] =>
    route.data.kind === 'doc' ? sidebarTrail(site.docsSidebars.get(route.data.doc.version) ?? [], route.path).map((t) => t.title) : [];
  let contents: Promise<string> | undefined;
  const build = async (): Promise<string> => {
    const { sections, rendered } = outline();
    const byPath = new Map(routes.map((r) => [r.path, r]));
    const pages: PageForSearch[] = [];
    // Once per route: two sources that claim one route (SD4003) have one page.
    const seen = new Set<string>();
    const add = (path: string, html?: (route: Route) => string): void => {
      const route = byPath.get(path);
      if (!route || seen.has(path)) return;
      seen.add(path);
      pages.push({ route, html: html?.(route) });
    };
    for (const { pages: listed } of sections) for (const p of listed) add(p.route);
    for (const p of rendered) add(p.route, bodyOf);
    const labels = new Map(site.apis.map((a) => [a.basePath, a.label]));
    const apiLabel = site.apis.length > 1 ? (basePath: string): string | undefined => labels.get(basePath) : undefined;
    const entries = searchEntries(pages, { url: site.url, crumbs, apiLabel });
    // Reading the entries and sending them to the worker each take a good part of a second on the largest APIs.
    await pause();
    return pool.run('searchIndex', entries);
  };
  return { path: SEARCH_INDEX_PATH, href: site.url(`/${SEARCH_INDEX_PATH}`), contents: () => (contents ??= build()) };
}
