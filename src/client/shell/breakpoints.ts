// The layout constants of the spec that the runtime needs (CSS has the same numbers).

/** The desktop navbar starts here; below it the links live in the drawer. */
export const DESKTOP_NAVBAR_QUERY = '(min-width: 996px)';
/** Sidebar toggles react at once and ignore repeats closer than this (double taps). */
export const SIDEBAR_TOGGLE_DEBOUNCE_MS = 50;

export type SidebarBreakpoint = 'mobile' | 'tablet' | 'small-monitor' | 'lg' | 'xl' | '2xl';

/** The spec's sidebar breakpoints: mobile ≤ 640, tablet ≤ 1024, small monitor ≤ 1279, lg ≤ 1536, xl ≤ 1920, 2xl above. */
export function sidebarBreakpoint(width: number): SidebarBreakpoint {
  if (width <= 640) return 'mobile';
  if (width <= 1024) return 'tablet';
  if (width <= 1279) return 'small-monitor';
  if (width <= 1536) return 'lg';
  if (width <= 1920) return 'xl';
  return '2xl';
}
