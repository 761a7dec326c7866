import { strToU8, Zip, ZipDeflate } from 'fflate';
import { stringify } from 'yaml';
import type { OpenCollection } from '@opencollection/types';
import type { Folder } from '@opencollection/types/collection/item';
import type { Environment } from '@opencollection/types/config/environments';
import type { Auth, HttpRequest, HttpRequestBody } from '@opencollection/types/requests/http';
import type { ExportApi, ExportRequest } from './request-parts.js';
import { authKey, brunoAuth, brunoRequestParts, type BrunoAuth } from './bruno-collection.js';
import { slugify } from '../model/slugs.js';

// A Bruno folder collection in a zip: what `bru run` runs and the app opens (Open collection),
// where bruno-collection.json is the app's import file. The folder is in the OpenCollection YAML
// layout Bruno writes since 3.0 (`opencollection.yml`, a folder per tag with `folder.yml`, a `.yml`
// file per request, `environments/<server>.yml`), each file one object of `@opencollection/types`
// serialized by `yaml`. A sandbox server, when the document has one, is the default environment,
// so that `bru run` without `--env` sends nothing to production.

const SERVER_NAME = (s: { url: string; description: string | undefined }, i: number): string => s.description || s.url || `Server ${i + 1}`;

/**
 * The zip, with one top folder named after the API, in parts: each file is compressed and handed
 * on as it is made (Microsoft Graph's 22,000 requests, held whole with their compressed copies,
 * took a gigabyte).
 */
export function* brunoFolderZip(api: ExportApi): Generator<Uint8Array> {
  const root = slugify(api.title) || 'api';
  const made: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    made.push(chunk);
  });
  for (const [path, text] of brunoFolderFiles(api)) {
    const entry = new ZipDeflate(`${root}/${path}`, { level: 6 });
    entry.mtime = FIXED_TIME;
    zip.add(entry);
    entry.push(strToU8(text), true);
    yield* made.splice(0);
  }
  zip.end();
  yield* made.splice(0);
}

/** The same moment for every entry, so that a build writes the same bytes each time. */
const FIXED_TIME = new Date('2000-01-01T00:00:00Z');

/** The collection's files, path (inside its folder) and YAML (exported for the growth test, which times them without the zip). */
export function* brunoFolderFiles(api: ExportApi): Generator<[string, string]> {
  const servers = api.servers.length ? api.servers : [{ name: 'server1', url: api.baseUrl, description: undefined, sandbox: false }];
  const envNames = servers.map((s, i) => fileName(SERVER_NAME(s, i))).map(uniqueNamer());
  const sandbox = servers.findIndex((s) => s.sandbox);
  const inherited = authKey(api.defaultAuth);
  const defaultAuth = ocAuth(brunoAuth(api.defaultAuth[0]));

  const collection: OpenCollection = {
    opencollection: '1.0.0',
    info: { name: api.title },
    ...(defaultAuth ? { request: { auth: defaultAuth } } : {}),
    ...(api.description ? { docs: { content: api.description, type: 'text/markdown' } } : {}),
    bundled: false,
    extensions: {
      bruno: { ignore: ['node_modules', '.git'], ...(sandbox >= 0 ? { presets: { defaultEnvironment: envNames[sandbox] } } : {}) },
    },
  };
  yield ['opencollection.yml', yaml(collection)];

  const secrets = [...new Set([...api.schemes.flatMap((s) => Object.values(s.vars)), ...api.bodySecrets])];
  for (const [i, s] of servers.entries()) {
    const env: Environment = {
      name: SERVER_NAME(s, i),
      variables: [{ name: 'baseUrl', value: s.url }, ...secrets.map((name) => ({ name, secret: true as const }))],
    };
    yield [`environments/${envNames[i]}.yml`, yaml(env)];
  }

  const folderNames = api.folders.map(fileName).map(uniqueNamer());
  const folderOf = new Map(api.folders.map((f, i) => [f, { dir: folderNames[i]!, unique: requestNamer(), seq: 0 }]));
  for (const [i, name] of api.folders.entries()) {
    const folder: Folder = { info: { name, type: 'folder', seq: i + 1 } };
    yield [`${folderNames[i]}/folder.yml`, yaml(folder)];
  }
  for (const r of api.requests) {
    const folder = folderOf.get(r.folder)!;
    const file = folder.unique(fileName(r.name));
    yield [`${folder.dir}/${file}.yml`, yaml(request(r, ++folder.seq, inherited))];
  }
}

