import type { SidebarItem } from '../../shared/model.js';
import type { SiteView } from '../site-view.js';
import { T } from './T.js';
import { LAZY_SIDEBAR_LINKS, shapeKey } from './sidebar-shape.js';

function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.href === route) return true;
  return item.type === 'category' && item.items.some((child) => containsRoute(child, route));
}

function countLinks(items: readonly SidebarItem[]): number {
  return items.reduce((n, item) => n + 1 + (item.type === 'category' ? countLinks(item.items) : 0), 0);
}

/** A category that starts closed wherever the page is not inside it. */
function closable(item: SidebarItem): item is Extract<SidebarItem, { type: 'category' }> {
  return item.type === 'category' && item.collapsible !== false && item.collapsed === true && item.href !== undefined;
}

/** Whether a sidebar is large enough to leave its closed categories' entries out of each page. */
export function isLazySidebar(items: readonly SidebarItem[]): boolean {
  return countLinks(items) > LAZY_SIDEBAR_LINKS;
}

/**
 * The closable categories of a large sidebar, at any depth, each with its place (indices from the
 * top): their entries make the sidebar's shared file (SidebarTemplate), fetched once when a reader
 * first opens a closed category. Pages then carry only their open categories, so a site's output
 * grows with its pages, not with their square.
 */
export function closableLists(items: readonly SidebarItem[]): { path: number[]; items: readonly SidebarItem[] }[] {
  const lists: { path: number[]; items: readonly SidebarItem[] }[] = [];
  const walk = (list: readonly SidebarItem[], path: number[]): void =>
    list.forEach((item, i) => {
      if (item.type !== 'category') return;
      const at = [...path, i];
      if (closable(item)) lists.push({ path: at, items: item.items });
      walk(item.items, at);
    });
  walk(items, []);
  return lists;
}

/** The entries of one closable category, as the `<template data-list>` the client takes them from. */
export function SidebarTemplate({ site, path, items }: { site: SiteView; path: number[]; items: readonly SidebarItem[] }): React.JSX.Element {
  return (
    <template data-list={`sidebar-${path.join('-')}`}>
      <SidebarList site={site} items={items} route="" path={path} lazy={false} />
    </template>
  );
}

/**
 * The docs sidebar. Every category is rendered with a toggle (categories never collapse each
 * other); `collapsed: true` only sets the initial state, and a collapsed category that holds the
 * current page starts expanded. `collapsible: false` renders no toggle. Small sidebars carry
 * every entry; a large one (isLazySidebar) leaves out those of its closed categories, which the
 * client loads when they are opened (without JavaScript, a category's link leads to its page).
 */
export function DocSidebar({
  site,
  items,
  route,
  fragmentUrl,
}: {
  site: SiteView;
  items: readonly SidebarItem[];
  route: string;
  fragmentUrl?: string | undefined;
}): React.JSX.Element {
  const shape = shapeKey(items, ['type', 'label', 'href', 'items', 'collapsed', 'collapsible']);
  return (
    <aside
      className="doc-sidebar"
      id="doc-sidebar"
      aria-labelledby="doc-sidebar-label"
      data-doc-sidebar=""
      data-sidebar-key={shape}
      data-sidebar-src={fragmentUrl}
    >
      <nav className="doc-sidebar__nav" aria-labelledby="doc-sidebar-label">
        <span className="sr-only" id="doc-sidebar-label">
          <T k="sidebar.label" />
        </span>
        <SidebarList site={site} items={items} route={route} path={[]} lazy={fragmentUrl !== undefined} at={pathTo(items, route)} shape={shape} />
        {/* The start of every caret's name (aria-labelledby), written once instead of in each of
            them: visually hidden, not hidden from assistive technology, or both languages' text
            would be read (the hidden one's included). */}
        {hasCaret(items) ? (
          <span className="sr-only menu__toggle-label" id={TOGGLE_LABEL_ID}>
            <T k="sidebar.toggleCategory" />
          </span>
        ) : null}
      </nav>
    </aside>
  );
}

/** The indices leading to the entry of `route` (the first one), per sidebar: found once for every page. */
const paths = new WeakMap<readonly SidebarItem[], Map<string, number[]>>();
function pathTo(items: readonly SidebarItem[], route: string): number[] | undefined {
  let byRoute = paths.get(items);
  if (!byRoute) {
    const map = new Map<string, number[]>();
    const add = (list: readonly SidebarItem[], path: number[]): void =>
      list.forEach((item, i) => {
        const at = [...path, i];
        if (item.href !== undefined && !map.has(item.href)) map.set(item.href, at);
        if (item.type === 'category') add(item.items, at);
      });
    add(items, []);
    paths.set(items, (byRoute = map));
  }
  return byRoute.get(route);
}

/** The element whose text starts the name of every category's caret ("Show or hide the category" + the category). */
const TOGGLE_LABEL_ID = 'doc-sidebar-toggle';

/** Whether a sidebar has a category with a caret (nested ones count: a lazy sidebar loads them into the page), per sidebar: found once for every page. */
const withCaret = new WeakMap<readonly SidebarItem[], boolean>();
function hasCaret(items: readonly SidebarItem[]): boolean {
  let found = withCaret.get(items);
  if (found === undefined) {
    const any = (list: readonly SidebarItem[]): boolean => list.some((item) => item.type === 'category' && (item.collapsible !== false || any(item.items)));
    withCaret.set(items, (found = any(items)));
  }
  return found;
}

