import { joinPointer, splitPointer } from '../load/pointer.js';

// api-smart-diff reports a change at its path through the documents with references resolved
// (/paths/~1quoter/post/requestBody/…/schema/properties/weight_kg). A reader wants the place it is
// written: the walk follows each `$ref` it meets, so the pointer restarts at the reference's target
// (/components/schemas/QuoteRequest/properties/weight_kg). Its cost is the path's length.

type Segment = string | number;

/** How the path is translated into the other document: renamed path templates, parameters matched by name and place. */
export interface PathTranslation {
  /** The document the path was written for (parameters are matched against its entries). */
  from: unknown;
  /** Old path template → new one. */
  renamedPaths: ReadonlyMap<string, string>;
}

/** The pointer, in `doc`, of the value at `path`; undefined when the path does not exist there. */
export function locatePointer(doc: unknown, path: readonly Segment[], translation?: PathTranslation): string | undefined {
  let node = doc;
  let pointer: Segment[] = [];
  // The same walk in the document the path was written for, to match its parameters by name and place.
  let source = translation?.from;
  for (let i = 0; i < path.length; i++) {
    ({ node, pointer } = followRef(doc, node, pointer));
    if (translation) source = followRef(translation.from, source, []).node;
    const key = path[i]!;
    if (translation && Array.isArray(node) && Array.isArray(source) && path[i - 1] === 'parameters') {
      const wanted = followRef(translation.from, source[Number(key)], []).node;
      let index = node.findIndex((p) => sameParameter(followRef(doc, p, []).node, wanted));
      // A renamed path parameter: the entry at the same index, in the same place.
      const same = followRef(doc, node[Number(key)], []).node;
      if (index < 0 && isObject(same) && isObject(wanted) && same.in === wanted.in) index = Number(key);
      if (index < 0) return undefined;
      node = node[index];
      source = source[Number(key)];
      pointer = [...pointer, index];
      continue;
    }
    const renamed = translation && i === 1 && path[0] === 'paths' ? translation.renamedPaths.get(String(key)) : undefined;
    const target = renamed ?? key;
    source = isObject(source) ? source[String(key)] : undefined;
    if (!isObject(node) || !Object.prototype.hasOwnProperty.call(node, target)) return undefined;
    node = node[String(target)];
    pointer = [...pointer, target];
  }
  return joinPointer(pointer);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

function sameParameter(a: unknown, b: unknown): boolean {
  return isObject(a) && isObject(b) && a.name === b.name && a.in === b.in;
}

/** A node that is an internal `$ref`: its target and that target's pointer (cycles stop the walk). */
function followRef(doc: unknown, node: unknown, pointer: Segment[]): { node: unknown; pointer: Segment[] } {
  let current = { node, pointer };
  const seen = new Set<string>();
  while (current.node !== null && typeof current.node === 'object' && typeof (current.node as { $ref?: unknown }).$ref === 'string') {
    const ref = (current.node as { $ref: string }).$ref;
    if (!ref.startsWith('#') || seen.has(ref)) break;
    seen.add(ref);
    const segments = splitPointer(ref);
    let target: unknown = doc;
    for (const s of segments) target = isObject(target) ? target[s] : undefined;
    if (target === undefined) break;
    current = { node: target, pointer: segments };
  }
  return current;
}
