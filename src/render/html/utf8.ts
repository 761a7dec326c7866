// UTF-8 encoding of whole pages, the hottest string operation of a large build.
// `TextEncoder.encode` measures the string before writing it; encoding into a reused buffer that
// is always large enough (3 bytes per UTF-16 unit at most) and copying out the used part does one
// pass, about twice as fast on rendered pages. A rendered page is a rope of React's pieces, which
// `encodeInto` walks slowly: flattening it first (reading it as a number makes V8 flatten it in
// place) halves the encoding's time again.

import { PART_END, type PartTable } from '../../components/layout/cached-markup.js';

const encoder = new TextEncoder();
let scratch = new Uint8Array(1 << 16);

/** The UTF-8 bytes of `text`, in a buffer of their own. */
export function encodeUtf8(text: string): Uint8Array {
  const most = text.length * 3;
  if (most > scratch.length) scratch = new Uint8Array(Math.max(most, scratch.length * 2));
  void Number(text);
  const { written } = encoder.encodeInto(text, scratch);
  return scratch.slice(0, written);
}

/** Encoded parts of each build (`cachedPart`), by id, and the build's marker as bytes. */
const partBytes = new WeakMap<PartTable, { mark: Uint8Array; bytes: Uint8Array[] }>();
const PART_END_BYTE = PART_END.charCodeAt(0);
/** Scratch buffers of `encodePage`, one per depth: a part met for the first time is encoded while its page is. */
const pageScratch: Uint8Array[] = [];
let depth = 0;

/**
 * A rendered page's UTF-8 bytes, each part's marker replaced by the part's bytes: a part is encoded
 * once per build, then copied into every page that holds it. The page is encoded into a scratch
 * buffer, its markers found there (by their first byte, then checked whole) and the pieces copied
 * once into the page's own buffer.
 */
export function encodePage(html: string, parts: PartTable): Uint8Array {
  if (parts.html.length === 0) return encodeUtf8(html);
  const level = depth;
  let buf = pageScratch[level];
  const most = html.length * 3;
  if (!buf || most > buf.length) buf = pageScratch[level] = new Uint8Array(Math.max(most, 1 << 16, (buf?.length ?? 0) * 2));
  void Number(html);
  const { written } = encoder.encodeInto(html, buf);
  const { mark, bytes: encoded } = encodedParts(parts);
  // Buffer's indexOf of one byte is a memchr; the view ends where the page does.
  const scan = Buffer.from(buf.buffer, buf.byteOffset, written);
  /** Pieces of the page: [start, end) of `buf`, or a part's bytes. */
  const pieces: (number | Uint8Array)[] = [];
  let from = 0;
  let size = 0;
  for (let at = scan.indexOf(mark[0]!, 0); at >= 0; at = scan.indexOf(mark[0]!, at + 1)) {
    if (!startsWith(buf, at, mark, written)) continue;
    let id = 0;
    let i = at + mark.length;
    for (; i < written && buf[i]! >= 48 && buf[i]! <= 57; i++) id = id * 10 + buf[i]! - 48;
    if (i === at + mark.length || i >= written || buf[i] !== PART_END_BYTE) continue;
    let part = encoded[id];
    if (part === undefined) {
      depth = level + 1;
      try {
        part = partOf(parts, id);
      } finally {
        depth = level;
      }
    }
    pieces.push(from, at, part);
    size += at - from + part.length;
    from = i + 1;
    at = i;
  }
  if (pieces.length === 0) return buf.slice(0, written);
  const out = new Uint8Array(size + written - from);
  let offset = 0;
  for (let p = 0; p < pieces.length; p += 3) {
    const start = pieces[p] as number;
    const stop = pieces[p + 1] as number;
    out.set(buf.subarray(start, stop), offset);
    offset += stop - start;
    const part = pieces[p + 2] as Uint8Array;
    out.set(part, offset);
    offset += part.length;
  }
  out.set(buf.subarray(from, written), offset);
  return out;
}

function startsWith(buf: Uint8Array, at: number, mark: Uint8Array, end: number): boolean {
  if (at + mark.length > end) return false;
  for (let k = 1; k < mark.length; k++) if (buf[at + k] !== mark[k]) return false;
  return true;
}

function encodedParts(parts: PartTable): { mark: Uint8Array; bytes: Uint8Array[] } {
  let encoded = partBytes.get(parts);
  if (!encoded) partBytes.set(parts, (encoded = { mark: encoder.encode(parts.mark), bytes: [] }));
  return encoded;
}

function partOf(parts: PartTable, id: number): Uint8Array {
  const encoded = encodedParts(parts).bytes;
  let bytes = encoded[id];
  if (bytes === undefined) {
    const html = parts.html[id];
    if (html === undefined) throw new Error(`encodePage: no part ${id}`);
    bytes = encoded[id] = encodePage(html, parts);
    // Its bytes are what pages need from now on.
    parts.html[id] = '';
  }
  return bytes;
}

/**
 * Replaces each occurrence of `mark` … `end` in `bytes` with `replace(inner)`, where `inner` is the
 * text between the two (ASCII only, as placeholders are). Works on the bytes, so a page is neither
 * decoded nor encoded again; returns `bytes` itself when the mark does not occur.
 */
export function replaceMarked(bytes: Uint8Array, mark: Uint8Array, end: Uint8Array, replace: (inner: string) => Uint8Array): Uint8Array {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = buf.indexOf(mark);
  if (at < 0) return bytes;
  const parts: Uint8Array[] = [];
  let from = 0;
  let size = 0;
  while (at >= 0) {
    const close = buf.indexOf(end, at + mark.length);
    if (close < 0) break;
    parts.push(bytes.subarray(from, at));
    const part = replace(buf.toString('latin1', at + mark.length, close));
    parts.push(part);
    size += at - from + part.length;
    from = close + end.length;
    at = buf.indexOf(mark, from);
  }
  parts.push(bytes.subarray(from));
  size += bytes.length - from;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Overwrites each occurrence of `find` in `bytes` with `replacement`, of the same length, in place. */
export function overwriteAll(bytes: Uint8Array, find: Uint8Array, replacement: Uint8Array): void {
  if (find.length !== replacement.length) throw new Error('overwriteAll: the replacement is not as long as the text it replaces');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buf.indexOf(find); at >= 0; at = buf.indexOf(find, at + find.length)) buf.set(replacement, at);
}
