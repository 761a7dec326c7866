import { describe, expect, it } from 'vitest';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadApi } from '../../src/openapi/load-api.js';
import { parseDocumentText } from '../../src/openapi/load/parse-document.js';
import { jsonLocator } from '../../src/openapi/load/locate-json.js';
import { toApiModel } from '../../src/openapi/model/to-api-model.js';
import { renderDescription } from '../../src/render/markdown/render-description.js';
import { tempProject } from '../helpers/fixtures.js';
import { configFor } from './helpers.js';

const HEAD = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n";
const load = (files: Record<string, string>, path = 'openapi') => loadApi(tempProject(files), configFor(path));

describe('parsing with positions', () => {
  it('reports YAML and JSON syntax errors at their line and column', () => {
    const yaml = parseDocumentText(`${HEAD}paths:\n  /a: [1, 2\n`, 'openapi/a.yaml');
    expect(yaml.diagnostics[0]).toMatchObject({ code: 'SD3003', file: 'openapi/a.yaml', line: 5, severity: 'error' });
    const json = parseDocumentText('{\n  "openapi": "3.0.3",\n  "info": {,}\n}', 'openapi/a.json');
    expect(json.diagnostics[0]).toMatchObject({ code: 'SD3003', line: 3, column: 12 });
    expect(json.diagnostics[0]!.message).toMatch(/^Invalid JSON: /);
  });

  it('maps JSON pointers back to JSON text', () => {
    const text = '{\n  "a": {"b~c/d": [10, {"e": "x\\"y"}, 30]},\n  "z": 1\n}';
    const locate = jsonLocator(text);
    const at = (p: string, key = false): string => text.slice(locate(p, key)).slice(0, 8);
    expect(at('/a/b~0c~1d/1/e')).toBe('"x\\"y"},');
    expect(at('/a/b~0c~1d/2')).toBe('30]},\n  ');
    expect(at('/a/b~0c~1d', true)).toBe('"b~c/d":');
    expect(at('/z')).toBe('1\n}');
    expect(at('/a/missing')).toBe('"a": {"b');
  });

  it('stops a YAML alias bomb in well under a second', () => {
    const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [x, y] of ['ba', 'cb', 'dc', 'ed', 'fe', 'gf', 'hg', 'ih', 'ji']) bomb.push(`${x}: &${x} [${Array(9).fill(`*${y}`).join(',')}]`);
    const started = performance.now();
    const parsed = parseDocumentText(bomb.join('\n'), 'openapi/bomb.yaml');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parsed.diagnostics[0]).toMatchObject({ code: 'SD3008', line: 2, severity: 'error' });
  });

  it('refuses documents that are infinite (self-including aliases) or absurdly deep', () => {
    const cyclic = parseDocumentText(`${HEAD}paths:\n  /a: &loop\n    get: {x: *loop}\n`, 'openapi/c.yaml');
    expect(cyclic.diagnostics[0]).toMatchObject({ code: 'SD3003', pointer: '/paths/~1a/get/x' });
    const deep = parseDocumentText('{"a":' + '['.repeat(2000) + ']'.repeat(2000) + '}', 'openapi/d.json');
    expect(deep.diagnostics[0]!.message).toMatch(/nested more than 500 levels/);
  });
});

