import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { REPO, tempProject } from '../helpers/fixtures.js';

// `shipdocs mcp` as an assistant's client starts it: over stdio, on the default site.

const BIN = join(REPO, 'bin/shipdocs.js');

type TextResult = { content: { type: string; text: string }[]; isError?: boolean };
const textOf = (r: unknown): string => (r as TextResult).content.map((c) => c.text).join('\n');

let client: Client;
let stderr = '';
/** What the server had printed when it answered `initialize`. */
let stderrAtConnect = '';
beforeAll(async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--root', REPO],
    env: { ...process.env, NO_COLOR: '1' } as Record<string, string>,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  client = new Client({ name: 'shipdocs-test', version: '1.0.0' });
  await client.connect(transport);
  stderrAtConnect = stderr;
}, 30_000);
afterAll(async () => {
  await client?.close();
});

describe('shipdocs mcp on the default site', () => {
  it('answers initialize before the site is prepared, then lists its five tools and llms.txt as a resource', async () => {
    expect(stderrAtConnect).not.toMatch(/serving/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['api_changes', 'get_operation', 'list_operations', 'read_page', 'search_docs']);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['shipdocs://llms.txt']);
    const llms = await client.readResource({ uri: 'shipdocs://llms.txt' });
    expect((llms.contents[0] as { text: string }).text).toMatch(/^# Rutapack Docs\n/);
    expect(stderr).toMatch(/^mcp {2}serving Rutapack Docs on stdio: \d+ pages, 20 operations/m);
  });

  it('refuses every text input past its documented length with an error naming the limit, and shows the limits in the input schemas', async () => {
    const { tools } = await client.listTools();
    const maxLength = (tool: string, input: string): unknown =>
      (tools.find((t) => t.name === tool)!.inputSchema.properties as Record<string, { maxLength?: number }>)[input]!.maxLength;
    const cases: [tool: string, input: string, limit: number][] = [
      ['search_docs', 'query', 1000],
      ['read_page', 'path', 2048],
      ['get_operation', 'operation', 2048],
      ['list_operations', 'tag', 200],
      ['list_operations', 'cursor', 20],
      ['api_changes', 'since', 100],
    ];
    for (const [tool, input, limit] of cases) {
      expect(maxLength(tool, input), `${tool}.${input}`).toBe(limit);
      const r = (await client.callTool({ name: tool, arguments: { [input]: 'a'.repeat(limit + 1) } })) as TextResult;
      expect(r.isError, `${tool}.${input}`).toBe(true);
      expect(textOf(r), `${tool}.${input}`).toContain(`${input} is longer than its limit of ${limit} characters`);
    }
  });

  it('answers a search of the maximum length quickly', async () => {
    await client.callTool({ name: 'search_docs', arguments: { query: 'quote' } });
    const start = Date.now();
    const r = (await client.callTool({ name: 'search_docs', arguments: { query: 'parcel quote rates '.repeat(60).slice(0, 1000) } })) as TextResult;
    expect(r.isError).toBeFalsy();
    expect(Date.now() - start).toBeLessThan(3000);
  });

  it('finds the quoter operation when searching for "quote"', async () => {
    const hits = JSON.parse(textOf(await client.callTool({ name: 'search_docs', arguments: { query: 'quote', limit: 5 } }))) as { url: string; kind: string }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits).toContainEqual(expect.objectContaining({ kind: 'api', url: 'https://docs.rutapack.example/api/quoter' }));
  });

  it('reads a page by route, .md path or URL', async () => {
    const byRoute = textOf(await client.callTool({ name: 'read_page', arguments: { path: '/docs/intro' } }));
    expect(byRoute).toMatch(/^# Introduction\n/);
    expect(textOf(await client.callTool({ name: 'read_page', arguments: { path: 'https://docs.rutapack.example/docs/intro.md' } }))).toBe(byRoute);
  });

  it('answers a page that does not exist with the close routes', async () => {
    const r = (await client.callTool({ name: 'read_page', arguments: { path: '/docs/intr' } })) as TextResult;
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^No page at \/docs\/intr\. Pages with a close route:\n- \/docs\/intro\n/);
  });

  it('lists the 20 operations a page at a time, and those of a tag', async () => {
    type Listed = {
      total: number;
      next_cursor?: string;
      operations: { method: string; path: string; tag: string; url: string; operationId: string | null; tool: string }[];
    };
    const list = async (args: Record<string, unknown>): Promise<Listed> =>
      JSON.parse(textOf(await client.callTool({ name: 'list_operations', arguments: args }))) as Listed;
    const all = await list({});
    expect(all.total).toBe(20);
    expect(all.operations).toHaveLength(20);
    const quoter = all.operations.find((o) => o.method === 'POST' && o.path === '/quoter')!;
    expect(quoter).toMatchObject({ operationId: 'createQuote', tool: 'createQuote', url: 'https://docs.rutapack.example/api/quoter' });
    expect(quoter.tag).toBeTruthy();
    const first = await list({ limit: 8 });
    expect(first.operations).toHaveLength(8);
    const second = await list({ limit: 8, cursor: first.next_cursor });
    const third = await list({ limit: 8, cursor: second.next_cursor });
    expect(third.next_cursor).toBeUndefined();
    expect([...first.operations, ...second.operations, ...third.operations]).toEqual(all.operations);
    const tagged = await list({ tag: quoter.tag });
    expect(tagged.total).toBeGreaterThan(0);
    expect(tagged.total).toBeLessThan(20);
  });

  it('ranks the operation or page titled exactly as asked first', async () => {
    const hits = JSON.parse(textOf(await client.callTool({ name: 'search_docs', arguments: { query: 'Quote rates for parcels', limit: 3 } }))) as {
      url: string;
    }[];
    expect(hits[0]!.url).toBe('https://docs.rutapack.example/api/quoter');
  });

  it('neither finds, reads nor lists the unlisted markdown test page (content/pages/test-md.md)', async () => {
    const hits = JSON.parse(textOf(await client.callTool({ name: 'search_docs', arguments: { query: 'Markdown test page', limit: 50 } }))) as { url: string }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.map((h) => h.url)).not.toContain('https://docs.rutapack.example/test-md');
    const read = (await client.callTool({ name: 'read_page', arguments: { path: '/test-md' } })) as TextResult;
    expect(read.isError).toBe(true);
    expect(textOf(read)).toMatch(/^No page at \/test-md\./);
    const llms = await client.readResource({ uri: 'shipdocs://llms.txt' });
    expect((llms.contents[0] as { text: string }).text).not.toContain('/test-md.md');
  });

  it('gives an operation by "METHOD /path", operationId or slug, with its curl example', async () => {
    const md = textOf(await client.callTool({ name: 'get_operation', arguments: { operation: 'POST /quoter' } }));
    expect(md).toMatch(/^# Quote rates for parcels\n\n`POST \/quoter`/);
    expect(md).toContain('curl');
    expect(textOf(await client.callTool({ name: 'get_operation', arguments: { operation: 'createQuote' } }))).toBe(md);
    expect(textOf(await client.callTool({ name: 'get_operation', arguments: { operation: 'quoter' } }))).toBe(md);
    const missing = (await client.callTool({ name: 'get_operation', arguments: { operation: 'POST /quoterz' } })) as TextResult;
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^No operation "POST \/quoterz"\. Close matches:\n- POST \/quoter\n/);
  });
});

