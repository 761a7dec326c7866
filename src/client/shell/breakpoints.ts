// The layout constants of the spec that the runtime needs. The sidebar breakpoints (640, 1024,
// 1279, 1536, 1920) are CSS only (styles/00-base.css): nothing in the runtime depends on them.

/** The desktop navbar starts here; below it the links live in the drawer. */
export const DESKTOP_NAVBAR_QUERY = '(min-width: 996px)';
/** Sidebar toggles react at once and ignore repeats closer than this (double taps). */
export const SIDEBAR_TOGGLE_DEBOUNCE_MS = 50;
