import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv } from 'ajv';
import { strFromU8, unzipSync } from 'fflate';
import { Collection } from 'postman-collection';
// @ts-expect-error: the package ships no types
import { collectionSchema } from '@usebruno/schema';
import { insomniaToBruno, postmanToBruno } from '@usebruno/converters';
import { clientExports } from '../../../src/openapi/exports/client-exports.js';
import { findDocument } from '../../../src/openapi/load/find-document.js';
import { loadApiModel } from '../../../src/openapi/load-api-model.js';
import { toApiModel } from '../../../src/openapi/model/to-api-model.js';
import type { ApiModel } from '../../../src/shared/api-model.js';
import type { OutputFile } from '../../../src/shared/model.js';
import { asText, FIXTURES, REPO } from '../../helpers/fixtures.js';
import { githubApi } from '../../helpers/github-api.js';

// The client exports (Postman, Insomnia, Bruno, .http) of the default site's document: each one
// checked by the client's own rules (Postman's v2.1.0 JSON schema and SDK, Bruno's collection
// schema), and no credential in any of them (real-clients.test.ts runs them against `shipdocs
// mock`). Then every valid 3.x document of @readme/oas-examples, and GitHub's REST API once for time
// and size.

const postmanSchema = JSON.parse(readFileSync(join(FIXTURES, 'postman/collection-v2.1.0.json'), 'utf8')) as object;
const validatePostman = new Ajv({ strict: false, allErrors: false }).compile(postmanSchema);

async function load(root: string, path: string): Promise<{ model: ApiModel } | undefined> {
  const found = findDocument(root, path);
  if (!found.document) throw new Error(`no document at ${path}`);
  const loaded = await loadApiModel(root, found.document, { basePath: '/api', deadline: Date.now() + 60_000 });
  return loaded.model ? { model: loaded.model } : undefined;
}

const byName = (files: OutputFile[], name: string): string => asText((files.find((f) => f.path.endsWith(name)) as { contents: string }).contents);

/** Requests of a Postman collection or a Bruno/Insomnia tree: items that are not folders. */
function leaves(items: unknown[], isFolder: (i: any) => boolean): any[] {
  return items.flatMap((i: any) => (isFolder(i) ? leaves(i.item ?? i.items, isFolder) : [i]));
}

/** Header names that carry credentials, and any value that is not only `{{variables}}` (after the scheme word). */
/** (An Idempotency-Key is a value the client makes up, not a credential.) */
const CREDENTIAL_HEADER = /^(authorization|cookie|x-api-key|proxy-authorization)$|(?<!idempotency-)key|token|secret|sig|auth/i;

/** Requests of an export per operation: one per alternative security requirement, one when anonymous is allowed. */
const requestCount = (model: ApiModel): number =>
  model.operations.reduce(
    (n, op) =>
      n + (op.security.some((r) => r.schemes.length === 0) ? 1 : Math.max(1, new Set(op.security.map((r) => r.schemes.map((x) => x.key).join('+'))).size)),
    0,
  );
const onlyPlaceholders = (value: string): boolean =>
  value
    .replace(/^(Bearer|Basic)\s+/i, '')
    .replace(/\{\{[^}]*\}\}/g, '')
    .replace(/[\w-]+=/g, '')
    .replace(/[\s;]/g, '') === '';

