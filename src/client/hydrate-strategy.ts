import type { HydrateStrategy } from '../shared/islands.js';

/**
 * What counts as using an island: pointing at it, touching it, focusing it, typing in it, or
 * changing one of its fields (which assistive technology or autofill may do without a focus).
 */
const INTERACTIONS = ['pointerdown', 'touchstart', 'mouseover', 'focusin', 'keydown', 'input', 'change'] as const;

/**
 * Calls `run` once, when the island's strategy says: now ('load'), when the browser is idle,
 * when it comes near the viewport ('visible'), or on first use ('interaction'). Whatever the
 * strategy, using an island that has not hydrated yet hydrates it at once.
 */
export function whenToHydrate(el: HTMLElement, strategy: HydrateStrategy, run: () => void): void {
  if (strategy === 'load') return run();
  const cleanups: (() => void)[] = [];
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    cleanups.forEach((cleanup) => cleanup());
    run();
  };
  INTERACTIONS.forEach((type) => el.addEventListener(type, once, { capture: true, passive: true }));
  cleanups.push(() => INTERACTIONS.forEach((type) => el.removeEventListener(type, once, { capture: true })));
  if (strategy === 'idle') {
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(once, { timeout: 2000 });
      cleanups.push(() => cancelIdleCallback(id));
    } else {
      const id = setTimeout(once, 200);
      cleanups.push(() => clearTimeout(id));
    }
  } else if (strategy === 'visible') {
    if (!('IntersectionObserver' in window)) return once();
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) once();
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    cleanups.push(() => io.disconnect());
  }
}
