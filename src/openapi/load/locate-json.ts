import { parseTree, type Node } from 'jsonc-parser';
import { splitPointer } from './pointer.js';

// Where a JSON pointer's value is written in JSON text. One parse tree of the whole text, made on
// the first question (a document with nothing to report never pays for it), and each object's keys
// indexed on first use: a pointer then costs its depth, so locating every link or problem of a
// large document stays linear in the document.

/** Offset of a pointer's value (of its key with `key`, or when the value is an object or array), or of the nearest existing parent. */
export type JsonLocator = (pointer: string, key?: boolean) => number | undefined;

/** A locator over `text`; undefined answers for text that is not JSON. */
export function jsonLocator(text: string): JsonLocator {
  let root: Node | undefined | null = null; // null: not parsed yet
  const indexed = new WeakMap<Node, Map<string, Node>>();
  const property = (object: Node, name: string): Node | undefined => {
    let byName = indexed.get(object);
    if (!byName) {
      byName = new Map();
      // Later keys win, as in JSON.parse.
      for (const p of object.children ?? []) if (typeof p.children?.[0]?.value === 'string') byName.set(p.children[0].value as string, p);
      indexed.set(object, byName);
    }
    return byName.get(name);
  };
  return (pointer, key = false) => {
    if (root === null) root = parseTree(text, undefined, { allowTrailingComma: false, disallowComments: true });
    if (!root) return undefined;
    let node: Node = root;
    let last = root.offset;
    for (const segment of splitPointer(pointer)) {
      if (node.type === 'object') {
        const pair = property(node, segment);
        const value = pair?.children?.[1];
        if (!pair || !value) return last;
        last = key || value.type === 'object' || value.type === 'array' ? pair.offset : value.offset;
        node = value;
      } else if (node.type === 'array') {
        const index = Number(segment);
        const item = Number.isInteger(index) ? node.children?.[index] : undefined;
        if (!item) return last;
        last = item.offset;
        node = item;
      } else {
        return last;
      }
    }
    return last;
  };
}
