import type { SiteApiView, SiteView } from '../site-view.js';
import { ChevronIcon } from './icons.js';

// The navbar's API entry on a site with several APIs: a button opening the list of the APIs (a
// disclosure: `aria-expanded`, Escape and outside clicks close it, arrows move between the links;
// client/shell/api-menu.ts). Without JavaScript the button is not shown and a plain link to the first
// API takes its place; the mobile menu lists every API.

/** The API whose pages hold the route, if any. */
export function apiOfRoute(apis: readonly SiteApiView[], route: string): SiteApiView | undefined {
  const under = (base: string): boolean => route === base || route.startsWith(base === '/' ? '/' : `${base}/`);
  // The longest base first: an API at "/api" must not claim the pages of one at "/api/v2".
  return [...apis].sort((a, b) => b.basePath.length - a.basePath.length).find((a) => under(a.basePath));
}

export function ApiMenu({ site, route, label }: { site: SiteView; route: string; label: string }): React.JSX.Element {
  const current = apiOfRoute(site.apis, route);
  return (
    <div className="api-select" data-api-select="">
      <button
        type="button"
        className={`navbar__link api-select__button${current ? ' navbar__link--active' : ''}`}
        aria-expanded="false"
        aria-controls="api-select-menu"
      >
        {label}
        <ChevronIcon className="api-select__chevron" />
      </button>
      <a className={`navbar__link api-select__fallback${current ? ' navbar__link--active' : ''}`} href={site.url(site.apis[0]!.basePath)}>
        {label}
      </a>
      <ul className="api-select__menu" id="api-select-menu" hidden>
        {site.apis.map((api) => (
          <li key={api.basePath}>
            <a
              className={`api-select__link${api === current ? ' api-select__link--active' : ''}`}
              href={site.url(api.basePath)}
              {...(api === current ? { 'aria-current': 'page' as const } : {})}
            >
              {api.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