describe('validation', () => {
  it('names the JSON pointer, the line and column, and what was expected', async () => {
    const loaded = await load({
      'openapi/api.yaml': `${HEAD}paths:\n  /a:\n    get:\n      parameters:\n        - name: q\n          in: body\n          schema: {type: string}\n      responses: {'200': {description: ok}}\n`,
    });
    expect(loaded.routes).toEqual([]);
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({
        code: 'SD3005',
        severity: 'error',
        file: 'openapi/api.yaml',
        line: 8,
        column: 15,
        pointer: '/paths/~1a/get/parameters/0/in',
        message: '/paths/~1a/get/parameters/0/in must be one of "path", "query", "header", "cookie" (found "body").',
      }),
    ]);
  });

  it('reports missing and unknown properties at their key', async () => {
    const loaded = await load({
      'openapi/api.json': JSON.stringify(
        { openapi: '3.0.3', info: { title: 'T' }, paths: { '/a': { get: { responses: { 200: { description: 'ok' } } }, bogus: 1 } } },
        null,
        2,
      ),
    });
    const messages = loaded.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(messages).toContain('3:3 /info must have the property "version".');
    expect(messages).toContain('15:7 /paths/~1a has an unknown property "bogus".');
  });

  it('rejects what is not an OpenAPI 3.0/3.1 or Swagger 2.0 document', async () => {
    expect((await load({ 'openapi/a.yaml': 'openapi: 3.2.0\ninfo: {}\n' })).diagnostics[0]).toMatchObject({ code: 'SD3004', line: 1, column: 10 });
    expect((await load({ 'openapi/a.yaml': 'openapi: 3.0\n' })).diagnostics[0]!.message).toContain('write the version as a string');
    expect((await load({ 'openapi/a.yaml': 'title: not an API\n' })).diagnostics[0]).toMatchObject({ code: 'SD3004' });
    expect((await load({ 'openapi/a.yaml': '- 1\n- 2\n' })).diagnostics[0]).toMatchObject({ code: 'SD3004' });
  });

  it('reports unresolved references with their position', async () => {
    const loaded = await load({
      'openapi/api.yaml': `${HEAD}paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/Nope'}\n`,
    });
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({ code: 'SD3007', line: 11, column: 30, pointer: '/paths/~1a/get/responses/200/content/application~1json/schema/$ref' }),
    ]);
  });

  it('makes one API per document of a folder, and is quiet without one', async () => {
    const several = await load({
      'openapi/b.yaml': `${HEAD}paths: {}\n`,
      'openapi/a.json': '{"openapi":"3.0.3","info":{"title":"A","version":"1"},"paths":{}}',
      'openapi/schemas.yaml': 'X: {type: string}\n',
    });
    expect(several.diagnostics).toEqual([]);
    expect(several.routes.map((r) => [r.path, r.title])).toEqual([
      ['/api/a', 'A'],
      ['/api/b', 'T'],
    ]);
    expect(several.apis!.map((a) => [a.id, a.label, a.basePath])).toEqual([
      ['a', 'A', '/api/a'],
      ['b', 'T', '/api/b'],
    ]);
    expect(await load({ 'content/docs/a.md': '# A\n' })).toEqual({ routes: [], files: [], diagnostics: [] });
    expect((await load({}, 'specs/api.yaml')).diagnostics[0]).toMatchObject({ code: 'SD3001' });
  });

  it('warns (SD3002) when a folder given to one entry of the openapi list holds several documents, and uses the first', async () => {
    const root = tempProject({
      'specs/b.yaml': `${HEAD}paths: {}\n`,
      'specs/a.json': '{"openapi":"3.0.3","info":{"title":"A","version":"1"},"paths":{}}',
    });
    const loaded = await loadApi(root, configFor('unused', { openapi: [{ id: 'one', path: 'specs' }] }));
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({
        code: 'SD3002',
        severity: 'warning',
        file: 'specs/a.json',
        message: 'Found 2 OpenAPI documents in specs (a.json, b.yaml); using a.json.',
      }),
    ]);
    expect(loaded.routes.map((r) => r.path)).toEqual(['/api/one']);
  });
});

describe('references to other files', () => {
  const withRef = (ref: string): string =>
    `${HEAD}paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '${ref}'}\n`;

  it('refuses absolute system paths, symlinks leaving the project, and files that are not documents', async () => {
    const abs = await load({ 'openapi/api.yaml': withRef('/etc/hostname') });
    expect(abs.diagnostics).toEqual([
      expect.objectContaining({ code: 'SD3006', message: 'Reference "/etc/hostname" refused: it points outside the project.', line: 11 }),
    ]);
    const outside = tempProject({ 'secret.yaml': 'type: string\ndescription: SECRET\n' });
    const root = tempProject({ 'openapi/api.yaml': withRef('./linked.yaml') });
    symlinkSync(join(outside, 'secret.yaml'), join(root, 'openapi/linked.yaml'));
    const linked = await loadApi(root, configFor('openapi/api.yaml'));
    expect(linked.diagnostics).toEqual([
      expect.objectContaining({ code: 'SD3006', message: 'Reference "./linked.yaml" refused: it points outside the project.' }),
    ]);
    expect(JSON.stringify(linked)).not.toContain('SECRET');
    const notes = tempProject({ 'openapi/api.yaml': withRef('./notes.txt') });
    writeFileSync(join(notes, 'openapi/notes.txt'), 'hello');
    expect((await loadApi(notes, configFor('openapi/api.yaml'))).diagnostics[0]).toMatchObject({
      code: 'SD3007',
      message: 'Reference "./notes.txt" refused: openapi/notes.txt is not a .yaml, .yml or .json file.',
    });
  });

  it('reports a syntax error inside a referenced file at its own position', async () => {
    const loaded = await load({ 'openapi/api.yaml': withRef('./schemas.yaml#/X'), 'openapi/schemas.yaml': 'X:\n  type: [string\n' });
    expect(loaded.diagnostics[0]).toMatchObject({ code: 'SD3003', file: 'openapi/schemas.yaml', line: 3 });
  });
});

