// The part of search that is in the entry: keyboard shortcuts, and loading the search UI (and
// with it minisearch and the index) on the first focus of the box.
import { listboxMove } from '../shell/listbox-keys.js';
import { isSearchShortcut } from './shortcut.js';

export interface SearchTrigger {
  close(): void;
}

export interface SearchUi {
  close(): void;
}

const isTyping = (t: EventTarget | null): boolean => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

export function initSearchTrigger(doc: Document, options: { navigate: (href: string) => void }): SearchTrigger | undefined {
  const box = doc.querySelector<HTMLElement>('[data-search]');
  const input = box?.querySelector<HTMLInputElement>('[data-search-input]');
  if (!box || !input) return undefined;
  let ui: Promise<SearchUi | undefined> | undefined;
  const load = (): void => {
    ui ??= import('./search-ui.js')
      .then((m) => m.createSearchUi(box, input, { indexUrl: box.dataset.searchIndex ?? '', navigate: options.navigate, move: listboxMove }))
      .catch(() => {
        // The chunk could not load (offline?): try again on the next focus.
        ui = undefined;
        return undefined;
      });
  };
  input.addEventListener('focus', load);
  input.addEventListener('input', load);
  if (/Mac|iPhone|iPad/.test(navigator.platform)) box.querySelector('.navbar-search__kbd')?.replaceChildren('⌘ K');
  doc.addEventListener('keydown', (e) => {
    if (!isSearchShortcut({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, typing: isTyping(e.target) })) return;
    if (e.target === input && e.key === '/') return;
    e.preventDefault();
    input.focus();
    input.select();
  });
  return {
    close() {
      void ui?.then((u) => u?.close());
    },
  };
}