function credentialProblems(files: OutputFile[]): string[] {
  const problems: string[] = [];
  const check = (where: string, name: string, value: unknown): void => {
    if (typeof value === 'string' && CREDENTIAL_HEADER.test(name) && !onlyPlaceholders(value)) problems.push(`${where}: ${name}: ${value}`);
  };
  const pm = JSON.parse(byName(files, 'postman-collection.json'));
  const authValues = (auth: any): void => {
    for (const [type, attrs] of Object.entries(auth ?? {}))
      if (Array.isArray(attrs)) for (const a of attrs as any[]) if (a.key !== 'key' && a.key !== 'in') check(`postman auth ${type}`, 'auth', a.value);
  };
  authValues(pm.auth);
  for (const v of pm.variable) if (!/^(baseUrl|server\d+)$/.test(v.key)) expect(v.value, `postman variable ${v.key}`).toBe('');
  for (const i of leaves(pm.item, (x) => !x.request)) {
    for (const h of i.request.header) check('postman header', h.key, h.value);
    for (const q of i.request.url.query ?? []) check('postman query', q.key, q.value);
    authValues(i.request.auth);
  }
  const insomnia = JSON.parse(byName(files, 'insomnia.json'));
  for (const r of insomnia.resources) {
    if (r._type === 'environment') for (const [k, v] of Object.entries(r.data)) if (k !== 'baseUrl') expect(v, `insomnia ${k}`).toBe('');
    if (r._type !== 'request') continue;
    for (const h of r.headers) check('insomnia header', h.name, h.value);
    for (const [k, v] of Object.entries(r.authentication)) if (!['type', 'key', 'addTo', 'prefix'].includes(k)) check('insomnia auth', 'auth', v);
  }
  const bruno = JSON.parse(byName(files, 'bruno-collection.json'));
  for (const env of bruno.environments) for (const v of env.variables) if (v.name !== 'baseUrl') expect(v.value, `bruno ${v.name}`).toBe('');
  const brunoAuth = (auth: any): void => {
    for (const [k, v] of Object.entries(auth[auth.mode] ?? {})) if (k !== 'key' && k !== 'placement') check('bruno auth', 'auth', v);
  };
  brunoAuth(bruno.root.request.auth);
  for (const i of leaves(bruno.items, (x) => x.type === 'folder')) {
    for (const h of i.request.headers) check('bruno header', h.name, h.value);
    brunoAuth(i.request.auth);
  }
  const http = byName(files, 'requests.http');
  for (const line of http.split('\n')) {
    const variable = /^@(\w+)\s*=\s*(.*)$/.exec(line);
    if (variable && variable[1] !== 'baseUrl') expect(variable[2], `.http @${variable[1]}`).toBe('');
    const header = /^([\w-]+):\s*(.*)$/.exec(line);
    if (header) check('.http header', header[1]!, header[2]);
  }
  return problems;
}