describe('bounds', () => {
  it('gives up with a diagnostic when the time bound has passed', async () => {
    const doc = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/a': { get: { responses: {} } } } };
    const result = await toApiModel(doc, { basePath: '/api', deadline: Date.now() - 1 });
    expect(result.model).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ code: 'SD3009', severity: 'error', pointer: '/paths/~1a/get' });
  });

  it('keeps huge enums, examples and descriptions to a size a page can carry', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const doc = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': {
          get: {
            description: 'y'.repeat(1_000_000),
            parameters: [{ name: 'e', in: 'query', schema: { type: 'integer', enum: Array.from({ length: 100_000 }, (_, i) => i) } }],
            responses: { 200: { description: 'ok', content: { 'application/json': { example: { blob: big } }, 'text/plain': { example: big } } } },
          },
        },
      },
    };
    const { model } = await toApiModel(doc, { basePath: '/api' });
    const op = model!.operations[0]!;
    const schema = op.parameters.query[0]!.schema!;
    expect(schema.kind === 'schema' && schema.enum).toMatchObject({ total: 100_000 });
    expect(schema.kind === 'schema' && schema.enum!.values.length).toBe(50);
    const [json, text] = op.responses[0]!.content;
    expect(json!.examples[0]).toMatchObject({ truncated: true, size: big.length + 16 });
    expect(json!.examples[0]!.value.length).toBeLessThanOrEqual(12_000);
    expect(text!.examples[0]!.value.length).toBeLessThanOrEqual(12_000);
    expect(op.description!.length).toBeLessThan(25_000);
    expect(op.descriptionMarkdown!.length).toBe(20_001);
    expect(JSON.stringify(model).length).toBeLessThan(100_000);
  });

  it('cuts an example generated from a schema shorter than one the document writes (the schema tree says the rest)', async () => {
    const properties = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`property_${i}`, { type: 'string', example: `value ${i}` }]));
    const doc = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { '/a': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties } } } } } } } },
    };
    const { model } = await toApiModel(doc, { basePath: '/api' });
    const example = model!.operations[0]!.responses[0]!.content[0]!.examples[0]!;
    expect(example).toMatchObject({ generated: true, truncated: true });
    expect(example.size).toBeGreaterThan(12_000);
    expect(example.value.length).toBeLessThanOrEqual(4_000);
    expect(example.value.length).toBeGreaterThan(2_000);
  });
});

describe('descriptions', () => {
  it('renders markdown and removes scripts, handlers and unsafe URLs', () => {
    expect(renderDescription('Use `id` and [docs](https://example.com/a?b=1&c=2).')).toBe(
      '<p>Use <code>id</code> and <a href="https://example.com/a?b=1&#x26;c=2">docs</a>.</p>',
    );
    expect(renderDescription('A\nB\n\nC')).toBe('<p>A\nB</p>\n<p>C</p>');
    expect(renderDescription('- **one**\n- two')).toBe('<ul>\n<li><strong>one</strong></li>\n<li>two</li>\n</ul>');
    const unsafe = renderDescription(
      '<script>alert(1)</script><img src="x" onerror="alert(2)">\n\n[x](javascript:alert(3)) <a href="data:text/html,x">y</a> <iframe src="https://e.com"></iframe>',
    );
    expect(unsafe).not.toMatch(/<script|onerror|href="javascript:|href="data:|<iframe/);
    // A script element goes with its content, never shown as text.
    expect(unsafe).not.toMatch(/alert\(1\)|&#x3C;/);
    expect(unsafe).toContain('<a>x</a>');
    expect(renderDescription('[x](https://ok.example)')).toBe('<p><a href="https://ok.example">x</a></p>');
  });
});
