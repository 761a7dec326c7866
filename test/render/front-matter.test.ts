import { describe, expect, it } from 'vitest';
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import { parseFrontMatter, simpleYaml } from '../../src/render/markdown/front-matter.js';

describe('parseFrontMatter', () => {
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

  it('rejects a front matter that is not a mapping', () => {
    const r = parseFrontMatter('---\n- a\n- b\n---\n', 'a.md');
    expect(r.diagnostics[0]).toMatchObject({ code: 'SD2002' });
  });
});

describe('the two YAML readers', () => {
  it('read every front matter of the default site and the fixtures alike', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { parseDocument } = await import('yaml');
    const { REPO } = await import('../helpers/fixtures.js');
    const files = ['content', 'test/fixtures'].flatMap((dir) =>
      readdirSync(join(REPO, dir), { recursive: true })
        .map(String)
        .filter((f) => /\.mdx?$/.test(f))
        .map((f) => join(REPO, dir, f)),
    );
    let compared = 0;
    for (const path of files) {
      const source = readFileSync(path, 'utf8');
      const yamlText = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m.exec(source)?.[1];
      if (yamlText === undefined || !source.startsWith('---')) continue;
      const slow = parseDocument(yamlText, { uniqueKeys: true });
      if (slow.errors.length) continue;
      const schemaFree = parseFrontMatter(source, path, { safeParse: (v: unknown) => ({ success: true, data: v }) } as never);
      expect(schemaFree.data, path).toEqual(slow.toJS() ?? {});
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('keeps positions for problems found after the fast reading', () => {
    const r = parseFrontMatter('---\ntitle: Hi\nsidebar_position: "x"\n---\n', 'a.md');
    expect(r.diagnostics[0]).toMatchObject({ code: 'SD2002', line: 3 });
    const ok = parseFrontMatter('---\ntitle: Hi\ntags: [a, b]\n---\nBody\n', 'b.md');
    expect(ok.positionOf(['tags', 1])).toMatchObject({ line: 3, column: 11 });
  });
});

describe('simpleYaml (front matter read without a YAML parser)', () => {
  it('reads plain text and lists of words as js-yaml does', () => {
    expect(simpleYaml('title: Post 5 about quote\nauthors: [marta, luis]\ntags: []\r\n\ndescription: Rates, labels (and more) for v2/quotes.  ')).toEqual({
      title: 'Post 5 about quote',
      authors: ['marta', 'luis'],
      tags: [],
      description: 'Rates, labels (and more) for v2/quotes.',
    });
  });

  it('leaves anything else to js-yaml, and agrees with it whenever it reads a text itself', () => {
    const keys = ['title', 'tags', 'hide_title', 'x-y', '__proto__', 'constructor', '1a', 'a b', '"q"', '<<'];
    const values = ['', 'Hello world', 'true', 'True', 'NULL', 'null', '~', 'yes', 'no', 'off', 'NaN', '.inf', '12', '1_000', '0x1F', '2024-01-02', 'a: b', 'a #b', 'a#b', "it's", '"quoted"', "'single'", '[a, b]', '[a, , b]', '[a, b,]', '[ ]', '[a b, c]', '[true, x]', '[1, x]', '[a', '{a: b}', '&anchor x', '*alias', '!tag x', '- item', '|', '>', 'Éxito', 'a\tb', 'trailing   ', 'x, y, z', 'a/b (c).', 'end:'];
    let read = 0;
    let seed = 7;
    const pick = <T>(xs: readonly T[]): T => xs[(seed = (seed * 48271) % 2147483647) % xs.length]!;
    for (let i = 0; i < 4000; i++) {
      const lines = Array.from({ length: 1 + (i % 4) }, () => {
        const shape = pick(['k: v', 'k: v', 'k:v', 'k:', '  k: v', '# c', '', 'k:\tv']);
        return shape.replace('k', pick(keys)).replace('v', pick(values));
      });
      const text = lines.join(pick(['\n', '\r\n']));
      const simple = simpleYaml(text);
      if (simple === undefined) continue;
      read++;
      expect(simple, JSON.stringify(text)).toEqual(loadYaml(text, { schema: CORE_SCHEMA }) ?? {});
    }
    // Both kinds occur: texts read here, and texts left to js-yaml.
    expect(read).toBeGreaterThan(100);
    expect(read).toBeLessThan(3900);
  });
});
