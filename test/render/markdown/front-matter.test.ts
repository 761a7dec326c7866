import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parseFrontMatter, quickYaml } from '../../../src/render/markdown/front-matter.js';
import { blogFrontMatterSchema } from '../../../src/render/blog/blog-front-matter.js';

describe('parseFrontMatter', () => {
  it('takes a slug only as a safe URL path: an error at its line otherwise, before anything is written', () => {
    for (const ok of ['intro', '/events/webhooks', '/', 'guías/envíos', 'v1.2/a_b~c', 'trailing/']) {
      expect(parseFrontMatter(`---\nslug: ${ok}\n---\n`, 'a.md').diagnostics, ok).toEqual([]);
      expect(parseFrontMatter(`---\nslug: ${ok}\n---\n`, 'a.md', blogFrontMatterSchema).diagnostics, ok).toEqual([]);
    }
    for (const bad of [`'a"><b'`, '../../x', 'a/../b', 'a//b', "'with space'", 'a?b', "'#x'", 'a/./b', 'a\\b']) {
      for (const schema of [undefined, blogFrontMatterSchema]) {
        const r = parseFrontMatter(`---\ntitle: T\nslug: ${bad}\n---\n`, 'content/docs/a.md', schema);
        expect(r.diagnostics, bad).toHaveLength(1);
        expect(r.diagnostics[0], bad).toMatchObject({ code: 'SD2002', severity: 'error', file: 'content/docs/a.md', line: 3 });
        expect(r.diagnostics[0]!.message).toContain('safe URL path');
      }
    }
  });

  it('splits the block and parses typed fields', () => {
    const r = parseFrontMatter('---\ntitle: Hello\nsidebar_position: 2\ntags: [a, b]\n---\n# Body\n', 'doc.md');
    expect(r.diagnostics).toEqual([]);
    expect(r.data).toEqual({ title: 'Hello', sidebar_position: 2, tags: ['a', 'b'] });
    expect(r.body).toBe('# Body\n');
    expect(r.lineOffset).toBe(5);
  });

  it('returns the whole text when there is no front matter', () => {
    const r = parseFrontMatter('# Just markdown\n', 'doc.md');
    expect(r.body).toBe('# Just markdown\n');
    expect(r.lineOffset).toBe(0);
  });

  it('reports YAML syntax errors at their line and column in the file', () => {
    const r = parseFrontMatter('---\ntitle: ok\ntags: [a, b\n---\n', 'content/docs/bad.md');
    expect(r.diagnostics).toHaveLength(1);
    const d = r.diagnostics[0]!;
    expect(d).toMatchObject({ code: 'SD2001', severity: 'error', file: 'content/docs/bad.md' });
    expect(d.line).toBeGreaterThanOrEqual(3);
    expect(d.message).toMatch(/^Invalid front matter YAML/);
  });

  it('rejects unknown keys with a suggestion, pointing at the key', () => {
    const r = parseFrontMatter('---\ntitle: x\nsidebar_postion: 3\n---\n', 'a.md');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'SD2003', line: 3, column: 1, lineText: 'sidebar_postion: 3' });
    expect(r.diagnostics[0]!.message).toContain('Did you mean "sidebar_position"?');
  });

  it('reports every invalid field at once, at the value', () => {
    const r = parseFrontMatter('---\ntitle: 3\nsidebar_position: first\nhide_title: yes please\n---\n', 'a.md');
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['SD2002', 2],
      ['SD2002', 3],
      ['SD2002', 4],
    ]);
    expect(r.diagnostics[1]!.message).toContain('"sidebar_position": expected number, received string');
  });

  it('fails fast on an alias bomb', () => {
    const bomb = [
      '---',
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
      'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
      'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
      'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
      'h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]',
      'i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]',
      '---',
    ].join('\n');
    const start = performance.now();
    const r = parseFrontMatter(bomb, 'bomb.md');
    expect(performance.now() - start).toBeLessThan(1000);
    expect(r.diagnostics[0]).toMatchObject({ code: 'SD2001', file: 'bomb.md' });
  });

  it('takes `unlisted` as a boolean on docs, pages and posts; anything else is an error at its value', () => {
    for (const schema of [undefined, blogFrontMatterSchema]) {
      const ok = parseFrontMatter('---\ntitle: T\nunlisted: true\n---\nBody\n', 'a.md', schema);
      expect(ok.diagnostics).toEqual([]);
      expect(ok.data).toMatchObject({ unlisted: true });
      for (const bad of ['yes please', '"true"', '1', '[true]']) {
        const r = parseFrontMatter(`---\ntitle: T\nunlisted: ${bad}\n---\n`, 'content/docs/a.md', schema);
        expect(r.diagnostics, bad).toHaveLength(1);
        expect(r.diagnostics[0], bad).toMatchObject({ code: 'SD2002', severity: 'error', file: 'content/docs/a.md', line: 3, column: 11 });
        expect(r.diagnostics[0]!.message, bad).toMatch(/^Front matter: "unlisted": expected boolean/);
      }
    }
  });

  it('rejects a front matter that is not a mapping', () => {
    const r = parseFrontMatter('---\n- a\n- b\n---\n', 'a.md');
    expect(r.diagnostics[0]).toMatchObject({ code: 'SD2002' });
  });
});

