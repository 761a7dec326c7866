import type { NavItem } from '../../config/schema.js';
import { LANGUAGES, type Lang } from '../../shared/i18n.js';
import type { SiteView } from '../site-view.js';
import { T, SrT } from './T.js';
import { ChevronIcon, CloseIcon, ExternalIcon, GlobeIcon, MenuIcon, MoonIcon, OfflineIcon, SearchIcon, SunIcon } from './icons.js';
import { NavbarLogo } from './NavbarLogo.js';
import { pathInVersion, VersionDropdown, type ApiPageVersion } from './Versions.js';
import { ApiMenu, apiOfRoute } from './ApiMenu.js';

export interface NavbarProps {
  site: SiteView;
  /** Route of the current page, for the active item. */
  route: string;
  /** The docs version and doc id of the page, when it is a doc. */
  docsVersion?: string | undefined;
  docId?: string | undefined;
  /** The API, version and operation of the page, when it is an API page. */
  apiPage?: ApiPageVersion | undefined;
}

/** A navbar entry: a configured item, or the API link (a menu of the APIs when the site has several). */
type NavEntry = NavItem & { apis?: boolean };

/** Items of the configured navbar, plus the API link on the right when the site has an API reference. */
function navItems(site: SiteView): NavEntry[] {
  const items: NavEntry[] = [...site.config.navbar.items];
  const api = site.sections.api;
  if (api && site.config.navbar.apiLink && !items.some((i) => i.to === api)) {
    items.push({ label: 'API', to: api, position: 'right', ...(site.apis.length > 1 ? { apis: true } : {}) });
  }
  return items;
}

function isActive(item: NavEntry, route: string, site: SiteView): boolean {
  if (item.apis) return apiOfRoute(site.apis, route) !== undefined;
  const base = item.activeBasePath ?? item.to;
  if (!base || base === '/') return item.to === route;
  return route === base || route.startsWith(base.endsWith('/') ? base : `${base}/`);
}

function NavLinkItem({
  item,
  site,
  route,
  className,
  version = '',
}: {
  item: NavEntry;
  site: SiteView;
  route: string;
  className: string;
  /** The page's docs version: links into the docs and the API reference lead to the same version. */
  version?: string | undefined;
}): React.JSX.Element {
  const external = !!item.href;
  const active = !external && isActive(item, route, site);
  const newTab = item.target === '_blank' || (external && item.target !== '_self');
  return (
    <a
      className={`${className}${active ? ` ${className}--active` : ''}${item.className ? ` ${item.className}` : ''}`}
      href={external ? item.href : site.url(pathInVersion(site, item.to ?? '/', version))}
      {...(active ? { 'aria-current': 'page' as const } : {})}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {item.label}
      {external ? <ExternalIcon className="external-icon" /> : null}
    </a>
  );
}

/**
 * The navbar: the same on every page of a section (the item marked active), so rendered once per
 * section, but on the docs of a versioned site (its version menu links to the page in each version).
 */
export function Navbar(props: NavbarProps): React.JSX.Element {
  const { site, route, docId } = props;
  const attributes = { className: 'navbar', 'aria-labelledby': 'navbar-label', 'data-hide-on-scroll': site.config.navbar.hideOnScroll ? 'true' : undefined };
  // On a versioned site the version menu of a doc, or of an API page, links to that page in each version.
  const ownMenu = docId !== undefined || (props.apiPage?.api.versions.length ?? 0) > 1;
  if (ownMenu && site.docsVersions.length > 1) {
    return (
      <nav {...attributes}>
        <NavbarContent {...props} />
      </nav>
    );
  }
  const active = navItems(site)
    .map((item, i) => (!item.href && isActive(item, route, site) ? i : -1))
    .filter((i) => i >= 0)
    .join(',');
  // With several APIs, the menu marks the reader's API: one navbar per API.
  const api = site.apis.length > 1 ? (apiOfRoute(site.apis, route)?.basePath ?? '') : '';
  return (
    <nav
      {...attributes}
      dangerouslySetInnerHTML={{
        __html: site.shared(`navbar:${active}:${props.docsVersion ?? props.apiPage?.version ?? ''}:${api}`, () => <NavbarContent {...props} />),
      }}
    />
  );
}

