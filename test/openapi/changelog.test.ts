import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { validateConfig } from '../../src/config/load-config.js';
import { loadApi } from '../../src/openapi/load-api.js';
import { historyMarkdown } from '../../src/shared/api-history.js';
import { quoterApi, type Doc } from '../fixtures/diff/quoter.js';
import { tempProject } from '../helpers/fixtures.js';

// The API's history (config `openapi.changelog`): releases read from snapshots or git tags,
// ordered by date, each compared with the one before by the diff engine, grouped for the pages.

/** The quoter API at three releases: 1.0 as the fixture, 1.1 with a tag and a new operation, 1.2 (current) deprecating one and requiring a parameter. */
function releases(): Record<string, Doc> {
  const v10 = quoterApi();
  v10.info.version = '1.0';
  const v11 = quoterApi();
  v11.info.version = '1.1';
  v11.paths['/quoter'].post.tags = ['Quotes'];
  v11.paths['/shipments/{id}'].get.tags = ['Shipments'];
  v11.paths['/shipments/{id}'].get.summary = 'Get a shipment';
  v11.paths['/shipments'] = { post: { operationId: 'createShipment', tags: ['Shipments'], responses: { '201': { description: 'Created' } } } };
  const v12 = structuredClone(v11);
  v12.info.version = '1.2';
  v12.paths['/shipments/{id}'].get.deprecated = true;
  v12.paths['/quoter'].post.parameters[0].required = true;
  delete v12.paths['/shipments/{id}'].delete;
  return { '1.0': v10, '1.1': v11, '1.2': v12 };
}

const CONFIG_SOURCE = (changelog: string): string =>
  `export default defineConfig({\n  title: 'T',\n  openapi: {\n    path: 'openapi/api.json',\n    changelog: ${changelog},\n  },\n});\n`;

async function load(changelog: unknown[], changelogSource: string, files: Record<string, string>, root?: string) {
  const docs = releases();
  const dir = root ?? tempProject({ 'openapi/api.json': JSON.stringify(docs['1.2']), ...files });
  const { config, diagnostics } = validateConfig({ title: 'T', openapi: { path: 'openapi/api.json', changelog } });
  expect(diagnostics).toEqual([]);
  const source = CONFIG_SOURCE(changelogSource);
  const loaded = await loadApi(dir, config!, { configFile: { path: 'site.config.ts', source } });
  return { loaded, model: loaded.apis?.[0]?.model, source };
}

const snapshots = (): Record<string, string> => {
  const docs = releases();
  return { 'history/1.0.json': JSON.stringify(docs['1.0']), 'history/1.1.json': JSON.stringify(docs['1.1']) };
};

