import { PROGRESS_DEFAULTS } from '../nav/progress.js';

// A control pressed while its widget's code is still loading would look dead until the code is
// there. It says that it waits instead: `aria-busy` at once, and a spinner (styles/60-client.css)
// once the wait is longer than the navigation progress bar's delay, so a fast load shows nothing.

/** The controls whose press waits for the code: what a held click was meant for. */
const PRESSABLE = 'button, a[href], summary, [role="button"]';

/** The control a press on `target` inside `root` was for, if any. */
export function pressedControl(root: Element, target: Element): HTMLElement | undefined {
  const control = target.closest<HTMLElement>(PRESSABLE);
  return control && root.contains(control) ? control : undefined;
}

/** Marks `control` as waiting for its code; returns the function that unmarks it. */
export function showWaiting(control: HTMLElement): () => void {
  control.setAttribute('aria-busy', 'true');
  const timer = setTimeout(() => control.setAttribute('data-spinner', ''), PROGRESS_DEFAULTS.delay);
  return () => {
    clearTimeout(timer);
    control.removeAttribute('aria-busy');
    control.removeAttribute('data-spinner');
  };
}