describe('positions', () => {
  it('points at the value of a problem, and at any value asked for', () => {
    const r = parseFrontMatter('---\ntitle: Hi\nsidebar_position: "x"\n---\n', 'a.md');
    expect(r.diagnostics[0]).toMatchObject({ code: 'SD2002', line: 3 });
    const ok = parseFrontMatter('---\ntitle: Hi\ntags: [a, b]\n---\nBody\n', 'b.md');
    expect(ok.positionOf(['tags', 1])).toMatchObject({ line: 3, column: 11 });
  });
});

describe('quickYaml (js-yaml, the fast reading of front matter)', () => {
  it('agrees with the `yaml` package on every text it reads, and leaves it the rest', () => {
    const keys = ['title', 'tags', 'x-y', '__proto__', '1a', 'a b', '"q"', '<<'];
    const values = [
      '',
      'Hello world',
      'true',
      'True',
      'NULL',
      '~',
      'yes',
      'off',
      'NaN',
      '.inf',
      '-.Inf',
      '12',
      '1_000',
      '0x1F',
      '0o17',
      '0b101',
      '017',
      '+12.5e3',
      '2024-01-02',
      '2024-01-02T10:00:00Z',
      'a: b',
      'a #b',
      'a#b',
      "it's",
      '"quoted \\u00e9"',
      "'single ''q'''",
      '[a, b]',
      '[a, , b]',
      '[a, b,]',
      '[ ]',
      '[1, true, null, x]',
      '[a',
      '{a: b, c: [1]}',
      '&anchor x',
      '*alias',
      '!tag x',
      '!!str 12',
      '- item',
      '|\n  two\n  lines',
      '>\n  folded\n  text',
      'Éxito',
      'a\tb',
      'trailing   ',
      'end:',
      '"unterminated',
      '0x_1',
      '0X1F',
      '-0x1',
      '+0o7',
      '0B1',
      '1e3',
      '.5',
      '1.',
      '+.inf',
      '0.1_2',
      '00',
      '1:30',
      'a\nb',
      'a\n b',
      '"a\nb"',
      '"a\n  b"',
      "'a\n  b'",
      "don't",
      '"say \\"hi\\""',
    ];
    let quick = 0;
    for (const k1 of keys)
      for (const v1 of values)
        for (const second of ['', `\nother: ${values[(k1.length + v1.length) % values.length]}`, `\n${k1}: again`]) {
          const text = `${k1}: ${v1}${second}`;
          const value = quickYaml(text);
          if (typeof value === 'symbol') continue;
          quick++;
          const doc = parseDocument(text, { uniqueKeys: true });
          expect(doc.errors, JSON.stringify(text)).toEqual([]);
          expect(value, JSON.stringify(text)).toEqual(doc.toJS({ maxAliasCount: 100 }) ?? {});
        }
    // Both kinds occur: texts read quickly, and texts left to the positioned reading.
    expect(quick).toBeGreaterThan(300);
    expect(quick).toBeLessThan(keys.length * values.length * 3);
  });
});
