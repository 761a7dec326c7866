/** Sidebars with more links than this leave the entries of closed categories out of each page. */
export const LAZY_SIDEBAR_LINKS = 200;

const keys = new WeakMap<object, string>();

/**
 * A stable name of a sidebar's shape (FNV-1a of the given fields of its entries): the client keeps
 * a reader's open categories and scroll position across pages whose sidebars have the same name.
 */
export function shapeKey(entries: object, fields: readonly string[]): string {
  const known = keys.get(entries);
  if (known !== undefined) return known;
  const text = JSON.stringify(entries, [...fields]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  const key = (h >>> 0).toString(16).padStart(8, '0');
  keys.set(entries, key);
  return key;
}
