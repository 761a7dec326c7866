import type { SiteConfig } from '../config/schema.js';
import type { Lang } from '../shared/i18n.js';
import type { DocsVersion, SidebarItem } from '../shared/model.js';
import type { BlogSidebar } from '../shared/blog-model.js';
import type { ApiSidebarFiles } from './api/layout/api-sidebar-files.js';

/** Everything the shell needs to render any page of a site. Server-only. */
export interface SiteView {
  config: SiteConfig;
  /** Prefixes a route or static path with baseUrl. */
  url: (path: string) => string;
  assets: SiteAssets;
  /** Docs sidebar of each version ("" for the current docs). */
  docsSidebars: Map<string, SidebarItem[]>;
  /** URL of the entries of a large sidebar's closed categories, by version (DocSidebar). */
  sidebarFragments: Map<string, string>;
  /** The site's APIs, in the config's order (the first is the API section's landing page). */
  apis: SiteApiView[];
  /** Current docs first, then versions newest first; one entry when the site has no versions. */
  docsVersions: DocsVersion[];
  /** Route of each doc by version and doc id, to link the same page across versions. */
  docRoutes: Map<string, Map<string, string>>;
  blogSidebar: BlogSidebar | undefined;
  /** Feed links for <head>, when the site has a blog. */
  feeds: { rss: string; atom: string; title: string } | undefined;
  /** Landing routes of the sections that exist (without baseUrl). */
  sections: { docs: string | undefined; blog: string | undefined; api: string | undefined };
  languages: Lang[];
  /** The announcement bar's sanitized HTML, when the config has one. */
  announcementHtml: string | undefined;
  /**
   * Where the pages may send requests besides their own origin (the Content-Security-Policy's
   * `connect-src`): the API's servers, an OAuth token URL and the proxy (render/html/connect-sources.ts).
   */
  connectSources: string[];
  /** URL of the search index (with baseUrl), which the navbar's search box loads; none without search. */
  searchIndexUrl: string | undefined;
  /**
   * The markup of a fragment that is the same on many pages (the footer, a section's navbar, a
   * sidebar category the page is not in), under a key naming it: rendered the first time and
   * reused as is (render/html/site-view.ts). Components use it for the inside of an element.
   */
  shared: (key: string, element: () => React.ReactElement) => string;
}

export interface SiteApiView {
  id: string | undefined;
  /** The navbar menu's entry and search results' context. */
  label: string;
  /** Route of its overview. */
  basePath: string;
  /** The CORS proxy of its try-it. */
  proxyUrl: string | undefined;
  /** The shared files of its sidebar, when it is large (api/layout/api-sidebar-files.ts). */
  sidebar: ApiSidebarFiles | undefined;
  /**
   * Its reference in each docs version, the current one first (`version` ""), then those a docs
   * version kept (`docs version`), newest first: the API pages' version menu.
   */
  versions: ApiVersionView[];
}

interface ApiVersionView {
  /** "" for the current document, else the docs version's name. */
  version: string;
  /** Route of this version's overview ("/api", "/api/1.3"). */
  basePath: string;
  /** Slugs of its operations: the menu links to the same operation in a version that has it. */
  slugs: ReadonlySet<string>;
}

interface SiteAssets {
  /** Hashed stylesheet, with baseUrl. */
  css: string;
  /** The client entry module, with baseUrl; undefined when no page needs scripts. */
  entry: string | undefined;
  /** The resize-observer guard, with baseUrl. */
  earlyScript: string;
  /** The inline pre-paint script (theme, language, dismissed bar) and its CSP hash. */
  inlineScript: string;
  inlineScriptHash: string;
}
