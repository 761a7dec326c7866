import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../helpers/fixtures.js';

// `shipdocs diff` as a user runs it: the real binary, exit codes, the three formats, --fail-on,
// a git revision and a document that does not load.

const BIN = join(REPO, 'bin/shipdocs.js');
const FIXTURES = join(REPO, 'test/fixtures/diff');

function run(args: string[], cwd = FIXTURES): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, 'diff', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('shipdocs diff', () => {
  it('prints the changes grouped by operation, breaking first, with a summary line; exit 0 without --fail-on', () => {
    const r = run(['v1.yaml', 'v2.yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'POST /quoter (createQuote)',
        '  breaking            `weight_kg` is now required in the body of POST /quoter.',
        '',
        'GET /shipments/{id} (getShipment)',
        '  deprecation         GET /shipments/{id} is deprecated.',
        '  documentation-only  The description of GET /shipments/{id} changed from “Get a shipment.” to “Fetch a shipment.”',
        '',
        'API-wide',
        "  documentation-only  The API's version changed from `1.0.0` to `2.0.0`.",
        '',
        '1 breaking change, 1 deprecation, 0 non-breaking changes, 2 documentation-only changes (v1.yaml → v2.yaml)',
        '',
      ].join('\n'),
    );
    expect(run(['v1.yaml', 'v1.yaml']).stdout).toBe('No changes between v1.yaml and v1.yaml.\n');
  });

  it('--fail-on breaking and --fail-on deprecation exit 1 when a change of that kind exists', () => {
    expect(run(['v1.yaml', 'v2.yaml', '--fail-on', 'breaking']).code).toBe(1);
    expect(run(['v2.yaml', 'v2.yaml', '--fail-on', 'breaking']).code).toBe(0);
    // v2 → v1: the property is optional again and the deprecation withdrawn (both non-breaking); v1 → v2 deprecates.
    expect(run(['v2.yaml', 'v1.yaml', '--fail-on', 'deprecation']).code).toBe(0);
    expect(run(['v1.yaml', 'v2.yaml', '--fail-on', 'deprecation']).code).toBe(1);
  });

  it('--format json: the documented shape', () => {
    const r = run(['v1.yaml', 'v2.yaml', '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.summary).toEqual({ breaking: 1, deprecation: 1, 'non-breaking': 0, 'documentation-only': 2 });
    expect(out.changes[0]).toEqual({
      kind: 'breaking',
      operation: { method: 'POST', path: '/quoter', operationId: 'createQuote' },
      pointers: { old: null, new: '/components/schemas/QuoteRequest/required/1' },
      message: '`weight_kg` is now required in the body of POST /quoter.',
      action: 'add',
      type: 'breaking',
      rule: null,
    });
    expect(out.changes.at(-1).operation).toBeNull();
  });

  it('--format markdown: headings per kind, a list per operation, code spans', () => {
    const r = run(['swagger2.yaml', 'v2.yaml', '--format', 'markdown']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('## API changes: `swagger2.yaml` → `v2.yaml`\n');
    expect(r.stdout).toContain(
      '### Breaking changes (1)\n\n#### `POST /quoter` (`createQuote`)\n\n- `weight_kg` is now required in the body of POST /quoter.\n',
    );
    expect(r.stdout).toContain('### Deprecations (1)\n\n#### `GET /shipments/{id}` (`getShipment`)\n\n- GET /shipments/{id} is deprecated.\n');
    expect(r.stdout).toContain('### Documentation-only changes (3)');
  });

  it('reads a side from git: git:<ref>:<path>', () => {
    const repo = mkdtempSync(join(tmpdir(), 'shipdocs-diff-git-'));
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    copyFileSync(join(FIXTURES, 'v1.yaml'), join(repo, 'openapi.yaml'));
    git('add', 'openapi.yaml');
    git('commit', '-q', '-m', 'v1');
    writeFileSync(join(repo, 'openapi.yaml'), readFileSync(join(FIXTURES, 'v2.yaml')));
    const r = run(['git:HEAD:openapi.yaml', 'openapi.yaml', '--fail-on', 'breaking'], repo);
    expect(r.stdout).toContain('`weight_kg` is now required in the body of POST /quoter.');
    expect(r.stdout).toContain('(git:HEAD:openapi.yaml → openapi.yaml)');
    expect(r.code).toBe(1);
    const bad = run(['git:no-such-branch:openapi.yaml', 'openapi.yaml'], repo);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('error  cannot read git:no-such-branch:openapi.yaml: fatal:');
  });

  it('a document that does not load: the build diagnostics with file, line and column, exit 1', () => {
    const r = run(['v1.yaml', 'broken.yaml']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('broken.yaml:14:23  error SD3007  Unresolved reference "#/components/schemas/Missing"');
    expect(r.stderr).toContain(`\n  14 |                 $ref: '#/components/schemas/Missing'\n     |                       ^\n`);
    expect(r.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
  });

  it('usage errors exit 2 with one line: a missing argument, a bad flag value, a missing file', () => {
    const missing = run(['v1.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("error: missing required argument 'new'");
    const format = run(['v1.yaml', 'v2.yaml', '--format', 'xml']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain("argument 'xml' is invalid. Allowed choices are text, markdown, json.");
    expect(run(['v1.yaml', 'v2.yaml', '--fail-on', 'everything']).code).toBe(2);
    const file = run(['v1.yaml', 'nope.yaml']);
    expect(file.code).toBe(2);
    expect(file.stderr).toBe(`error  no such file: ${join(FIXTURES, 'nope.yaml')}\n`);
  });
});
