export interface KeyFacts {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The event's target is a text field or editable element. */
  typing: boolean;
}

/** Ctrl+K / Cmd+K anywhere, or "/" when not typing in a field, focuses the search box. */
export function isSearchShortcut(e: KeyFacts): boolean {
  if (e.altKey) return false;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') return true;
  return e.key === '/' && !e.ctrlKey && !e.metaKey && !e.typing;
}
