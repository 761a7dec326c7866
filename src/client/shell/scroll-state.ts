/**
 * The spec's "counts as scrolled after 10 px": scrolled once the page is scrolled more than this,
 * so at 10 px it is not yet, at 11 px it is (a bar that is exactly 10 px down has not gone past 10).
 */
export const SCROLLED_THRESHOLD = 10;

export interface NavbarScrollInput {
  previousY: number;
  y: number;
  /** Hide on scroll down / show on scroll up (config navbar.hideOnScroll). */
  hideOnScroll: boolean;
  /** Height of the navbar: it is never hidden while the page is scrolled less than that. */
  navbarHeight: number;
  /** The mobile menu is open, or focus is inside the navbar: it stays visible. */
  pinned: boolean;
  /** Whether it was hidden before this scroll step. */
  wasHidden: boolean;
}

export interface NavbarScrollState {
  scrolled: boolean;
  hidden: boolean;
}

/** The navbar's classes for a scroll step. */
export function navbarScrollState({ previousY, y, hideOnScroll, navbarHeight, pinned, wasHidden }: NavbarScrollInput): NavbarScrollState {
  const scrolled = y > SCROLLED_THRESHOLD;
  if (!hideOnScroll || pinned || y < navbarHeight) return { scrolled, hidden: false };
  if (y > previousY) return { scrolled, hidden: true };
  if (y < previousY) return { scrolled, hidden: false };
  return { scrolled, hidden: wasHidden };
}