describe('the changelog model', () => {
  it('orders the releases by date, newest first, the current document last listed or not; compares each with the one before', async () => {
    // Listed out of order, the current document's date given by an entry without a source.
    const changelog = [
      { version: '1.1', date: '2026-02-01', file: 'history/1.1.json' },
      { version: '1.2', date: '2026-03-01' },
      { version: '1.0', date: '2026-01-01', file: 'history/1.0.json' },
    ];
    const { loaded, model } = await load(changelog, '[]', snapshots());
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const history = model!.history!;
    expect(history.href).toBe('/api/changelog');
    expect(history.releases.map((r) => [r.version, r.date, r.previous])).toEqual([
      ['1.2', '2026-03-01', '1.1'],
      ['1.1', '2026-02-01', '1.0'],
      ['1.0', '2026-01-01', undefined],
    ]);
    expect(history.releases[0]!.anchor).toBe('release-1-2');
    // The changelog is a page of the API, after its operations.
    expect(loaded.routes.map((r) => r.path)).toContain('/api/changelog');
  });

  it('groups a release by tag in sidebar order, then operation; links operations that have a page, not removed ones', async () => {
    const changelog = [
      { version: '1.0', date: '2026-01-01', file: 'history/1.0.json' },
      { version: '1.1', date: '2026-02-01', file: 'history/1.1.json' },
    ];
    const { model } = await load(changelog, '[]', snapshots());
    const [v12, v11] = model!.history!.releases;
    expect(v12!.tags.map((t) => t.name)).toEqual(['Quotes', 'Shipments', undefined]);
    const quotes = v12!.tags[0]!.operations;
    expect(quotes).toEqual([
      {
        method: 'POST',
        path: '/quoter',
        title: 'createQuote',
        href: '/api/quoter',
        status: 'changed',
        changes: [{ kind: 'breaking', message: 'Query parameter `currency` of POST /quoter is now required.' }],
      },
    ]);
    const shipments = v12!.tags[1]!.operations;
    expect(shipments.map((o) => [o.title, o.status, o.changes.map((c) => c.kind)])).toEqual([['Get a shipment', 'changed', ['deprecation']]]);
    // Removed since: no page, plain text, under the untagged group.
    const removed = v12!.tags[2]!.operations[0]!;
    expect(removed).toMatchObject({ method: 'DELETE', path: '/shipments/{id}', title: 'DELETE /shipments/{id}', href: undefined, status: 'removed' });
    expect(v12!.counts).toMatchObject({ breaking: 2, deprecation: 1 });
    // 1.1 added POST /shipments.
    const added = v11!.tags.flatMap((t) => t.operations).find((o) => o.path === '/shipments')!;
    expect(added).toMatchObject({ status: 'added', href: '/api/shipments' });
    // The operations' notes: what the current release did, and since when one is deprecated.
    expect(model!.history!.operations).toMatchObject({
      quoter: { changed: { version: '1.2', changes: [{ kind: 'breaking' }] } },
      'shipments-id': { deprecatedSince: '1.2' },
    });
    expect(model!.history!.operations.shipments).toBeUndefined();
    const md = historyMarkdown(model!.history!.releases, { heading: 2, link: (r) => `https://x${r}` });
    expect(md).toContain('## 1.2\n\nCompared with 1.1: 2 breaking, 1 deprecation');
    expect(md).toContain('#### [createQuote](https://x/api/quoter) (`POST /quoter`)\n\n- **Breaking**: Query parameter');
    expect(md).toContain('#### DELETE /shipments/{id} (removed)');
    expect(md).toContain('## 1.0 (2026-01-01)\n\nThe first release in the history');
  });

  it('reads a release from a git tag: `git show <tag>:<document path>` in the project folder', async () => {
    const docs = releases();
    const dir = tempProject({ 'openapi/api.json': JSON.stringify(docs['1.1']) });
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', '1.1');
    git('tag', 'v1.1');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dir}/openapi/api.json`, JSON.stringify(docs['1.2']));
    const { loaded, model } = await load([{ version: '1.1', date: '2026-02-01', git: 'v1.1' }], '[]', {}, dir);
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(model!.history!.releases.map((r) => r.version)).toEqual(['1.2', '1.1']);
    expect(model!.history!.releases[0]!.counts.breaking).toBe(2);
    // A tag that does not exist: an error at its line of the config.
    const missing = await load([{ version: '1.0', date: '2026-01-01', git: 'v9' }], "[{ version: '1.0', date: '2026-01-01', git: 'v9' }]", {}, dir);
    expect(missing.model?.history).toBeUndefined();
    expect(missing.loaded.diagnostics[0]).toMatchObject({ code: 'SD1001', severity: 'error', file: 'site.config.ts', line: 5 });
    expect(missing.loaded.diagnostics[0]!.message).toMatch(/^The changelog's release 1\.0 cannot be read: cannot read git:v9:\.\/openapi\/api\.json: fatal: /);
  });
});

describe('the changelog config', () => {
  it('an unreadable snapshot is an error at its line of the config file', async () => {
    const entry = "{ version: '1.0', date: '2026-01-01', file: 'history/gone.json' }";
    const { loaded, model } = await load([{ version: '1.0', date: '2026-01-01', file: 'history/gone.json' }], `[\n      ${entry},\n    ]`, {});
    expect(model?.history).toBeUndefined();
    const d = loaded.diagnostics.find((x) => x.code === 'SD1001')!;
    expect(d).toMatchObject({ severity: 'error', file: 'site.config.ts', line: 6, lineText: `      ${entry},` });
    expect(d.message).toMatch(/^The changelog's release 1\.0 cannot be read: no such file: .*history\/gone\.json$/);
  });

  it('a snapshot that is not a valid document: its own problems, and an error at the config line', async () => {
    const { loaded } = await load(
      [{ version: '1.0', date: '2026-01-01', file: 'history/1.0.json' }],
      "[{ version: '1.0', date: '2026-01-01', file: 'history/1.0.json' }]",
      {
        'history/1.0.json': '{"openapi": "3.0.3", "info": {"title": "Q"}, "paths": {"/a": {"get": {"responses": 7}}}}',
      },
    );
    expect(loaded.diagnostics.some((d) => d.file === 'history/1.0.json' && d.severity === 'error')).toBe(true);
    expect(loaded.diagnostics.find((d) => d.code === 'SD1001')?.message).toMatch(/release 1\.0 \(history\/1\.0\.json\) is not a valid OpenAPI document/);
  });

  it("the entry without a source must be the current document's version", async () => {
    const { loaded } = await load([{ version: '2.0', date: '2026-01-01' }], "[{ version: '2.0', date: '2026-01-01' }]", {});
    expect(loaded.diagnostics[0]).toMatchObject({ code: 'SD1001', line: 5 });
    expect(loaded.diagnostics[0]!.message).toMatch(/whose info\.version is "1\.2": write "1\.2"/);
  });

  it('the schema: a date as YYYY-MM-DD, file or git not both, past releases dated, versions once, one current', () => {
    const problems = (changelog: unknown): string[] =>
      validateConfig({ openapi: { changelog } }).diagnostics.map((d) => `${d.code} ${d.pointer}: ${d.message}`);
    expect(problems([{ version: '1', date: '2026-1-2', file: 'a.yaml' }])).toEqual([
      'SD1001 /openapi/changelog/0/date: "openapi.changelog[0].date": a date is written YYYY-MM-DD, e.g. "2026-06-02".',
    ]);
    expect(problems([{ version: '1', date: '2026-01-02', file: 'a.yaml', git: 'v1' }])[0]).toMatch(
      /\/0\/git: .*give a release either `file` or `git`, not both/,
    );
    expect(problems([{ version: '1', file: 'a.yaml' }])[0]).toMatch(/\/0\/date: .*a past release needs its `date`/);
    expect(
      problems([
        { version: '1', date: '2026-01-02', file: 'a.yaml' },
        { version: '1', date: '2026-01-03', git: 'v1' },
      ])[0],
    ).toMatch(/\/1\/version: .*"1" is already the version of changelog\[0\]/);
    expect(problems([{ version: '1' }, { version: '2' }])[0]).toMatch(/\/1\/version: .*only one release may go without `file` or `git`/);
    expect(problems([{ version: '1', date: '2026-01-02', file: 'a.yaml', fil: 'x' }])[0]).toMatch(/^SD1002/);
  });
});
