import { splitPointer } from './pointer.js';

// Finds where a JSON pointer's value starts in JSON text by scanning, without building a tree:
// only used for diagnostics, so a 13 MB document pays nothing unless it has an error.

/**
 * Offset of the value at `pointer` (of its key when `key` is set or the value is an object or
 * array), or of the nearest existing parent. Undefined for text that is not JSON.
 */
export function locateJsonPointer(text: string, pointer: string, key = false): number | undefined {
  let i = skipWs(text, 0);
  if (i >= text.length) return undefined;
  let last = i;
  for (const segment of splitPointer(pointer)) {
    const c = text[i];
    if (c === '{') {
      i = skipWs(text, i + 1);
      let found = false;
      while (i < text.length && text[i] === '"') {
        const keyAt = i;
        const keyEnd = skipString(text, i);
        const name = decodeString(text.slice(keyAt, keyEnd));
        i = skipWs(text, keyEnd);
        if (text[i] !== ':') return last;
        i = skipWs(text, i + 1);
        if (name === segment) {
          last = key || text[i] === '{' || text[i] === '[' ? keyAt : i;
          found = true;
          break;
        }
        i = skipWs(text, skipValue(text, i));
        if (text[i] !== ',') return last;
        i = skipWs(text, i + 1);
      }
      if (!found) return last;
    } else if (c === '[') {
      const index = Number(segment);
      if (!Number.isInteger(index)) return last;
      i = skipWs(text, i + 1);
      let n = 0;
      while (n < index && i < text.length && text[i] !== ']') {
        i = skipWs(text, skipValue(text, i));
        if (text[i] !== ',') return last;
        i = skipWs(text, i + 1);
        n++;
      }
      if (text[i] === ']' || i >= text.length) return last;
      last = i;
    } else {
      return last;
    }
  }
  return last;
}

function skipWs(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    i++;
  }
  return i;
}

/** Index just past the string starting at `i` (a quote). */
function skipString(text: string, i: number): number {
  i++;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else i++;
  }
  return i;
}

/** Index just past the value starting at `i`; objects and arrays are skipped by depth, without recursion. */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c !== '{' && c !== '[') {
    while (i < text.length && !/[,}\]\s]/.test(text[i]!)) i++;
    return i;
  }
  let depth = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      i = skipString(text, i);
      continue;
    }
    if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return i;
}

function decodeString(raw: string): string {
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.slice(1, -1);
  }
}
