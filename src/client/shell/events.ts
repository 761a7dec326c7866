// Events the runtime dispatches on `document`, for islands that follow the shell's state.

/** The UI language changed; detail: { lang }. */
export const LANG_CHANGE_EVENT = 'shipdocs:langchange';
/** The colour mode changed; detail: { theme }. */
export const THEME_CHANGE_EVENT = 'shipdocs:themechange';
/** A client-side navigation is about to swap the page; detail: { url }. */
export const BEFORE_SWAP_EVENT = 'shipdocs:before-swap';
/** A client-side navigation swapped the page in; detail: { url }. */
export const PAGE_LOAD_EVENT = 'shipdocs:page-load';

export function emit(doc: Document, name: string, detail: Record<string, unknown>): void {
  doc.dispatchEvent(new CustomEvent(name, { detail }));
}
