import { debounce } from '../lib/debounce.js';
import { DESKTOP_NAVBAR_QUERY, SIDEBAR_TOGGLE_DEBOUNCE_MS } from './breakpoints.js';
import { wrapTab } from './focus-trap.js';
/** The page's sidebar that the drawer shows below the navbar links. */
const SIDEBAR_SELECTOR = '.page-wrapper [data-mobile-sidebar], .page-wrapper #doc-sidebar';

export interface MobileMenu {
  close(): void;
  isOpen(): boolean;
}

/**
 * The drawer below 996 px: the navbar links, then the page's sidebar (moved in while open, put
 * back on close). A modal dialog: the page behind it is dimmed, so Tab stays in it (from its last
 * control to its first). Closes on Escape, on the backdrop, on growing to desktop size and on
 * navigation; focus then returns to the menu button.
 */
export function initMobileMenu(doc: Document): MobileMenu | undefined {
  const html = doc.documentElement;
  const menu = doc.querySelector<HTMLElement>('[data-mobile-menu]');
  const toggle = doc.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const slot = menu?.querySelector<HTMLElement>('[data-mobile-menu-slot]');
  if (!menu || !toggle) return undefined;
  let moved: { sidebar: HTMLElement; marker: Comment } | undefined;

  const borrowSidebar = (): void => {
    const sidebar = doc.querySelector<HTMLElement>(SIDEBAR_SELECTOR);
    if (!slot || !sidebar) return;
    const marker = doc.createComment('sidebar');
    sidebar.before(marker);
    slot.append(sidebar);
    moved = { sidebar, marker };
  };
  const returnSidebar = (): void => {
    if (!moved) return;
    // After a client navigation the old page is gone: the sidebar goes with it.
    if (moved.marker.isConnected) moved.marker.replaceWith(moved.sidebar);
    else moved.sidebar.remove();
    moved = undefined;
  };
  const isOpen = (): boolean => !menu.hidden;
  const setOpen = (open: boolean): void => {
    if (open === isOpen()) return;
    if (open) borrowSidebar();
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    html.toggleAttribute('data-menu-open', open);
    if (open) {
      menu.querySelector<HTMLElement>('[data-menu-close]')?.focus();
      menu.querySelector<HTMLElement>('.menu__link--active')?.scrollIntoView({ block: 'nearest' });
    } else {
      const hadFocus = menu.contains(doc.activeElement);
      returnSidebar();
      if (hadFocus) toggle.focus();
    }
  };
  const flip = debounce(() => setOpen(!isOpen()), SIDEBAR_TOGGLE_DEBOUNCE_MS, { leading: true });

  toggle.addEventListener('click', () => flip());
  menu.querySelector('[data-menu-close]')?.addEventListener('click', () => setOpen(false));
  // Links inside the drawer: a new page, or a section of this one. Either way the drawer is done.
  menu.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a[href]')) setOpen(false);
  });
  doc.addEventListener('keydown', (e) => {
    if (!isOpen()) return;
    if (e.key === 'Escape') setOpen(false);
    else wrapTab(menu, e);
  });
  // The backdrop is the page behind the drawer.
  doc.addEventListener('click', (e) => {
    const target = e.target as Node;
    if (isOpen() && !menu.contains(target) && !toggle.contains(target)) setOpen(false);
  });
  matchMedia(DESKTOP_NAVBAR_QUERY).addEventListener('change', (e) => {
    if (e.matches) setOpen(false);
  });
  return { close: () => setOpen(false), isOpen };
}