describe('client exports of the default site', () => {
  let files: OutputFile[];
  let model: ApiModel;
  beforeAll(async () => {
    const loaded = (await load(REPO, 'openapi'))!;
    model = loaded.model;
    files = await clientExports(model);
  });

  it('writes the five files under the API route', () => {
    expect(files.map((f) => f.path)).toEqual([
      'api/exports/postman-collection.json',
      'api/exports/insomnia.json',
      'api/exports/bruno-collection.json',
      'api/exports/bruno-collection.zip',
      'api/exports/requests.http',
    ]);
  });

  it('writes a Postman v2.1 collection that validates and loads, with a folder per tag', () => {
    const json = JSON.parse(byName(files, 'postman-collection.json'));
    expect(validatePostman(json), JSON.stringify(validatePostman.errors?.slice(0, 3))).toBe(true);
    const collection = new Collection(json);
    let count = 0;
    collection.forEachItem(() => count++);
    expect(count).toBe(requestCount(model));
    const tags = model.tags.filter((t) => t.entries.some((e) => e.kind === 'operation')).map((t) => t.name);
    expect(json.item.map((f: { name: string }) => f.name)).toEqual(tags);
    expect(json.variable.find((v: { key: string }) => v.key === 'baseUrl').value).toBe(model.servers[0]!.resolvedUrl);
    expect(json.variable.filter((v: { key: string }) => /^server\d+$/.test(v.key))).toHaveLength(model.servers.length);
    expect(json.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{bearerToken}}', type: 'string' }] });
    const quoter = leaves(json.item, (x) => !x.request).find((i) => i.request.url.raw.endsWith('/quoter'));
    expect(quoter.request.method).toBe('POST');
    expect(quoter.request.body.mode).toBe('raw');
    expect(JSON.parse(quoter.request.body.raw)).toHaveProperty('origin');
    expect(quoter.response.length).toBeGreaterThan(0);
  });

  it('writes an Insomnia export and a Bruno collection with one request per operation', async () => {
    const insomnia = JSON.parse(byName(files, 'insomnia.json'));
    expect(insomnia._type).toBe('export');
    expect(insomnia.__export_format).toBe(4);
    expect(insomnia.resources.filter((r: { _type: string }) => r._type === 'request')).toHaveLength(requestCount(model));
    const env = insomnia.resources.find((r: { _type: string; parentId: string }) => r._type === 'environment' && r.parentId === 'wrk_shipdocs');
    expect(env.data.baseUrl).toBe(model.servers[0]!.resolvedUrl);
    const bruno = JSON.parse(byName(files, 'bruno-collection.json'));
    await expect(collectionSchema.validate(bruno)).resolves.toBeTruthy();
    expect(leaves(bruno.items, (x) => x.type === 'folder')).toHaveLength(requestCount(model));
  });

  // Bruno's own importers (the code behind its "Import collection" for Postman and Insomnia files) load
  // both. Its Insomnia v4 importer lists each request of a folder twice (it adds a folder's requests
  // to the folder's items a second time), so its requests are compared as a set.
  it("loads in Bruno's importers: the Postman collection and the Insomnia export give every operation", async () => {
    type BrunoItem = { type: string; name: string; items?: BrunoItem[]; request?: { method: string; url: string } };
    const requests = (items: BrunoItem[]): string[] =>
      items.flatMap((i) => (i.type === 'folder' ? requests(i.items ?? []) : [`${i.request!.method} ${i.request!.url} ${i.name}`]));
    const fromPostman = await postmanToBruno(JSON.parse(byName(files, 'postman-collection.json')));
    expect(fromPostman.issues).toEqual([]);
    expect(requests(fromPostman.collection.items)).toHaveLength(requestCount(model));
    const fromInsomnia = insomniaToBruno(JSON.parse(byName(files, 'insomnia.json')));
    expect(new Set(requests(fromInsomnia.items)).size).toBe(requestCount(model));
    const environments = fromInsomnia.environments.map((e) => e.name);
    expect(environments).toEqual(['Base Environment', ...model.servers.map((s) => s.description ?? s.resolvedUrl)]);
    for (const e of fromInsomnia.environments) for (const v of e.variables) if (v.name !== 'baseUrl') expect(v.value, v.name).toBe('');
  });

  it('writes no credential anywhere: schemes are empty variables, secret-named values are empty', () => {
    expect(credentialProblems(files)).toEqual([]);
    for (const f of files) expect(asText((f as { contents: string }).contents)).not.toMatch(/sk_live_|sk_test_/);
  });

  // Every GET and POST /quoter are sent; the other writes (POST, PUT, PATCH, DELETE) are not: they
  // need ids or signatures from earlier responses, and the brief of this check is that reads run.
  it('writes a .http file with @baseUrl, the variables named, and one named request per operation and requirement', () => {
    // Run by httpyac against shipdocs mock in test/openapi/exports/real-clients.test.ts.
    const http = byName(files, 'requests.http');
    expect(http).toMatch(/^@baseUrl = https?:\/\/\S+$/m);
    expect(http).toMatch(/^# Variables: bearerToken \(bearerAuth\)/m);
    const names = [...http.matchAll(/^# @name (\S+)$/gm)].map((m) => m[1]);
    expect(names).toHaveLength(requestCount(model));
    expect(new Set(names).size).toBe(names.length);
  });
});

const PKG = join(REPO, 'node_modules/@readme/oas-examples');

describe('client exports of @readme/oas-examples', () => {
  it('writes a valid Postman collection, Bruno collection and .http file for every valid 3.x document', async () => {
    const docs: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir).sort()) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(json|ya?ml)$/.test(name)) docs.push(relative(PKG, path).split('\\').join('/'));
      }
    };
    for (const version of ['3.0', '3.1']) walk(join(PKG, version));
    const failures: string[] = [];
    let built = 0;
    for (const doc of docs) {
      const loaded = await load(PKG, doc);
      if (!loaded) continue;
      built++;
      const files = await clientExports(loaded.model);
      const pm = JSON.parse(byName(files, 'postman-collection.json'));
      if (!validatePostman(pm)) failures.push(`${doc}: postman ${JSON.stringify(validatePostman.errors?.slice(0, 2))}`);
      let count = 0;
      new Collection(pm).forEachItem(() => count++);
      if (count !== requestCount(loaded.model)) failures.push(`${doc}: postman has ${count} requests`);
      try {
        await collectionSchema.validate(JSON.parse(byName(files, 'bruno-collection.json')));
      } catch (e) {
        failures.push(`${doc}: bruno ${(e as Error).message}`);
      }
      const http = byName(files, 'requests.http');
      if (http.split(/^###/m).length - 1 !== requestCount(loaded.model)) failures.push(`${doc}: .http request count`);
      failures.push(...credentialProblems(files).map((p) => `${doc}: ${p}`));
    }
    expect(built).toBeGreaterThan(60);
    expect(failures).toEqual([]);
  }, 300_000);
});

