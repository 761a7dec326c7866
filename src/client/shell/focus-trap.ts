const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]';

/** The elements of `root` that Tab reaches, in document order: rendered, enabled, not tabindex -1. */
function tabbables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
}

/**
 * Keeps Tab and Shift+Tab inside `root` (a modal drawer): past its last element focus goes to its
 * first, before its first to its last.
 */
export function wrapTab(root: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const items = tabbables(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = root.ownerDocument.activeElement;
  const leaving = !root.contains(active) || active === (event.shiftKey ? first : last);
  if (!leaving) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}