function NavbarContent({ site, route, docsVersion, docId, apiPage }: NavbarProps): React.JSX.Element {
  const { config } = site;
  const version = docsVersion ?? apiPage?.version;
  const items = navItems(site);
  const left = items.filter((i) => i.position === 'left');
  const right = items.filter((i) => i.position === 'right');
  return (
    <>
      <span className="sr-only" id="navbar-label">
        <T k="navigation.mainNavigation" />
      </span>
      <div className="navbar__inner">
        <div className="navbar__items">
          <button type="button" className="navbar__toggle icon-button" aria-expanded="false" aria-controls="mobile-menu" data-menu-toggle="">
            <MenuIcon />
            <SrT k="navigation.openMenu" />
          </button>
          <NavbarLogo site={site} />
          {left.map((item) => (
            <NavLinkItem key={item.label} item={item} site={site} route={route} className="navbar__link" version={version} />
          ))}
        </div>
        <div className="navbar__items navbar__items--right">
          <VersionDropdown site={site} version={docsVersion} docId={docId} apiPage={apiPage} />
          {right.map((item) =>
            item.apis ? (
              <ApiMenu key={item.label} site={site} route={route} label={item.label} />
            ) : (
              <NavLinkItem key={item.label} item={item} site={site} route={route} className="navbar__link" version={version} />
            ),
          )}
          <span className="offline-badge" role="status" data-offline-badge="" hidden>
            <OfflineIcon />
            <T k="navigation.offline" />
          </span>
          {site.languages.length > 1 ? <LanguageSelect languages={site.languages} /> : null}
          {config.colorMode.disableSwitch ? null : <ColorModeToggle />}
          {site.searchIndexUrl ? <SearchBox indexUrl={site.searchIndexUrl} /> : null}
        </div>
      </div>
      <div className="mobile-menu" id="mobile-menu" role="dialog" aria-modal="true" aria-labelledby="navbar-label" data-mobile-menu="" hidden>
        <div className="mobile-menu__header">
          <NavbarLogo site={site} />
          <button type="button" className="icon-button" data-menu-close="">
            <CloseIcon />
            <SrT k="navigation.closeMenu" />
          </button>
        </div>
        <ul className="mobile-menu__items">
          {items.flatMap((item) =>
            item.apis
              ? site.apis.map((api) => (
                  <li key={api.basePath}>
                    <NavLinkItem
                      item={{ label: api.label, to: api.basePath, position: 'right' }}
                      site={site}
                      route={apiOfRoute(site.apis, route) === api ? api.basePath : ''}
                      className="mobile-menu__link"
                      version={version}
                    />
                  </li>
                ))
              : [
                  <li key={item.label}>
                    <NavLinkItem item={item} site={site} route={route} className="mobile-menu__link" version={version} />
                  </li>,
                ],
          )}
        </ul>
        <div className="mobile-menu__secondary" data-mobile-menu-slot="" />
      </div>
    </>
  );
}

function LanguageSelect({ languages }: { languages: readonly Lang[] }): React.JSX.Element {
  return (
    <div className="lang-select" data-lang-select="">
      <button type="button" className="lang-select__button" aria-haspopup="listbox" aria-expanded="false" aria-controls="lang-select-list">
        <GlobeIcon />
        {languages.map((l) => (
          <span key={l} className="lang-select__current" data-l={l}>
            {LANGUAGES[l].nativeName}
          </span>
        ))}
        <ChevronIcon className="lang-select__chevron" />
        <span className="sr-only" id="lang-select-label">
          <T k="language.select" />
        </span>
      </button>
      <ul className="lang-select__menu" id="lang-select-list" role="listbox" aria-labelledby="lang-select-label" tabIndex={-1} hidden>
        {languages.map((l) => (
          <li key={l} role="option" className="lang-select__option" data-lang={l} lang={l} aria-selected="false" tabIndex={-1}>
            <span className="lang-select__flag" aria-hidden="true">
              {LANGUAGES[l].flag}
            </span>
            <span className="lang-select__name">{LANGUAGES[l].nativeName}</span>
            <span className="lang-select__english">{LANGUAGES[l].name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ColorModeToggle(): React.JSX.Element {
  return (
    <button type="button" className="color-mode-toggle icon-button" data-color-mode-toggle="" aria-pressed="false">
      <SunIcon className="color-mode-toggle__sun" />
      <MoonIcon className="color-mode-toggle__moon" />
      <SrT k="navigation.toggleTheme" />
    </button>
  );
}

function SearchBox({ indexUrl }: { indexUrl: string }): React.JSX.Element {
  return (
    <div className="navbar-search" data-search="" data-search-index={indexUrl} role="search">
      <label className="navbar-search__field">
        <SearchIcon className="navbar-search__icon" />
        <SrT k="navigation.search" />
        <input className="navbar-search__input" type="search" placeholder=" " autoComplete="off" spellCheck={false} data-search-input="" />
        <span className="navbar-search__placeholder" aria-hidden="true">
          <T k="navigation.searchPlaceholder" />
        </span>
        <kbd className="navbar-search__kbd" aria-hidden="true">
          Ctrl K
        </kbd>
      </label>
    </div>
  );
}
