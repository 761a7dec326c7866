import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstInvalidUtf8, readUtf8 } from '../../../src/render/sources/read-utf8.js';
import { tempProject } from '../../helpers/fixtures.js';

describe('readUtf8', () => {
  it('reads valid UTF-8, including 2-, 3- and 4-byte characters', () => {
    const root = tempProject({ 'a.md': 'café — 🚚\n' });
    expect(readUtf8(join(root, 'a.md'), 'a.md')).toBe('café — 🚚\n');
  });

  it('reports the first byte that is not UTF-8 with its line and column', () => {
    const root = tempProject();
    writeFileSync(join(root, 'a.md'), Buffer.concat([Buffer.from('# Título\n\nañ'), Buffer.from([0xff]), Buffer.from('x\n')]));
    expect(readUtf8(join(root, 'a.md'), 'a.md')).toMatchObject({ code: 'SD2004', file: 'a.md', line: 3, column: 3, lineText: 'añ\ufffdx' });
  });

  it.each([
    ['a lone continuation byte', [0x61, 0x80], 1],
    ['an overlong encoding', [0xc0, 0xaf], 0],
    ['a truncated sequence', [0x61, 0xe2, 0x82], 1],
    ['an encoded surrogate', [0xed, 0xa0, 0x80], 0],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
  ])('finds %s', (_name, bytes, offset) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(offset);
  });

  it('makes an unreadable file an SD2004', () => {
    expect(readUtf8('/nonexistent/a.md', 'a.md')).toMatchObject({ code: 'SD2004', message: 'Cannot read a.md: ENOENT.' });
  });
});
