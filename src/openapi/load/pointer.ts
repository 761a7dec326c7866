// JSON pointers (RFC 6901): "/paths/~1pets/get". References are URI fragments ("#/components/…"),
// so they are percent-decoded first.

export function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + escapeSegment(s)).join('');
}

/** "/a/b~1c" or "#/a/b~1c" → ["a", "b/c"]. */
export function splitPointer(pointer: string): string[] {
  let p = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (pointer.startsWith('#')) p = safeDecode(p);
  if (p === '' || p === '/') return p === '/' ? [''] : [];
  return p
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a pointer, or undefined when the path does not exist. */
export function getAtPointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const segment of splitPointer(pointer)) {
    if (Array.isArray(node)) node = /^\d+$/.test(segment) ? node[Number(segment)] : undefined;
    else if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, segment))
      node = (node as Record<string, unknown>)[segment];
    else return undefined;
  }
  return node;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
