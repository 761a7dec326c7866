import { debounce } from '../lib/debounce.js';
import { SIDEBAR_TOGGLE_DEBOUNCE_MS } from './breakpoints.js';
import { nearestScrollTop, sidebarSignature } from './sidebar-scroll.js';
import { fillLazyList, fillLoadedSidebar, warmLazySidebar, watchLazySidebar } from './sidebar-lazy.js';

const SIDEBAR = '[data-doc-sidebar]';
const CARET = '[data-sidebar-caret]';
/** Room kept above and below the active link when the sidebar scrolls to it. */
const REVEAL_MARGIN_PX = 24;

/**
 * Opens or closes a category. The list's visibility follows `menu__category--closed` (CSS); the
 * caret's name stays the same, its aria-expanded says the state.
 */
function setExpanded(caret: Element, expanded: boolean): void {
  const category = caret.closest('.menu__category');
  const list = caret.ownerDocument.getElementById(caret.getAttribute('aria-controls') ?? '');
  const loading = expanded && list ? fillLazyList(list) : undefined;
  caret.setAttribute('aria-expanded', String(expanded));
  category?.classList.toggle('menu__category--closed', !expanded);
  // Its entries could not be loaded: the category's own page lists them.
  loading?.catch(() => {
    const link = category?.querySelector<HTMLAnchorElement>(':scope > .menu__category-row > a[href]');
    if (link) location.assign(link.href);
  });
}

const flips = new WeakMap<Element, () => void>();

/**
 * Category carets of the sidebar: expand/collapse, debounced against double taps. One listener
 * per sidebar (it moves into the mobile drawer with it), so carets of entries loaded later
 * (large sidebars) work too.
 */
export function initSidebarCarets(root: ParentNode, signal: AbortSignal): void {
  const hosts = new Set<Element>();
  root.querySelectorAll(CARET).forEach((caret) => hosts.add(caret.closest('aside') ?? caret.parentElement!));
  // A sidebar whose rows come from a file (large APIs) may have no caret until they are in.
  root.querySelectorAll<HTMLElement>(SIDEBAR).forEach((sidebar) => {
    hosts.add(sidebar);
    watchLazySidebar(sidebar, signal, () => revealActiveLink(sidebar.parentElement ?? sidebar));
  });
  hosts.forEach((host) => listen(host, signal));
}

function listen(host: Element, signal: AbortSignal): void {
  host.addEventListener(
    'click',
    (event) => {
      const caret = (event.target as Element | null)?.closest?.(CARET);
      if (!caret) return;
      let flip = flips.get(caret);
      if (!flip)
        flips.set(
          caret,
          (flip = debounce(() => setExpanded(caret, caret.getAttribute('aria-expanded') === 'false'), SIDEBAR_TOGGLE_DEBOUNCE_MS, { leading: true })),
        );
      flip();
    },
    { signal },
  );
  const warm = (event: Event): void => {
    const caret = (event.target as Element | null)?.closest?.(CARET);
    if (caret?.getAttribute('aria-expanded') === 'false') warmLazySidebar(caret);
  };
  host.addEventListener('pointerover', warm, { signal });
  host.addEventListener('focusin', warm, { signal });
}

/** What a client navigation keeps of the sidebar when the next page has the same one. */
export interface SidebarState {
  signature: string;
  scrollTop: number;
  /** aria-controls of each caret → expanded. */
  expanded: Map<string, boolean>;
}

function signatureOf(sidebar: Element): string {
  // Large sidebars name their shape: their links differ with the categories loaded so far.
  const key = sidebar.getAttribute('data-sidebar-key');
  if (key) return key;
  const hrefs = [...sidebar.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '');
  const categories = [...sidebar.querySelectorAll(CARET)].map((c) => c.getAttribute('aria-controls') ?? '');
  return sidebarSignature(hrefs, categories);
}

/** The sidebar's scroll position and open categories, before its page is swapped out. */
export function captureSidebar(root: ParentNode): SidebarState | undefined {
  const sidebar = root.querySelector(SIDEBAR);
  if (!sidebar) return undefined;
  const expanded = new Map<string, boolean>();
  sidebar.querySelectorAll(CARET).forEach((c) => expanded.set(c.getAttribute('aria-controls') ?? '', c.getAttribute('aria-expanded') !== 'false'));
  return { signature: signatureOf(sidebar), scrollTop: sidebar.scrollTop, expanded };
}

/**
 * After a swap: when the new page has the same sidebar, the reader's scroll position and open or
 * closed categories stay as they were (the category of the new page is opened). The active link
 * is then brought into view by initPage (revealActiveLink).
 */
export function restoreSidebar(root: ParentNode, state: SidebarState | undefined): void {
  const sidebar = root.querySelector<HTMLElement>(SIDEBAR);
  if (!sidebar) return;
  fillLoadedSidebar(sidebar);
  if (state && state.signature === signatureOf(sidebar)) {
    sidebar.querySelectorAll(CARET).forEach((caret) => {
      const was = state.expanded.get(caret.getAttribute('aria-controls') ?? '');
      if (was !== undefined) setExpanded(caret, was);
    });
    openAncestors(sidebar);
    sidebar.scrollTop = state.scrollTop;
  }
}

/** Opens the categories that hold the active link. */
function openAncestors(sidebar: HTMLElement): void {
  let category = sidebar.querySelector('.menu__link--active')?.closest('.menu__category');
  while (category) {
    const caret = category.querySelector(`:scope > .menu__category-row > ${CARET}`);
    const link = category.querySelector(':scope > .menu__category-row > .menu__link--active');
    // A category whose own link is the page stays as the reader left it.
    if (caret && !link) setExpanded(caret, true);
    category = category.parentElement?.closest('.menu__category');
  }
}

/** Scrolls the sidebar (only it: never the page) so that the active link is visible. */
export function revealActiveLink(root: ParentNode): void {
  const sidebar = root.querySelector<HTMLElement>(SIDEBAR);
  const active = sidebar?.querySelector<HTMLElement>('.menu__link--active');
  if (!sidebar || !active || sidebar.scrollHeight <= sidebar.clientHeight) return;
  const box = sidebar.getBoundingClientRect();
  const item = active.getBoundingClientRect();
  // The part of the sidebar on screen: with the announcement bar above it, its bottom is below
  // the viewport until the page scrolls.
  const visible = Math.min(sidebar.clientHeight, innerHeight - Math.max(0, box.top + sidebar.clientTop));
  sidebar.scrollTop = nearestScrollTop({
    scrollTop: sidebar.scrollTop,
    viewHeight: visible,
    itemTop: item.top - box.top - sidebar.clientTop + sidebar.scrollTop,
    itemHeight: item.height,
    margin: REVEAL_MARGIN_PX,
  });
}
