import type { Document } from 'yaml';

/** A YAML node's place in its text (`[start, value end, node end]`), as the `yaml` package gives it. */
export type Ranged = { range?: [number, number, number] | null } | null | undefined;

/**
 * The key node of `path`'s last segment (`bogus` in `ana: { bogus: 1 }`), if written: an unknown
 * key is reported where the key is, not at its value or its map.
 */
export function yamlKeyNode(doc: Document, path: readonly (string | number)[]): Ranged {
  const parent = path.length > 1 ? doc.getIn(path.slice(0, -1), true) : doc.contents;
  const items = (parent as { items?: { key?: { value?: unknown; range?: [number, number, number] } }[] } | null)?.items;
  return items?.find((p) => p.key?.value === path[path.length - 1])?.key;
}
