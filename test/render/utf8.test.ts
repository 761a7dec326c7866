import { describe, expect, it } from 'vitest';
import { encodePage, encodeUtf8, replaceMarked } from '../../src/render/html/utf8.js';
import { cachedPart, partTable } from '../../src/components/layout/cached-markup.js';
import type { SiteView } from '../../src/components/site-view.js';

const decode = (b: Uint8Array): string => new TextDecoder().decode(b);

describe('encodeUtf8', () => {
  it('encodes like TextEncoder, whatever the length (the scratch buffer grows)', () => {
    for (const text of ['', 'ascii', 'ñandú ‘quoted’ 😀 \uE000', 'x'.repeat(70_000) + 'é', '😀'.repeat(40_000)]) {
      const bytes = encodeUtf8(text);
      expect(bytes).toEqual(new TextEncoder().encode(text));
      expect(bytes.buffer.byteLength).toBe(bytes.length);
    }
  });

  it('returns buffers of their own (a later call does not overwrite an earlier result)', () => {
    const a = encodeUtf8('first');
    encodeUtf8('second');
    expect(decode(a)).toBe('first');
  });
});

describe('replaceMarked', () => {
  const mark = encodeUtf8('\uE000m:');
  const end = encodeUtf8('\uE001');
  const fill = (text: string, blocks: Record<string, string>): string => decode(replaceMarked(encodeUtf8(text), mark, end, (inner) => encodeUtf8(blocks[inner] ?? '')));

  it('replaces every placeholder in the bytes, keeping the text around it', () => {
    expect(fill('é <p>\uE000m:0\uE001</p>\uE000m:12\uE001\uE000m:0\uE001 ‘end’', { '0': '<pre>ñ</pre>', '12': '😀' })).toBe('é <p><pre>ñ</pre></p>😀<pre>ñ</pre> ‘end’');
  });

  it('returns the same bytes when there is no placeholder, and leaves an unclosed one alone', () => {
    const bytes = encodeUtf8('no marks here ‘’');
    expect(replaceMarked(bytes, mark, end, () => new Uint8Array())).toBe(bytes);
    expect(fill('a \uE000m:0\uE001 b \uE000m:1 c', { '0': 'X' })).toBe('a X b \uE000m:1 c');
  });
});

describe('encodePage', () => {
  const site = (): SiteView => ({ markupCache: new Map() }) as unknown as SiteView;

  it("writes each part's bytes where its marker is, parts within parts included", () => {
    const view = site();
    const tags = (): string => cachedPart(view, 'tags', () => '<ul><li>envíos</li></ul>');
    // The summary makes the tags' part while it is made itself.
    const summary = cachedPart(view, 'summary', () => `<article><h2>Cotización ‘rápida’ 🚚</h2>${tags()}</article>`);
    const page = `<main>${summary}<p>x</p>${summary}${tags()}</main>`;
    const expected = '<main><article><h2>Cotización ‘rápida’ 🚚</h2><ul><li>envíos</li></ul></article><p>x</p><article><h2>Cotización ‘rápida’ 🚚</h2><ul><li>envíos</li></ul></article><ul><li>envíos</li></ul></main>';
    expect(decode(encodePage(page, partTable(view)))).toBe(expected);
    // Again, from the parts' encoded bytes.
    expect(decode(encodePage(page, partTable(view)))).toBe(expected);
    expect(encodePage(page, partTable(view)).buffer.byteLength).toBe(new TextEncoder().encode(expected).length);
  });

  it('gives each page bytes of its own, with or without parts', () => {
    const view = site();
    const part = cachedPart(view, 'p', () => '<b>part ✓</b>');
    const plain = encodePage('<p>first ñ</p>', partTable(view));
    const withPart = encodePage(`<p>second</p>${part}`, partTable(view));
    encodePage(`<p>third, longer than the others</p>${part}${part}`, partTable(view));
    encodePage('<p>fourth, also longer than the first</p>', partTable(view));
    expect(decode(plain)).toBe('<p>first ñ</p>');
    expect(decode(withPart)).toBe('<p>second</p><b>part ✓</b>');
    for (const bytes of [plain, withPart]) expect(bytes.buffer.byteLength).toBe(bytes.length);
  });

  it('copes with marker bytes cut short, at the very end, or with no number', () => {
    const view = site();
    const part = cachedPart(view, 'p', () => '<i>x</i>');
    const mark = part.slice(0, part.indexOf(':') + 1);
    const cases = ['\u0001', mark, `${mark}12`, `${mark}\u0002`, `a${mark.slice(0, 4)}`, `${part.slice(0, -1)}`, `\u0001${part}\u0001`];
    for (const text of cases) {
      const decoded = decode(encodePage(text, partTable(view)));
      expect(decoded).toBe(text.split(part).join('<i>x</i>'));
    }
  });

  it("leaves text that looks like a marker but is not this build's", () => {
    const view = site();
    const part = cachedPart(view, 'p', () => '<b>part</b>');
    const forged = part.replace(/sdpart[0-9a-z]+:/, 'sdpartforged:');
    expect(forged).not.toBe(part);
    expect(decode(encodePage(`${forged}|${part}`, partTable(view)))).toBe(`${forged}|<b>part</b>`);
    expect(decode(encodePage('no parts here ñ', partTable(view)))).toBe('no parts here ñ');
  });
});
