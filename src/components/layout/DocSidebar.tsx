import { renderToStaticMarkup } from 'react-dom/server';
import type { SidebarItem } from '../../shared/model.js';
import type { SiteView } from '../site-view.js';
import { cachedMarkup } from './cached-markup.js';
import { ChevronIcon } from './icons.js';
import { T } from './T.js';

export function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.href === route) return true;
  return item.type === 'category' && item.items.some((child) => containsRoute(child, route));
}

/** A number per sidebar (per docs version), for the keys of its cached markup. */
const sidebarIds = new WeakMap<readonly SidebarItem[], number>();
let nextSidebarId = 0;
function sidebarId(items: readonly SidebarItem[]): number {
  let id = sidebarIds.get(items);
  if (id === undefined) sidebarIds.set(items, (id = nextSidebarId++));
  return id;
}

/**
 * The docs sidebar. Every category is rendered with its children and a toggle (categories never
 * collapse each other); `collapsed: true` only sets the initial state, and a collapsed category
 * that holds the current page starts expanded. `collapsible: false` renders no toggle.
 * A top-level entry that does not hold the current page is the same on every page: it is
 * rendered once per build and reused, so a large site's pages stay cheap to render.
 */
export function DocSidebar({ site, items, route }: { site: SiteView; items: readonly SidebarItem[]; route: string }): React.JSX.Element {
  const id = sidebarId(items);
  let html = '';
  items.forEach((item, i) => {
    const entry = (): React.ReactElement => <SidebarEntry site={site} item={item} route={route} path={[i]} />;
    html += containsRoute(item, route) ? renderToStaticMarkup(entry()) : cachedMarkup(site, `doc-sidebar:${id}:${i}`, entry);
  });
  return (
    <aside className="doc-sidebar" id="doc-sidebar" data-doc-sidebar="">
      <nav className="doc-sidebar__nav" aria-labelledby="doc-sidebar-label">
        <span className="sr-only" id="doc-sidebar-label">
          <T k="sidebar.label" />
        </span>
        <ul className="menu__list menu__list--level-1" dangerouslySetInnerHTML={{ __html: html }} />
      </nav>
    </aside>
  );
}

/**
 * The expand/collapse button of a category. Both labels are in the markup, in every language;
 * CSS shows the one matching aria-expanded and the reader's language, so the accessible name
 * follows a toggle and a language switch without any script.
 */
export function SidebarCaret({ expanded, controls, label }: { expanded: boolean; controls: string; label: React.ReactNode }): React.JSX.Element {
  return (
    <button type="button" className="menu__caret" aria-expanded={expanded ? 'true' : 'false'} aria-controls={controls} data-sidebar-caret="">
      <ChevronIcon />
      <span className="sr-only menu__caret-label menu__caret-label--expand">
        <T k="sidebar.expandCategory" /> ‘{label}’
      </span>
      <span className="sr-only menu__caret-label menu__caret-label--collapse">
        <T k="sidebar.collapseCategory" /> ‘{label}’
      </span>
    </button>
  );
}

function SidebarList({ site, items, route, path }: { site: SiteView; items: readonly SidebarItem[]; route: string; path: number[] }): React.JSX.Element {
  return (
    <ul className={`menu__list menu__list--level-${Math.min(path.length + 1, 4)}`}>
      {items.map((item, i) => (
        <SidebarEntry key={`${item.type}:${item.label}:${item.href ?? ''}`} site={site} item={item} route={route} path={[...path, i]} />
      ))}
    </ul>
  );
}

function SidebarEntry({ site, item, route, path }: { site: SiteView; item: SidebarItem; route: string; path: number[] }): React.JSX.Element {
  if (item.type !== 'category') {
    const active = item.href === route;
    const external = item.type === 'link' && /^https?:/.test(item.href);
    return (
      <li className={`menu__item${item.type === 'doc' && item.className ? ` ${item.className}` : ''}`}>
        <a
          className={`menu__link${active ? ' menu__link--active' : ''}`}
          href={external ? item.href : site.url(item.href)}
          {...(active ? { 'aria-current': 'page' as const } : {})}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {item.label}
        </a>
      </li>
    );
  }
  const collapsible = item.collapsible !== false;
  const expanded = !collapsible || !item.collapsed || containsRoute(item, route);
  const active = item.href === route;
  const listId = `sidebar-${path.join('-')}`;
  const classes = ['menu__category', expanded ? '' : 'menu__category--closed', item.className ?? ''].filter(Boolean).join(' ');
  return (
    <li className={classes}>
      <div className="menu__category-row">
        {item.href ? (
          <a className={`menu__link menu__link--category${active ? ' menu__link--active' : ''}`} href={site.url(item.href)} {...(active ? { 'aria-current': 'page' as const } : {})}>
            {item.label}
          </a>
        ) : (
          <span className="menu__link menu__link--category">{item.label}</span>
        )}
        {collapsible ? <SidebarCaret expanded={expanded} controls={listId} label={item.label} /> : null}
      </div>
      <div id={listId}>
        <SidebarList site={site} items={item.items} route={route} path={path} />
      </div>
    </li>
  );
}

/** Path of sidebar entries leading to `route` (categories with a link only). */
export function sidebarTrail(items: readonly SidebarItem[], route: string): { title: string; href: string }[] {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (!containsRoute(item, route)) continue;
    const rest = sidebarTrail(item.items, route);
    return item.href && item.href !== route ? [{ title: item.label, href: item.href }, ...rest] : rest;
  }
  return [];
}
