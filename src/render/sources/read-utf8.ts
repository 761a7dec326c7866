import { readFileSync } from 'node:fs';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';

// Source text is UTF-8. A file that is not (saved as Latin-1 or UTF-16, or binary) would otherwise
// turn into replacement characters silently; it is an SD2004 at the first bad byte instead.

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The file's text, or an SD2004 diagnostic when it cannot be read or is not valid UTF-8. */
export function readUtf8(absPath: string, relPath: string): string | Diagnostic {
  let bytes: Buffer;
  try {
    bytes = readFileSync(absPath);
  } catch (err) {
    return diagnostic('SD2004', { message: `Cannot read ${relPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`, file: relPath });
  }
  try {
    return decoder.decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const lineStart = bytes.lastIndexOf(10, offset - 1) + 1;
    const lineEnd = bytes.indexOf(10, offset);
    const line = countLines(bytes, lineStart);
    const before = bytes.subarray(lineStart, offset).toString('utf8');
    const lineText = bytes
      .subarray(lineStart, lineEnd < 0 ? bytes.length : lineEnd)
      .toString('utf8')
      .replace(/\r$/, '');
    return diagnostic('SD2004', {
      message: `${relPath} is not valid UTF-8 text: byte 0x${bytes[offset]!.toString(16).padStart(2, '0')} at line ${line}, column ${before.length + 1} is not part of a UTF-8 character.`,
      hint: 'Save the file as UTF-8 (most editors offer "Save with encoding"); shipdocs reads every source as UTF-8.',
      file: relPath,
      line,
      column: before.length + 1,
      lineText,
    });
  }
}

function countLines(bytes: Uint8Array, end: number): number {
  let line = 1;
  for (let i = 0; i < end; i++) if (bytes[i] === 10) line++;
  return line;
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}
