// The part of search that is in the entry: keyboard shortcuts, and loading the search UI (and
// with it minisearch and the index) on the first focus of the box. When that code cannot load
// (offline, a new deployment removed it) the box shows the error and a 'Retry'.
import { searchUi } from 'shipdocs:chunks';
import { showChunkError } from '../islands/chunk-error.js';
import { importLazy } from '../lazy-import.js';
import { listboxMove } from '../shell/listbox-keys.js';
import { isSearchShortcut } from './shortcut.js';

/** The search box's panel, and the trigger that loads it: both can be closed. */
export interface SearchUi {
  close(): void;
}

export type SearchTrigger = SearchUi;

const isTyping = (t: EventTarget | null): boolean => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

export function initSearchTrigger(doc: Document, options: { navigate: (href: string) => void }): SearchTrigger | undefined {
  const box = doc.querySelector<HTMLElement>('[data-search]');
  const input = box?.querySelector<HTMLInputElement>('[data-search-input]');
  if (!box || !input) return undefined;
  let ui: Promise<SearchUi | undefined> | undefined;
  let errorPanel: HTMLElement | undefined;
  // Where the shortcut took focus from: leaving the box with Escape goes back there.
  let returnTo: HTMLElement | undefined;
  const leave = (): void => {
    const to = returnTo;
    returnTo = undefined;
    if (to?.isConnected) to.focus();
    else input.blur();
  };
  const hideError = (): void => {
    errorPanel?.remove();
    errorPanel = undefined;
  };
  const showError = (error: unknown): void => {
    hideError();
    const panel = doc.createElement('div');
    panel.className = 'search-panel search-panel--error';
    panel.dataset.searchError = '';
    box.append(panel);
    showChunkError(panel, error, () => {
      hideError();
      input.focus();
      load();
    });
    errorPanel = panel;
  };
  const load = (): void => {
    ui ??= importLazy(searchUi)
      .then((m) => {
        hideError();
        return m.createSearchUi(box, input, { indexUrl: box.dataset.searchIndex ?? '', navigate: options.navigate, move: listboxMove, leave });
      })
      .catch((error: unknown) => {
        // Tried again on 'Retry' or on the next focus.
        ui = undefined;
        if (box.contains(doc.activeElement)) showError(error);
        return undefined;
      });
  };
  input.addEventListener('focus', load);
  input.addEventListener('input', load);
  box.addEventListener('focusout', (e) => {
    if (box.contains(e.relatedTarget as Node | null)) return;
    hideError();
    returnTo = undefined;
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && errorPanel) hideError();
  });
  if (/Mac|iPhone|iPad/.test(navigator.platform)) box.querySelector('.navbar-search__kbd')?.replaceChildren('⌘ K');
  doc.addEventListener('keydown', (e) => {
    if (!isSearchShortcut({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, typing: isTyping(e.target) })) return;
    if (e.target === input && e.key === '/') return;
    e.preventDefault();
    const from = doc.activeElement;
    if (from instanceof HTMLElement && from !== doc.body && !box.contains(from)) returnTo = from;
    input.focus();
    input.select();
  });
  return {
    close() {
      hideError();
      void ui?.then((u) => u?.close());
    },
  };
}
