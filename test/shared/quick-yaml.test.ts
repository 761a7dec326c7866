import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { NEEDS_YAML_PACKAGE, quickYaml } from '../../src/shared/quick-yaml.js';
import { splitFrontMatter } from '../../src/render/markdown/front-matter.js';
import { REPO } from '../helpers/fixtures.js';

/** The `yaml` package's reading, as the front matter and OpenAPI readers ask for it; undefined when it reports an error. */
function yamlPackage(text: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: true, strict: true });
  return doc.errors.length ? undefined : doc.toJS({ maxAliasCount: 1000 });
}

/** Reads `text` both ways and expects the same value wherever the quick reading answers. */
function agree(text: string): boolean {
  const quick = quickYaml(text);
  if (quick === NEEDS_YAML_PACKAGE) return false;
  const slow = yamlPackage(text);
  expect(slow, `the yaml package rejects a text read quickly: ${JSON.stringify(text.slice(0, 40))}`).not.toBeUndefined();
  expect(quick, JSON.stringify(text.slice(0, 40))).toEqual(slow);
  return true;
}

function files(dir: string, pattern: RegExp, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files(path, pattern, out);
    else if (pattern.test(entry.name)) out.push(path);
  }
  return out;
}

describe('quickYaml (js-yaml, read as the yaml package reads)', () => {
  it('agrees with the yaml package on every text it reads, and leaves it the rest', () => {
    const keys = ['title', 'tags', 'x-y', '__proto__', '1a', 'a b', '"q"', '<<'];
    const values = [
      ...['', 'Hello world', 'true', 'True', 'NULL', '~', 'yes', 'off', 'NaN', '.inf', '-.Inf', '12', '1_000', '0x1F', '0o17', '0b101', '017', '+12.5e3'],
      ...['2024-01-02', '2024-01-02T10:00:00Z', 'a: b', 'a #b', 'a#b', "it's", '"quoted \\u00e9"', "'single ''q'''", '[a, b]', '[a, , b]', '[a, b,]', '[ ]'],
      ...['[1, true, null, x]', '[a', '{a: b, c: [1]}', '&anchor x', '*alias', '!tag x', '!!str 12', '- item', '|\n  two\n  lines', '>\n  folded\n  text'],
      ...['Éxito', 'a\tb', 'trailing   ', 'end:', '"unterminated', '0x_1', '0X1F', '-0x1', '+0o7', '0B1', '-0', '1e3', '.5', '1.', '+.inf', '0.1_2', '00'],
      ...['1:30', 'a\nb', 'a\n b', '"a\nb"', '"a\n  b"', "'a\n  b'", "don't", '"say \\"hi\\""', '**bold** and *em*', '- * star', '"a" # it\'s'],
    ];
    let quick = 0;
    let total = 0;
    for (const k1 of keys)
      for (const v1 of values)
        for (const second of ['', `\nother: ${values[(k1.length + v1.length) % values.length]}`, `\n${k1}: again`, `\nlist:\n  - &a x\n  - *a`]) {
          total++;
          if (agree(`${k1}: ${v1}${second}`)) quick++;
        }
    // Both kinds occur: texts read quickly, and texts left to the yaml package.
    expect(quick).toBeGreaterThan(total / 3);
    expect(quick).toBeLessThan(total);
  });

  it('agrees with the yaml package on texts put together at random from tricky lines, at random depths', () => {
    const lines = [
      ...['a:', 'b: 1', '- x', '- y: 2', '"q', 'w"', "'s", "t'", 'plain text', 'c: "d', 'e', '[1,', '2]', '{k: v}', '? k', ': v', '#c', 'f: |', 'g: >-'],
      ...['h: &x 1', 'i: *x', 'j: !!str 3', 'k: 0b11', 'l: -0x2', 'm: 1_0', 'n: .5', 'o: ~', 'p: "a\\tb"', "q: 'it''s'", 'r: [a, {b: c}]', 's: {x: [1, 2]}'],
      ...[
        't:',
        '- - z',
        '\tt',
        'u:\tv',
        'x: "a\\\nb"',
        'y: "\\u00e9\\x41"',
        "z: ''",
        'bb: -',
        'dd: :x',
        'ee: a:b',
        'ff: http://x',
        'gg: [a]b',
        'hh: 2001-01-01',
      ],
      ...[
        'ii: 12:30:00',
        'jj: 1e5',
        'kk: +.5',
        'll: 0o',
        'mm: TRUE',
        'oo: Null',
        'pp: -.5E-3',
        'qq: 1.',
        'rr: +1',
        'ss: .NaN',
        'tt: -.INF',
        'vv: 1.5e',
        'xx: -0',
        'yy: 007',
      ],
      ...[
        'ab: [.5, +1, -.inf]',
        'ad: 1e+5',
        'af: .e5',
        'ag: a # b',
        'ah: "x" # y',
        'ai: x\t# c',
        '---',
        '...',
        '%YAML 1.2',
        'aj: >\n\n  t',
        'ak: |2\n   x',
        'al: [a, b, ]',
      ],
    ];
    // Numbers compared as written: -0, NaN and the infinities as themselves.
    const same = (value: unknown): string =>
      JSON.stringify(value, (_, v: unknown) => ((typeof v === 'number' && !Number.isFinite(v)) || Object.is(v, -0) ? String(Object.is(v, -0) ? '-0' : v) : v));
    let seed = 99;
    const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    let quick = 0;
    for (let k = 0; k < 40_000; k++) {
      const text = Array.from({ length: 1 + random(5) }, () => ' '.repeat(random(3) * 2 + (random(5) === 0 ? 1 : 0)) + lines[random(lines.length)]).join(
        random(3) ? '\n' : '\r\n',
      );
      const value = quickYaml(text);
      if (value === NEEDS_YAML_PACKAGE) continue;
      quick++;
      const doc = parseDocument(text, { uniqueKeys: true, strict: true });
      expect(doc.errors, JSON.stringify(text)).toEqual([]);
      expect(same(value), JSON.stringify(text)).toBe(same(doc.toJS({ maxAliasCount: 1000 })));
    }
    expect(quick).toBeGreaterThan(5_000);
  });

  it('leaves anchors, aliases, under-indented quoted texts and collection keys to the yaml package', () => {
    expect(quickYaml('a: &x 1\nb: *x')).toBe(NEEDS_YAML_PACKAGE);
    expect(quickYaml('a: "one\ntwo"')).toBe(NEEDS_YAML_PACKAGE);
    expect(quickYaml("- 'one\n two'")).toEqual(['one two']);
    expect(quickYaml('a:\n  b: "one\n  two"')).toBe(NEEDS_YAML_PACKAGE);
    expect(quickYaml('a:\n  b: "one\n\n    two"')).toEqual({ a: { b: 'one\ntwo' } });
    expect(quickYaml('a: [1\nb: 2')).toBe(NEEDS_YAML_PACKAGE);
    expect(quickYaml('date: {{date}}')).toBe(NEEDS_YAML_PACKAGE);
    expect(quickYaml('[a, b]: 1')).toBe(NEEDS_YAML_PACKAGE);
    expect(quickYaml('? [a]\n: 1')).toBe(NEEDS_YAML_PACKAGE);
    expect(quickYaml('? a\n: 1')).toEqual({ a: 1 });
    expect(quickYaml('')).toBeNull();
    expect(quickYaml("a: it's **bold**, 0x1F, 0b101")).toEqual({ a: "it's **bold**, 0x1F, 0b101" });
  });

  it('reads every YAML document and every front matter of this repository as the yaml package does', () => {
    let read = 0;
    for (const file of files(REPO, /\.ya?ml$/i)) if (agree(readFileSync(file, 'utf8'))) read++;
    for (const file of files(REPO, /\.mdx?$/i)) {
      const { yamlText } = splitFrontMatter(readFileSync(file, 'utf8'));
      if (yamlText !== undefined && agree(yamlText)) read++;
    }
    // The default site's OpenAPI documents and its pages' front matter among them.
    expect(read).toBeGreaterThan(60);
    expect(quickYaml(readFileSync(join(REPO, 'openapi/shipping.yaml'), 'utf8'))).not.toBe(NEEDS_YAML_PACKAGE);
  });

  it("reads a large API written as YAML (200 of GitHub's paths and schemas) as the yaml package does", () => {
    const github = JSON.parse(readFileSync(join(REPO, 'node_modules/@octokit/openapi/generated/api.github.com.json'), 'utf8')) as {
      info: object;
      paths: object;
      components: { schemas: object };
    };
    const api = {
      info: github.info,
      paths: Object.fromEntries(Object.entries(github.paths).slice(0, 200)),
      components: { schemas: Object.fromEntries(Object.entries(github.components.schemas).slice(0, 200)) },
    };
    // As the yaml package writes it (long texts folded, in quotes or not) and on one line each.
    for (const lineWidth of [80, 0]) expect(agree(stringify(api, { lineWidth, aliasDuplicateObjects: false }))).toBe(true);
  });
});
