import type { ExportApi, ExportRequest, ExportScheme } from './request-parts.js';

// A Bruno collection as JSON, the shape Bruno's "Import collection → Bruno Collection" reads (and
// `@usebruno/schema`'s collectionSchema checks): version "1", folders per tag with requests inside,
// one environment per server (`baseUrl` and the credentials as empty secret variables), the
// document's default security as the collection's auth, requests inheriting it or saying their own.
// Path parameters are `:name` with a `path` param; uids are 21 alphanumerics derived from positions.

interface KeyValue {
  uid: string;
  name: string;
  value: string;
  description?: string;
  enabled: boolean;
}
export type BrunoAuth =
  | { mode: 'inherit' | 'none' }
  | { mode: 'bearer'; bearer: { token: string } }
  | { mode: 'basic'; basic: { username: string; password: string } }
  | {
      mode: 'apikey';
      apikey: { key: string; value: string; placement: 'header' | 'queryparams' };
    };

export interface BrunoCollection {
  version: '1';
  uid: string;
  name: string;
  items: unknown[];
  environments: { uid: string; name: string; variables: { uid: string; name: string; value: string; type: 'text'; enabled: true; secret: boolean }[] }[];
  root: { request: { auth: BrunoAuth; headers: KeyValue[] }; docs: string; meta: { name: string } };
  brunoConfig: { version: '1'; name: string; type: 'collection'; ignore: string[] };
}

export function brunoCollection(api: ExportApi): BrunoCollection {
  let n = 0;
  const uid = (): string => `sd${(++n).toString(36).padStart(19, '0')}`;
  const folders = new Map(
    api.folders.map((f, i) => [f, { uid: uid(), type: 'folder', name: f, seq: i + 1, root: { meta: { name: f, seq: i + 1 } }, items: [] as unknown[] }]),
  );
  const inherited = authKey(api.defaultAuth);
  for (const r of api.requests) {
    const folder = folders.get(r.folder)!;
    folder.items.push(item(r, folder.items.length + 1, uid, inherited));
  }
  const secrets = [...api.schemes.flatMap((s) => Object.values(s.vars)), ...api.bodySecrets];
  const servers = api.servers.length ? api.servers : [{ name: 'server1', url: api.baseUrl, description: undefined }];
  return {
    version: '1',
    uid: uid(),
    name: api.title,
    items: [...folders.values()],
    environments: servers.map((s, i) => ({
      uid: uid(),
      name: s.description || s.url || `Server ${i + 1}`,
      variables: [
        { uid: uid(), name: 'baseUrl', value: s.url, type: 'text', enabled: true, secret: false },
        ...secrets.map((name) => ({ uid: uid(), name, value: '', type: 'text' as const, enabled: true as const, secret: true })),
      ],
    })),
    root: { request: { auth: brunoAuth(api.defaultAuth[0]), headers: [] }, docs: api.description ?? '', meta: { name: api.title } },
    brunoConfig: { version: '1', name: api.title, type: 'collection', ignore: ['node_modules', '.git'] },
  };
}

function item(r: ExportRequest, seq: number, uid: () => string, inherited: string): unknown {
  const parts = brunoRequestParts(r, inherited);
  const kv = <T extends { name: string; value: string; description?: string; enabled: boolean }>(x: T): T & { uid: string } => ({ uid: uid(), ...x });
  const b = r.body;
  const body = {
    mode: !b ? 'none' : b.kind === 'json' ? 'json' : b.kind === 'text' ? 'text' : b.kind === 'urlencoded' ? 'formUrlEncoded' : 'multipartForm',
    json: b?.kind === 'json' ? b.raw : null,
    text: b?.kind === 'text' ? b.raw : null,
    xml: null,
    formUrlEncoded: b?.kind === 'urlencoded' ? b.fields.map((f) => kv({ name: f.name, value: f.value, enabled: true })) : [],
    multipartForm:
      b?.kind === 'formdata'
        ? b.fields.map((f) =>
            f.file
              ? { uid: uid(), type: 'file', name: f.name, value: [], enabled: true }
              : { uid: uid(), type: 'text', name: f.name, value: f.value, enabled: true },
          )
        : [],
  };
  return {
    uid: uid(),
    type: 'http-request',
    name: r.name,
    seq,
    request: {
      url: parts.url,
      method: r.method,
      headers: parts.headers.map(kv),
      params: parts.params.map(kv),
      auth: parts.auth,
      body,
      script: {},
      vars: {},
      assertions: [],
      tests: '',
      docs: r.description ?? '',
    },
  };
}

