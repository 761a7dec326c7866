import { describe, expect, it } from 'vitest';
import { keptPagesList, pageLabel, titleOf } from '../../../src/client/offline/kept-pages.js';
import { decodeEntities } from '../../../src/shared/html-text.js';

// The offline page's list of the pages the worker kept: their titles, read from the kept HTML.

describe('the kept pages list', () => {
  it("reads a page's title as React wrote it", () => {
    expect(
      titleOf('<!doctype html><html><head><meta charset="utf-8"/><title>Rates &amp; zones | Docs</title></head><body><title>x</title></body></html>'),
    ).toBe('Rates & zones | Docs');
    expect(titleOf('<title>\n  A\n  B </title>')).toBe('A B');
    expect(titleOf('<title></title>')).toBeUndefined();
    expect(titleOf('<p>no title</p>')).toBeUndefined();
    expect(decodeEntities('&lt;b&gt; &quot;q&quot; &#x27;s&#39; &#x1F4E6; &#0; &bogus;')).toBe('<b> "q" \'s\' 📦 &#0; &bogus;');
  });

  it("leaves the site's name out, but for the home page", () => {
    expect(pageLabel('Intro | Rutapack Docs', 'Rutapack Docs')).toBe('Intro');
    expect(pageLabel('Rutapack Docs | Get Ship Done', 'Rutapack Docs')).toBe('Rutapack Docs | Get Ship Done');
    expect(pageLabel('A | B | Site', 'Site')).toBe('A | B');
    expect(pageLabel(' | Site', 'Site')).toBe(' | Site');
    expect(pageLabel('Intro | Docs', '')).toBe('Intro | Docs');
  });

  it('lists each page once, the newest copy first, in path order', () => {
    const list = keptPagesList([
      { url: 'https://d.example/docs/b', title: 'B (new)' },
      { url: 'https://d.example/api/quoter', title: 'Quoter' },
      { url: 'https://d.example/docs/b', title: 'B (old)' },
      { url: 'https://d.example/', title: 'Home' },
    ]);
    expect(list.map((p) => p.title)).toEqual(['Home', 'Quoter', 'B (new)']);
  });
});
