import { activeHeadingIndex } from './active-heading.js';

/** Marks the table-of-contents link of the section being read (.toc__link--active). */
export function initTocSpy(doc: Document, signal: AbortSignal): void {
  const links = [...doc.querySelectorAll<HTMLAnchorElement>('[data-toc] a.toc__link[href^="#"]')];
  if (links.length === 0) return;
  const targets = links.map((a) => doc.getElementById(decodeURIComponent(a.hash.slice(1))));
  let frame = 0;
  let active = -2;
  // Where a heading lands when its link is followed (scroll padding and margin), plus a little.
  const first = targets.find((t) => t);
  const offset = (): number => {
    const navbar = doc.querySelector<HTMLElement>('nav.navbar')?.offsetHeight ?? 60;
    const landing =
      (parseFloat(getComputedStyle(doc.documentElement).scrollPaddingTop) || 0) + (first ? parseFloat(getComputedStyle(first).scrollMarginTop) || 0 : 0);
    return Math.max(navbar, landing) + 16;
  };
  // Layout and style reads, so not on every scroll frame: they change only with the viewport.
  let offsetPx = offset();
  const update = (): void => {
    frame = 0;
    const tops = targets.map((t) => (t ? t.getBoundingClientRect().top : Number.POSITIVE_INFINITY));
    const root = doc.documentElement;
    const atBottom = scrollY > 0 && Math.ceil(scrollY + innerHeight) >= root.scrollHeight - 2;
    const index = activeHeadingIndex(tops, offsetPx, atBottom);
    if (index === active) return;
    active = index;
    links.forEach((a, i) => a.classList.toggle('toc__link--active', i === index));
  };
  const schedule = (): void => {
    frame ||= requestAnimationFrame(update);
  };
  addEventListener('scroll', schedule, { passive: true, signal });
  addEventListener(
    'resize',
    () => {
      offsetPx = offset();
      schedule();
    },
    { passive: true, signal },
  );
  signal.addEventListener('abort', () => cancelAnimationFrame(frame));
  update();
}
