// Escaping for markup written as strings, one variant per context. They differ on purpose: the
// output of each must stay byte for byte what its readers (and the hydration of React's markup) expect.

const ENTITY: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const XML_ENTITY: Record<string, string> = { ...ENTITY, "'": '&apos;' };
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Element text: `&`, `<` and `>` (highlighted JSON, whose quotes stay as typed). */
export function escapeText(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/[&<>]/g, (c) => ENTITY[c]!) : text;
}

/** Text or a double-quoted attribute value: `&`, `<`, `>` and `"` (schema trees, labels written as strings). */
export function escapeAttribute(text: string): string {
  return /["&<>]/.test(text) ? text.replace(/["&<>]/g, (c) => ENTITY[c]!) : text;
}

/** Text or an attribute value as React writes it (`'` too, as `&#x27;`): markup beside React's, which hydration compares. */
export function escapeAsReact(text: string): string {
  return /["&'<>]/.test(text) ? text.replace(/["&'<>]/g, (c) => ENTITY[c]!) : text;
}

/** XML 1.0 text or attribute value (feeds): `'` as `&apos;`, and the characters XML forbids dropped. */
export function escapeXml(text: string): string {
  return validXml(text).replace(/[<>&'"]/g, (c) => XML_ENTITY[c]!);
}

/** Text without the characters XML 1.0 forbids (a feed's CDATA sections). */
export function validXml(text: string): string {
  return text.replace(INVALID_XML, '');
}
