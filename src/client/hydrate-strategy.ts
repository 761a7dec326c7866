import type { HydrateStrategy } from '../shared/islands.js';

/** Calls `run` once, when the island's strategy says: now, when idle, when visible, or on first use. */
export function whenToHydrate(el: HTMLElement, strategy: HydrateStrategy, run: () => void): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    run();
  };
  switch (strategy) {
    case 'idle':
      if ('requestIdleCallback' in window) requestIdleCallback(once, { timeout: 2000 });
      else setTimeout(once, 200);
      return;
    case 'visible': {
      if (!('IntersectionObserver' in window)) return once();
      const io = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          once();
        }
      }, { rootMargin: '200px' });
      io.observe(el);
      return;
    }
    case 'interaction': {
      const events = ['pointerdown', 'focusin', 'keydown', 'mouseover'] as const;
      const handler = (): void => {
        events.forEach((e) => el.removeEventListener(e, handler));
        once();
      };
      events.forEach((e) => el.addEventListener(e, handler, { passive: true }));
      return;
    }
    default:
      once();
  }
}