describe('shipdocs mcp on a broken project', () => {
  it('prints the diagnostics on stderr, nothing on stdout, and exits 1', async () => {
    const root = tempProject({ 'content/docs/intro.md': '---\ntitle: [unclosed\n---\n# Intro\n' });
    const child = spawn(process.execPath, [BIN, 'mcp', '--root', root], { env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    // Were it to start serving, the end of its input would stop it.
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/content\/docs\/intro\.md:\d+:\d+ {2}error SD2001/);
    expect(err).toContain('failed  the site has errors');
  }, 30_000);

  it('api_changes: what changed since a release, by tag and operation, each change with its kind; an unknown release names the known ones', async () => {
    const since = textOf(await client.callTool({ name: 'api_changes', arguments: { since: '1.3.0' } }));
    expect(since).toMatch(
      /^# Rutapack Shipping API: changes since 1\.3\.0\n\nChangelog: https:\/\/docs\.rutapack\.example\/api\/changelog\n\n## 1\.4\.0 \(2026-06-02\)\n/,
    );
    expect(since).toContain('#### [List ShipHero orders](https://docs.rutapack.example/api/shiphero-orders) (`GET /shiphero/orders`) (added)');
    expect(since).toContain('- **Breaking**: `couriers` is now required in the body of POST /courier/shiphero.');
    expect(since).not.toContain('## 1.3.0');
    const all = textOf(await client.callTool({ name: 'api_changes', arguments: {} }));
    expect(all).toContain('## 1.3.0 (2026-03-03)\n\nThe first release in the history');
    expect(textOf(await client.callTool({ name: 'api_changes', arguments: { since: '1.4.0' } }))).toContain(
      '1.4.0 is the current release: nothing has changed since.',
    );
    const unknown = (await client.callTool({ name: 'api_changes', arguments: { since: '0.9' } })) as TextResult;
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe('No release "0.9" in the history. Releases, newest first: 1.4.0, 1.3.0.');
  });
});
