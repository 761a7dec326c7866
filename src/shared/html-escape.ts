const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** Text or an attribute value as React writes it (`&`, `<`, `>`, `"` and `'` escaped). */
export function escapeAsReact(text: string): string {
  return /["&'<>]/.test(text) ? text.replace(/["&'<>]/g, (c) => ESCAPES[c]!) : text;
}
