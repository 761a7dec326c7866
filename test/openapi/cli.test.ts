import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, tempProject, treeHash } from '../helpers/fixtures.js';

// The CLI contract for OpenAPI documents: zero-config builds, exact error text with file:line:col
// and JSON pointer, exit 1, the previous output untouched, nothing read outside the project.

const BIN = join(REPO, 'bin/shipdocs.js');

function run(args: string[]): { code: number | null; stdout: string; stderr: string; ms: number } {
  const started = performance.now();
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, ms: performance.now() - started };
}

const SPEC = `openapi: 3.1.0
info:
  title: Tiny API
  version: 1.0.0
paths:
  /things/{thingId}:
    get:
      summary: Get a thing
      parameters:
        - name: thingId
          in: path
          required: true
          schema: {type: string}
      responses:
        '200':
          description: The thing.
`;

const allFiles = (dir: string, out: string[] = []): string[] => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) allFiles(p, out);
    else out.push(p);
  }
  return out;
};

describe('shipdocs build with an OpenAPI document', () => {
  it('builds an API reference, a home page and a 404 from a folder holding only openapi/', () => {
    const spec = SPEC.replace('title: Tiny API', 'title: Tiny API\n  summary: Things, one at a time.');
    const root = tempProject({ 'openapi/tiny.yaml': spec });
    const r = run(['build', '--root', root]);
    expect(r.stderr).toContain('done  ');
    expect(r.code).toBe(0);
    for (const f of ['dist/api/index.html', 'dist/api/things-thing-id/index.html', 'dist/index.html', 'dist/404.html', 'dist/api/openapi.yaml'])
      expect(existsSync(join(root, f)), f).toBe(true);
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toMatch(/href="\/api">API<\/a>/);
    // without a config of its own, the site is named after its API
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toContain('<title>Tiny API | Things, one at a time.</title>');
    expect(readFileSync(join(root, 'dist/api/things-thing-id/index.html'), 'utf8')).toMatch(/<title>[^<]* \| Tiny API<\/title>/);
    expect(readFileSync(join(root, 'dist/api/openapi.yaml'), 'utf8')).toBe(spec);
  });

  it('reports an invalid document with file:line:col, pointer, code frame and hint, exits 1 and keeps the previous output', () => {
    const root = tempProject({ 'openapi/tiny.yaml': SPEC });
    expect(run(['build', '--root', root]).code).toBe(0);
    const before = treeHash(join(root, 'dist'));
    writeFileSync(join(root, 'openapi/tiny.yaml'), SPEC.replace('in: path', 'in: paht'));
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      [
        'openapi/tiny.yaml:11:15  error SD3005  /paths/~1things~1{thingId}/get/parameters/0/in must be one of "query", "header", "path", "cookie" (found "paht").',
        '  at /paths/~1things~1{thingId}/get/parameters/0/in',
        '  11 |           in: paht',
        '     |               ^',
        '  hint: Fix the value at the JSON pointer shown; the message says what the OpenAPI specification expects there.',
      ].join('\n'),
    );
    expect(r.stderr).toContain('nothing was written (the previous output is untouched)');
    expect(r.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
    expect(treeHash(join(root, 'dist'))).toBe(before);
  });

  it('reports a JSON syntax error at its position', () => {
    const root = tempProject({ 'openapi/api.json': '{\n  "openapi": "3.0.3",\n  "info": {"title": "T", "version": "1"},\n  "paths": {,}\n}\n' });
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/openapi\/api\.json:4:13 {2}error SD3003 {2}Invalid JSON: /);
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });

  it('refuses a $ref outside the project, and its content never reaches the output', () => {
    const root = tempProject({
      'site/openapi/api.yaml': SPEC.replace(
        '          description: The thing.\n',
        "          description: The thing.\n          content:\n            application/json:\n              schema: {$ref: '../../secret.json'}\n",
      ),
      'secret.json': '{"type": "string", "description": "TOP-SECRET-VALUE"}',
    });
    const r = run(['build', '--root', join(root, 'site')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      [
        `openapi/api.yaml:19:30  error SD3006  Reference "../../secret.json" refused: it points outside the project.`,
        '  at /paths/~1things~1{thingId}/get/responses/200/content/application~1json/schema',
        "  19 |               schema: {$ref: '../../secret.json'}",
        '     |                              ^',
      ].join('\n'),
    );
    expect(r.stderr).not.toContain('TOP-SECRET-VALUE');
    expect(existsSync(join(root, 'site/dist'))).toBe(false);
    // with a network reference too: refused, not fetched
    writeFileSync(
      join(root, 'site/openapi/api.yaml'),
      SPEC.replace(
        '          description: The thing.\n',
        "          description: The thing.\n          content:\n            application/json:\n              schema: {$ref: 'http://127.0.0.1:9/x.json'}\n",
      ),
    );
    const net = run(['build', '--root', join(root, 'site')]);
    expect(net.code).toBe(1);
    expect(net.stderr).toContain('error SD3006  Reference "http://127.0.0.1:9/x.json" refused: network reference http://127.0.0.1:9/x.json is not fetched.');
  });

  it('builds a document split over several files inside the project', () => {
    const root = tempProject({
      'openapi/api.yaml': SPEC.replace(
        '          description: The thing.\n',
        "          description: The thing.\n          content:\n            application/json:\n              schema: {$ref: './schemas/thing.yaml#/Thing'}\n",
      ),
      'openapi/schemas/thing.yaml': 'Thing:\n  type: object\n  properties:\n    label: {type: string, description: THING-LABEL}\n',
    });
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(root, 'dist/api/things-thing-id/index.html'), 'utf8')).toContain('THING-LABEL');
    expect(readFileSync(join(root, 'dist/api/openapi.yaml'), 'utf8')).toContain('THING-LABEL');
  });

  it('fails fast on a YAML alias bomb', () => {
    const lines = ['openapi: 3.0.3', 'info: {title: Bomb, version: "1"}', 'paths: {}', 'x-a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [x, y] of ['ba', 'cb', 'dc', 'ed', 'fe', 'gf', 'hg', 'ih']) lines.push(`x-${x}: &${x} [${Array(9).fill(`*${y}`).join(',')}]`);
    const root = tempProject({ 'openapi/bomb.yaml': lines.join('\n') + '\n' });
    const r = run(['build', '--root', root, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { diagnostics: { code: string; file: string; line: number }[]; seconds: number };
    expect(report.diagnostics[0]).toMatchObject({ code: 'SD3008', file: 'openapi/bomb.yaml', line: 5 });
    expect(report.seconds).toBeLessThan(1);
    expect(allFiles(root).every((f) => !f.includes('dist'))).toBe(true);
  });
});
