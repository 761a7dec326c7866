import type { bundleClient } from '../assets/bundle-client.js';
import type { SidebarMemo } from '../html/site-view.js';
import type { CodeHighlighter } from '../markdown/highlight-code.js';
import type { RenderMemo } from '../markdown/render-memo.js';
import type { LoadedSite } from './load-site.js';

/**
 * What a preparation of the site keeps for the next one (the dev server holds one per site; a build
 * none): each stage reads its part and leaves there what it made. The owner drops a part when what
 * it was made from changed (the API when its document did).
 */
export interface SiteCache {
  /** load: renderings of markdown files, kept while their text and the links they resolved stay the same. */
  memo?: RenderMemo | undefined;
  /** load: the code highlighter, with every block it has highlighted (its cache file is written once, by the preparation that made it). */
  highlighter?: CodeHighlighter | undefined;
  /** load: the API reference. */
  api?: { loaded: LoadedSite['api'] } | undefined;
  /** view: bundles the client (the dev server's keeps the last bundle while its inputs are unchanged). */
  bundleClient?: typeof bundleClient | undefined;
  /** view: markup of the large sidebars' lists, kept by what they list (a title edit renders again only the lists that show it). */
  sidebars?: SidebarMemo | undefined;
}
