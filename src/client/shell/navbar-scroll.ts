import { navbarScrollState } from './scroll-state.js';

/**
 * 'Scrolled' shadow past 10 px; with <nav data-hide-on-scroll="true"> the bar hides on scroll down
 * and comes back on scroll up, but never while the drawer is open or focus is inside it.
 */
export function initNavbarScroll(doc: Document): void {
  const nav = doc.querySelector<HTMLElement>('nav.navbar');
  if (!nav) return;
  const hideOnScroll = nav.dataset.hideOnScroll === 'true';
  let previousY = scrollY;
  let frame = 0;
  const update = (): void => {
    frame = 0;
    const y = Math.max(0, scrollY);
    const state = navbarScrollState({
      previousY,
      y,
      hideOnScroll,
      navbarHeight: nav.offsetHeight,
      pinned: doc.documentElement.hasAttribute('data-menu-open') || nav.contains(doc.activeElement),
      wasHidden: nav.classList.contains('navbar--hidden'),
    });
    nav.classList.toggle('navbar--scrolled', state.scrolled);
    nav.classList.toggle('navbar--hidden', state.hidden);
    previousY = y;
  };
  addEventListener(
    'scroll',
    () => {
      frame ||= requestAnimationFrame(update);
    },
    { passive: true },
  );
  // Tabbing into a hidden navbar brings it back.
  nav.addEventListener('focusin', () => nav.classList.remove('navbar--hidden'));
  update();
}
