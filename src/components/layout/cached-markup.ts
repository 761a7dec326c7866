import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteView } from '../site-view.js';

/**
 * Shell parts that are the same on many pages (the footer, a navbar with a given active item) are
 * rendered once per build and reused as HTML: on a large site this is most of the render time.
 */
export function cachedMarkup(site: SiteView, key: string, render: () => React.ReactElement): string {
  let html = site.markupCache.get(key);
  if (html === undefined) site.markupCache.set(key, (html = renderToStaticMarkup(render())));
  return html;
}