/**
 * The expand/collapse button of a category, named by the shared label and the category's own (the
 * chevron is drawn by CSS, 20-docs.css): its name stays the same, aria-expanded tells whether the
 * category is open (a name that changed with the state would announce it twice).
 */
function SidebarCaret({ expanded, controls }: { expanded: boolean; controls: string }): React.JSX.Element {
  return (
    <button
      type="button"
      className="menu__caret"
      aria-expanded={expanded ? 'true' : 'false'}
      aria-controls={controls}
      aria-labelledby={`${TOGGLE_LABEL_ID} ${controls}-name`}
      data-sidebar-caret=""
    />
  );
}

interface EntryProps {
  site: SiteView;
  route: string;
  path: number[];
  /** Closed categories leave their entries out (loaded by the client when opened). */
  lazy: boolean;
}

interface ListProps extends EntryProps {
  items: readonly SidebarItem[];
  /** Where the page's entry is (pathTo): the categories on the way hold the page. */
  at?: number[] | undefined;
  /** The sidebar's shapeKey, naming the categories rendered once per build. */
  shape?: string | undefined;
}

/**
 * A list of entries. A category that does not hold the page is the same on every such page: with
 * a `shape`, its inside is rendered once per build and reused (`site.shared`); sidebars were most
 * of a large site's render time otherwise.
 */
function SidebarList({ site, items, route, path, lazy, at, shape }: ListProps): React.JSX.Element {
  return (
    <ul className={`menu__list menu__list--level-${Math.min(path.length + 1, 4)}`}>
      {items.map((item, i) => {
        const here = [...path, i];
        const holds = at?.[path.length] === i;
        if (shape === undefined || item.type !== 'category' || holds) {
          return <SidebarEntry key={i} site={site} item={item} route={route} path={here} lazy={lazy} at={holds ? at : undefined} shape={shape} />;
        }
        const html = site.shared(`docs-sidebar:${shape}:${lazy}:${here.join('-')}`, () => (
          <CategoryContent site={site} item={item} route="" path={here} lazy={lazy} />
        ));
        return <li key={i} className={categoryClass(item, false)} dangerouslySetInnerHTML={{ __html: html }} />;
      })}
    </ul>
  );
}

function SidebarEntry({ site, item, route, path, lazy, at, shape }: EntryProps & Pick<ListProps, 'at' | 'shape'> & { item: SidebarItem }): React.JSX.Element {
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
  return (
    <li className={categoryClass(item, at !== undefined || containsRoute(item, route))}>
      <CategoryContent site={site} item={item} route={route} path={path} lazy={lazy} at={at} shape={shape} />
    </li>
  );
}

type Category = Extract<SidebarItem, { type: 'category' }>;

/** Whether a category is rendered open: it has no toggle, is not collapsed, or holds the page. */
const isExpanded = (item: Category, holdsPage: boolean): boolean => item.collapsible === false || !item.collapsed || holdsPage;

function categoryClass(item: Category, holdsPage: boolean): string {
  return ['menu__category', isExpanded(item, holdsPage) ? '' : 'menu__category--closed', item.className ?? ''].filter(Boolean).join(' ');
}

/** A category's row (its link and toggle) and its entries: the inside of its `<li>`. */
function CategoryContent({ site, item, route, path, lazy, at, shape }: EntryProps & Pick<ListProps, 'at' | 'shape'> & { item: Category }): React.JSX.Element {
  const expanded = isExpanded(item, at !== undefined || containsRoute(item, route));
  const active = item.href === route;
  const listId = `sidebar-${path.join('-')}`;
  return (
    <>
      <div className="menu__category-row">
        {item.href ? (
          <a
            className={`menu__link menu__link--category${active ? ' menu__link--active' : ''}`}
            href={site.url(item.href)}
            {...(active ? { 'aria-current': 'page' as const } : {})}
            id={`${listId}-name`}
          >
            {item.label}
          </a>
        ) : (
          <span className="menu__link menu__link--category" id={`${listId}-name`}>
            {item.label}
          </span>
        )}
        {item.collapsible !== false ? <SidebarCaret expanded={expanded} controls={listId} /> : null}
      </div>
      {lazy && !expanded && closable(item) ? (
        <div id={listId} data-sidebar-lazy="" />
      ) : (
        <div id={listId}>
          <SidebarList site={site} items={item.items} route={route} path={path} lazy={lazy} at={at} shape={shape} />
        </div>
      )}
    </>
  );
}

/** Path of sidebar entries leading to `route` (categories with a link only). */
export function sidebarTrail(items: readonly SidebarItem[], route: string): { title: string; href: string }[] {
  const trail: { title: string; href: string }[] = [];
  let list = items;
  for (const i of pathTo(items, route) ?? []) {
    const item = list[i]!;
    if (item.type !== 'category') break;
    if (item.href && item.href !== route) trail.push({ title: item.label, href: item.href });
    list = item.items;
  }
  return trail;
}