describe("client exports of GitHub's REST API", () => {
  it('give a valid Postman collection; prints the time and the sizes', async () => {
    const loaded = await githubApi();
    const start = performance.now();
    const files = await clientExports(loaded.model);
    const ms = performance.now() - start;
    const sizes = files.map((f) => `${f.path.split('/').pop()} ${(Buffer.byteLength(asText((f as { contents: string }).contents)) / 1e6).toFixed(1)} MB`);
    const total = files.reduce((n, f) => n + Buffer.byteLength(asText((f as { contents: string }).contents)), 0);
    console.log(
      `GitHub REST API, ${loaded.model.operations.length} operations: clientExports ${ms.toFixed(0)} ms; ${sizes.join(', ')}; total ${(total / 1e6).toFixed(1)} MB`,
    );
    const pm = JSON.parse(byName(files, 'postman-collection.json'));
    expect(validatePostman(pm)).toBe(true);
  }, 300_000);
});

describe('the Bruno folder collection', () => {
  it('numbers requests of the same name in a folder, case-insensitively (one file each, as Bruno reads them)', async () => {
    const titles = ['Get user', 'Get user', 'get user', 'Get user 2', 'Get user'];
    const paths = Object.fromEntries(titles.map((summary, i) => [`/u${i}`, { get: { summary, tags: ['users'], responses: { 200: { description: 'ok' } } } }]));
    const { model } = await toApiModel({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths }, { basePath: '/api' });
    const zip = (await clientExports(model!)).find((f) => f.path.endsWith('.zip')) as { contents: Uint8Array };
    const names = Object.keys(unzipSync(zip.contents))
      .filter((n) => n.includes('/users/') && !n.endsWith('/folder.yml'))
      .map((n) => n.split('/').pop());
    expect(names).toEqual(['Get user.yml', 'Get user 2.yml', 'get user 3.yml', 'Get user 2 2.yml', 'Get user 4.yml']);
  });

  it('keeps the folder\'s own folder.yml beside a request named "folder"; every entry once', async () => {
    const paths = { '/f': { get: { summary: 'Folder', tags: ['users'], responses: { 200: { description: 'ok' } } } } };
    const { model } = await toApiModel({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths }, { basePath: '/api' });
    const zip = (await clientExports(model!)).find((f) => f.path.endsWith('.zip')) as { contents: Uint8Array };
    const names = Object.keys(unzipSync(zip.contents)).filter((n) => n.includes('/users/'));
    expect(names.map((n) => n.split('/').pop())).toEqual(['folder.yml', 'Folder 2.yml']);
    expect(strFromU8(unzipSync(zip.contents)[names[0]!]!)).toContain('type: folder');
  });
});
