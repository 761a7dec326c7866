import type { SidebarItem } from '../../shared/model.js';
import type { SiteView } from '../site-view.js';
import { ChevronIcon } from './icons.js';
import { SrT } from './T.js';

export function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.href === route) return true;
  return item.type === 'category' && item.items.some((child) => containsRoute(child, route));
}

/**
 * The docs sidebar. Categories start expanded unless configured collapsed; a collapsed category
 * that does not hold the current page renders no children (its link leads to its own page), so a
 * large site's pages do not each carry the whole tree.
 */
export function DocSidebar({ site, items, route }: { site: SiteView; items: readonly SidebarItem[]; route: string }): React.JSX.Element {
  return (
    <aside className="doc-sidebar" id="doc-sidebar" data-doc-sidebar="">
      <nav className="doc-sidebar__nav" aria-label="Docs">
        <SidebarList site={site} items={items} route={route} level={1} />
      </nav>
    </aside>
  );
}

function SidebarList({ site, items, route, level }: { site: SiteView; items: readonly SidebarItem[]; route: string; level: number }): React.JSX.Element {
  return (
    <ul className={`menu__list menu__list--level-${Math.min(level, 4)}`}>
      {items.map((item) => (
        <SidebarEntry key={`${item.type}:${item.label}:${item.href ?? ''}`} site={site} item={item} route={route} level={level} />
      ))}
    </ul>
  );
}

function SidebarEntry({ site, item, route, level }: { site: SiteView; item: SidebarItem; route: string; level: number }): React.JSX.Element {
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
  const holdsActive = containsRoute(item, route);
  const expanded = !item.collapsed || holdsActive;
  const active = item.href === route;
  const listId = `sidebar-${level}-${item.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <li className={`menu__category${expanded ? '' : ' menu__category--collapsed'}${item.className ? ` ${item.className}` : ''}`}>
      <div className="menu__category-row">
        {item.href ? (
          <a className={`menu__link menu__link--category${active ? ' menu__link--active' : ''}`} href={site.url(item.href)} {...(active ? { 'aria-current': 'page' as const } : {})}>
            {item.label}
          </a>
        ) : (
          <span className="menu__link menu__link--category">{item.label}</span>
        )}
        {expanded ? (
          <button type="button" className="menu__caret" aria-expanded="true" aria-controls={listId} data-sidebar-caret="">
            <ChevronIcon />
            <SrT k="sidebar.collapseCategory" />
          </button>
        ) : null}
      </div>
      {expanded ? (
        <div id={listId}>
          <SidebarList site={site} items={item.items} route={route} level={level + 1} />
        </div>
      ) : null}
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
