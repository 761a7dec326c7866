import { debounce } from '../lib/debounce.js';
import { SIDEBAR_TOGGLE_DEBOUNCE_MS } from './breakpoints.js';

/** Category carets of the docs sidebar: expand/collapse (CSS hides the list after a collapsed row). */
export function initSidebarCarets(root: ParentNode, signal: AbortSignal): void {
  root.querySelectorAll<HTMLButtonElement>('[data-sidebar-caret]').forEach((caret) => {
    const flip = debounce(() => {
      const expanded = caret.getAttribute('aria-expanded') !== 'false';
      caret.setAttribute('aria-expanded', String(!expanded));
    }, SIDEBAR_TOGGLE_DEBOUNCE_MS, { leading: true });
    caret.addEventListener('click', () => flip(), { signal });
  });
}