interface BrunoPair {
  name: string;
  value: string;
  description?: string;
  enabled: boolean;
}

/**
 * A request as both Bruno formats write it (the import file here, the folder collection in
 * bruno-folder.ts): the URL with `:name` path parameters and the enabled query, the headers and
 * parameters (optional empty ones disabled), the auth (inherited from the collection when it is the
 * collection's), and the schemes of a requirement past its first as headers or parameters.
 */
export function brunoRequestParts(
  r: ExportRequest,
  inherited: string,
): { url: string; headers: BrunoPair[]; params: (BrunoPair & { type: 'query' | 'path' })[]; auth: BrunoAuth } {
  const pair = (name: string, value: string, description?: string, enabled = true): BrunoPair => ({
    name,
    value,
    ...(description ? { description } : {}),
    enabled,
  });
  const headers = r.headers.map((h) => pair(h.name, h.value, h.description, h.required || h.value !== ''));
  const params = [
    ...r.query.map((q) => ({ ...pair(q.name, q.value, q.description, q.required || q.value !== ''), type: 'query' as const })),
    ...r.pathParams.map((p) => ({ ...pair(p.name, p.value, p.description), type: 'path' as const })),
  ];
  const [first, ...more] = r.auth;
  for (const s of more) {
    if (s.kind === 'bearer') headers.push(pair('Authorization', `Bearer {{${s.vars.token}}}`));
    else if (s.kind === 'apikey' && s.in === 'query') params.push({ ...pair(s.paramName, `{{${s.vars.key}}}`), type: 'query' });
    else if (s.kind === 'apikey') headers.push(s.in === 'cookie' ? pair('Cookie', `${s.paramName}={{${s.vars.key}}}`) : pair(s.paramName, `{{${s.vars.key}}}`));
  }
  if (first?.kind === 'apikey' && first.in === 'cookie') headers.push(pair('Cookie', `${first.paramName}={{${first.vars.key}}}`));
  const enabled = r.query.filter((q) => q.required || q.value !== '');
  const url = `${r.base}${r.path.replace(/\{([^}]+)\}/g, ':$1')}${enabled.length ? `?${enabled.map((q) => `${q.name}=${q.value}`).join('&')}` : ''}`;
  const auth: BrunoAuth = inherited !== '' && authKey(r.auth) === inherited ? { mode: 'inherit' } : first ? brunoAuth(first) : { mode: 'none' };
  return { url, headers, params, auth };
}

export const authKey = (schemes: ExportScheme[]): string => schemes.map((s) => s.key).join('+');

export function brunoAuth(s: ExportScheme | undefined): BrunoAuth {
  if (!s) return { mode: 'none' };
  if (s.kind === 'bearer') return { mode: 'bearer', bearer: { token: `{{${s.vars.token}}}` } };
  if (s.kind === 'basic') return { mode: 'basic', basic: { username: `{{${s.vars.username}}}`, password: `{{${s.vars.password}}}` } };
  if (s.in === 'cookie') return { mode: 'none' };
  return { mode: 'apikey', apikey: { key: s.paramName, value: `{{${s.vars.key}}}`, placement: s.in === 'query' ? 'queryparams' : 'header' } };
}
