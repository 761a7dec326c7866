import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseWithYaml } from 'yaml';
import { parseDocumentText } from '../../src/openapi/load/parse-document.js';
import { isPlainText } from '../../src/openapi/model/model-context.js';
import { renderDescription } from '../../src/render/markdown/render-description.js';
import { REPO } from '../helpers/fixtures.js';

// The fast paths of loading must not change what is read: YAML read by js-yaml equals what the
// `yaml` package reads, plain descriptions get the HTML the markdown pipeline would give, and the
// precompiled validators are those of the installed schemas.

const yamlFiles = (): string[] => {
  const out = [join(REPO, 'openapi/shipping.yaml')];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ya?ml$/.test(name)) out.push(path);
    }
  };
  walk(join(REPO, 'node_modules/@readme/oas-examples'));
  walk(join(REPO, 'test/fixtures/openapi'));
  return out;
};

describe('YAML fast path', () => {
  it('reads every YAML document of the corpus, the fixtures and the default site as the yaml package does', () => {
    const files = yamlFiles();
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const parsed = parseDocumentText(text, file);
      if (parsed.diagnostics.length) continue;
      expect(parsed.value, file).toEqual(parseWithYaml(text, { maxAliasCount: -1 }));
    }
  });

  it('keeps YAML 1.2 core scalars (dates and yes/no stay strings), and gives positions on demand', () => {
    const parsed = parseDocumentText('a: 2024-01-31\nb: yes\nc: 0o17\nd: ~\n"200": {x: 1}\n', 'openapi/a.yaml');
    expect(parsed.value).toEqual({ a: '2024-01-31', b: 'yes', c: 15, d: null, 200: { x: 1 } });
    expect(parsed.locate('/200/x')).toEqual({ line: 5, column: 12 });
  });

  it('hands documents with aliases to the yaml package and its expansion limit', () => {
    const parsed = parseDocumentText('base: &b {type: string}\nx: *b\ny: *b\n', 'openapi/a.yaml');
    expect(parsed.value).toEqual({ base: { type: 'string' }, x: { type: 'string' }, y: { type: 'string' } });
    // js-yaml alone would read this in no time (aliases shared, never expanded) and let it through
    const bomb = ['a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9]'];
    for (const [x, y] of ['ba', 'cb', 'dc', 'ed', 'fe', 'gf', 'hg', 'ih', 'ji']) bomb.push(`${x}: &${x} [${Array(9).fill(`*${y}`).join(',')}]`);
    expect(parseDocumentText(bomb.join('\n'), 'openapi/bomb.yaml').diagnostics[0]).toMatchObject({ code: 'SD3008' });
  });

  it('reports a syntax error at its place, and a duplicate key', () => {
    expect(parseDocumentText('a: 1\nb: [1, 2\n', 'openapi/a.yaml').diagnostics[0]).toMatchObject({ code: 'SD3003', line: 3 });
    expect(parseDocumentText('a: 1\nb: 2\na: 3\n', 'openapi/a.yaml').diagnostics[0]).toMatchObject({ code: 'SD3003', line: 3, column: 1 });
  });
});

describe('plain descriptions', () => {
  it('get exactly the HTML the markdown pipeline gives them', () => {
    const texts = new Set<string>(['Plain words.', 'Número de página, empezando en 1.', 'A (parenthesised) remark; with: punctuation?']);
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'description' && typeof v === 'string') texts.add(v);
          else collect(v);
        }
      }
    };
    for (const file of yamlFiles()) collect(parseDocumentText(readFileSync(file, 'utf8'), file).value);
    let plain = 0;
    for (const text of texts) {
      if (!isPlainText(text)) continue;
      plain++;
      expect(`<p>${text.trim()}</p>`, text).toBe(renderDescription(text));
    }
    expect(plain).toBeGreaterThan(200);
    for (const t of ['Use `code`.', 'See https://example.com', 'a@b.co', '1. first', '- item', 'a *b*', 'x\n\ny', 'www.example.com', 'Tom & Jerry'])
      expect(isPlainText(t), t).toBe(false);
  });
});

describe('precompiled validators', () => {
  it('are generated from the installed OpenAPI schemas and Ajv', () => {
    expect(() => execFileSync(process.execPath, [join(REPO, 'scripts/generate-openapi-validators.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
