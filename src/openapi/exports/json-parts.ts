// A collection's JSON in parts: the text of `JSON.stringify(value, null, 2)`, its one long array (the
// requests) made and serialized an element at a time. Microsoft Graph's Postman collection, made
// whole, took 900 MB of objects and text at once. Every value is serialized by JSON.stringify; only
// the long array's brackets and indentation are written here.

/**
 * The text of `JSON.stringify(object, null, 2)` with `object[key]` (an array, in its place among
 * the keys) replaced by `items`, each made when it is written.
 */
export function* jsonWithArray<T extends object>(object: T, key: keyof T & string, items: Iterable<unknown>): Generator<string> {
  const text = JSON.stringify({ ...object, [key]: null }, null, 2);
  // The key at the top level: a nested one is indented deeper, and a string's line breaks are escaped.
  const slot = `\n  ${JSON.stringify(key)}: `;
  const at = text.indexOf(`${slot}null`) + slot.length;
  yield text.slice(0, at);
  let first = true;
  for (const item of items) {
    yield `${first ? '[' : ','}\n    ${JSON.stringify(item, null, 2).replace(/\n/g, '\n    ')}`;
    first = false;
  }
  yield first ? '[]' : '\n  ]';
  yield text.slice(at + 'null'.length);
}
