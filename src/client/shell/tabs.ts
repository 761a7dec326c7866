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
 * MDX tabs (they switch with CSS alone; the keyboard moves through a group's radios with the
 * arrow keys, as the WAI-ARIA tabs pattern asks, and Home and End are added here). With a
 * `groupId`, picking a tab picks the same value in every group of that id on the page, and the
 * choice is remembered for the next pages. The picked tab stays where it was on screen while the
 * groups above it change height.
 */
export function initTabs(doc: Document, signal: AbortSignal): void {
  doc.addEventListener(
    'keydown',
    (event) => {
      const radio = event.target as HTMLInputElement;
      if ((event.key !== 'Home' && event.key !== 'End') || !radio.classList?.contains('tabs__radio')) return;
      const radios = [...radio.parentElement!.querySelectorAll<HTMLInputElement>(':scope > .tabs__radio')];
      const to = event.key === 'Home' ? radios[0] : radios[radios.length - 1];
      event.preventDefault();
      if (!to || to === radio) return;
      to.checked = true;
      to.focus();
      to.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { signal },
  );
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