function request(r: ExportRequest, seq: number, inherited: string): HttpRequest {
  const parts = brunoRequestParts(r, inherited);
  const disabled = (enabled: boolean): { disabled?: true } => (enabled ? {} : { disabled: true });
  const body = requestBody(r);
  const auth = ocAuth(parts.auth);
  return {
    info: { name: r.name, type: 'http', seq },
    http: {
      method: r.method,
      url: parts.url,
      headers: parts.headers.map(({ enabled, ...h }) => ({ ...h, ...disabled(enabled) })),
      ...(parts.params.length ? { params: parts.params.map(({ enabled, ...p }) => ({ ...p, ...disabled(enabled) })) } : {}),
      ...(body ? { body } : {}),
      ...(auth ? { auth } : {}),
    },
    ...(r.description ? { docs: r.description } : {}),
  };
}

function requestBody(r: ExportRequest): HttpRequestBody | undefined {
  const b = r.body;
  if (!b) return undefined;
  if (b.kind === 'json' || b.kind === 'text') return { type: b.kind, data: b.raw };
  if (b.kind === 'urlencoded') return { type: 'form-urlencoded', data: b.fields.map((f) => ({ name: f.name, value: f.value })) };
  return {
    type: 'multipart-form',
    data: b.fields.map((f) => (f.file ? { name: f.name, type: 'file', value: [] } : { name: f.name, type: 'text', value: f.value })),
  };
}

/** The request's auth in OpenCollection's words; none is no `auth` at all. */
function ocAuth(a: BrunoAuth): Auth | undefined {
  switch (a.mode) {
    case 'inherit':
      return 'inherit';
    case 'none':
      return undefined;
    case 'bearer':
      return { type: 'bearer', token: a.bearer.token };
    case 'basic':
      return { type: 'basic', username: a.basic.username, password: a.basic.password };
    case 'apikey':
      return { type: 'apikey', key: a.apikey.key, value: a.apikey.value, placement: a.apikey.placement === 'queryparams' ? 'query' : 'header' };
  }
}

const yaml = (value: unknown): string => stringify(value, { lineWidth: 0 });

/** A name every file system takes (Bruno's own rule: no `<>:"/\|?*` or control characters, no leading dot or dash), at most 100 characters. */
const fileName = (name: string): string =>
  name
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\x00-\x1f]/g, '-')
    .replace(/^[.\s-]+/, '')
    .slice(0, 100)
    .replace(/[.\s]+$/, '') || 'request';

/** A folder's request file names: `folder.yml` is the folder's own file, so a request named "folder" is "folder 2". */
function requestNamer(): (name: string) => string {
  const unique = uniqueNamer();
  unique('folder');
  return unique;
}

/**
 * Names each given once, ignoring case (macOS and Windows), repeats numbered ("Get user", "Get user 2"). Each
 * name's next number is kept, so a name given k times costs k steps, not k² (Microsoft Graph has
 * thousands of requests of the same name in a folder).
 */
function uniqueNamer(): (name: string) => string {
  const taken = new Set<string>();
  const next = new Map<string, number>();
  return (name) => {
    const key = name.toLowerCase();
    let n = name;
    let i = next.get(key) ?? 2;
    while (taken.has(n.toLowerCase())) n = `${name} ${i++}`;
    next.set(key, i);
    taken.add(n.toLowerCase());
    return n;
  };
}
