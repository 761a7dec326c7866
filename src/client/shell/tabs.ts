import { storage } from './storage.js';

/** localStorage key of a tab group's choice: `shipdocs.tab.<groupId>` (Docusaurus: docusaurus.tab.<groupId>). */
const TAB_STORAGE_PREFIX = 'shipdocs.tab.';

const GROUP = '.tabs[data-group-id]';

/** Checks the tab of `value` in one Tabs element (its own radios, not those of nested tabs). */
function selectTab(tabs: Element, value: string): boolean {
  for (const radio of tabs.querySelectorAll<HTMLInputElement>(':scope > .tabs__radio')) {
    if (radio.value === value) {
      radio.checked = true;
      return true;
    }
  }
  return false;
}

/**
 * MDX tabs with a `groupId` (the tabs themselves switch with CSS alone): picking a tab picks the
 * same value in every group of that id on the page, and the choice is remembered for the next
 * pages. The picked tab stays where it was on screen while the groups above it change height.
 */
export function initTabs(doc: Document, signal: AbortSignal): void {
  for (const tabs of doc.querySelectorAll<HTMLElement>(GROUP)) {
    const saved = storage.get(TAB_STORAGE_PREFIX + tabs.dataset.groupId!);
    if (saved !== null) selectTab(tabs, saved);
  }
  doc.addEventListener(
    'change',
    (event) => {
      const radio = event.target as HTMLInputElement;
      const tabs = radio.parentElement;
      if (!radio.classList?.contains('tabs__radio') || !tabs?.matches(GROUP)) return;
      const groupId = tabs.dataset.groupId!;
      storage.set(TAB_STORAGE_PREFIX + groupId, radio.value);
      const label = radio.nextElementSibling ?? tabs;
      const before = label.getBoundingClientRect().top;
      for (const other of doc.querySelectorAll<HTMLElement>(GROUP)) {
        if (other !== tabs && other.dataset.groupId === groupId) selectTab(other, radio.value);
      }
      const moved = label.getBoundingClientRect().top - before;
      if (moved) doc.defaultView?.scrollBy(0, moved);
    },
    { signal },
  );
}
