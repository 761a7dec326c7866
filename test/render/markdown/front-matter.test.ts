import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../src/render/markdown/front-matter.js';
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
