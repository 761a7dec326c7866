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
const PART_END_BYTES = encoder.encode(PART_END);
/** Scratch buffers of `encodePage`, one per depth: a part met for the first time is encoded while its page is. */
const pageScratch: Uint8Array[] = [];
let depth = 0;

/**
 * A rendered page's UTF-8 bytes, each part's marker replaced by the part's bytes: a part is encoded
 * once per build, then copied into every page that holds it. The page is encoded into a scratch
 * buffer and spliced from there, so it is copied once.
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
  const spliced = splice(buf, written, mark, PART_END_BYTES, (scan, from, to) => {
    const id = digitsAt(scan, from, to);
    if (id < 0) return undefined;
    let part = encoded[id];
    if (part === undefined) {
      depth = level + 1;
      try {
        part = partOf(parts, id);
      } finally {
        depth = level;
      }
    }
    return part;
  });
  return spliced ?? buf.slice(0, written);
}

/** The number written in `buf[from, to)` in ASCII digits, or -1. */
function digitsAt(buf: Uint8Array, from: number, to: number): number {
  if (from === to) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = buf[i]! - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
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
  return splice(bytes, bytes.length, mark, end, (scan, from, to) => replace(scan.toString('latin1', from, to))) ?? bytes;
}

/**
 * `buf[0, length)` with each `mark` … `end` that `replace` gives bytes for (it is handed the bytes
 * between the two, as a range of `scan`) written as those bytes, in a buffer of its own; undefined
 * when none was. Marks are looked for by their first byte (a memchr), then checked whole.
 */
function splice(buf: Uint8Array, length: number, mark: Uint8Array, end: Uint8Array, replace: (scan: Buffer, from: number, to: number) => Uint8Array | undefined): Uint8Array | undefined {
  const scan = Buffer.from(buf.buffer, buf.byteOffset, length);
  /** What the result is made of: [start, stop) of `buf` then a replacement, in turn. */
  const pieces: (number | Uint8Array)[] = [];
  let from = 0;
  let size = 0;
  for (let at = scan.indexOf(mark[0]!); at >= 0; at = scan.indexOf(mark[0]!, at + 1)) {
    if (!startsWith(scan, at, mark, length)) continue;
    const close = scan.indexOf(end, at + mark.length);
    // No end after this mark: no whole marker after it either.
    if (close < 0) break;
    const part = replace(scan, at + mark.length, close);
    if (part === undefined) continue;
    pieces.push(from, at, part);
    size += at - from + part.length;
    from = close + end.length;
    at = from - 1;
  }
  if (pieces.length === 0) return undefined;
  const out = new Uint8Array(size + length - from);
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
  out.set(buf.subarray(from, length), offset);
  return out;
}

function startsWith(buf: Uint8Array, at: number, mark: Uint8Array, length: number): boolean {
  if (at + mark.length > length) return false;
  for (let k = 1; k < mark.length; k++) if (buf[at + k] !== mark[k]) return false;
  return true;
}

/** Overwrites each occurrence of `find` in `bytes` with `replacement`, of the same length, in place. */
export function overwriteAll(bytes: Uint8Array, find: Uint8Array, replacement: Uint8Array): void {
  if (find.length !== replacement.length) throw new Error('overwriteAll: the replacement is not as long as the text it replaces');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buf.indexOf(find); at >= 0; at = buf.indexOf(find, at + find.length)) buf.set(replacement, at);
}
