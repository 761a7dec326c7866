import { ISLAND_LABELS, type IslandLabel } from './labels.js';

/** `<span lang data-l>` pairs, as shared/ui-label.ts writes a label (not imported: see the README). */
function labelNodes(doc: Document, key: IslandLabel): HTMLSpanElement[] {
  return (Object.entries(ISLAND_LABELS[key]) as [string, string][]).map(([lang, text]) => {
    const span = doc.createElement('span');
    span.lang = lang;
    span.dataset.l = lang;
    span.textContent = text;
    return span;
  });
}

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The first control in `el` that is shown and can take focus. */
function firstFocusable(el: HTMLElement): HTMLElement | undefined {
  return [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].find((c) => c.getClientRects().length > 0);
}

/**
 * A widget whose code failed to load: the error and a 'Retry' button. Part of the entry (not a
 * chunk of its own): when chunks fail to load, this must not need one.
 */
export function showChunkError(el: HTMLElement, error: unknown, retry: () => void): void {
  el.querySelector(':scope > .chunk-error')?.remove();
  const doc = el.ownerDocument;
  const box = doc.createElement('div');
  box.className = 'chunk-error';
  box.setAttribute('role', 'alert');
  const message = doc.createElement('p');
  const detail = doc.createElement('span');
  detail.className = 'chunk-error__detail';
  detail.textContent = error instanceof Error ? error.message : String(error);
  message.append(...labelNodes(doc, 'chunkError'), ' ', detail);
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'button button--secondary';
  button.dataset.islandRetry = '';
  button.append(...labelNodes(doc, 'retry'));
  button.addEventListener('click', () => {
    const hadFocus = box.contains(doc.activeElement);
    box.remove();
    retry();
    // The button is gone: focus goes back into the widget (unless the retry put it somewhere).
    if (hadFocus && (!doc.activeElement || doc.activeElement === doc.body)) firstFocusable(el)?.focus();
  });
  box.append(message, button);
  el.append(box);
}
