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
type BrunoAuth =
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
  const kv = (name: string, value: string, description?: string): KeyValue => ({
    uid: uid(),
    name,
    value,
    ...(description ? { description } : {}),
    enabled: true,
  });
  const headers = r.headers.map((h) => ({ ...kv(h.name, h.value, h.description), enabled: h.required || h.value !== '' }));
  const params = [
    ...r.query.map((q) => ({ ...kv(q.name, q.value, q.description), type: 'query', enabled: q.required || q.value !== '' })),
    ...r.pathParams.map((p) => ({ ...kv(p.name, p.value, p.description), type: 'path' })),
  ];
  const [first, ...more] = r.auth;
  for (const s of more) {
    if (s.kind === 'bearer') headers.push(kv('Authorization', `Bearer {{${s.vars.token}}}`));
    else if (s.kind === 'apikey' && s.in === 'query') params.push({ ...kv(s.paramName, `{{${s.vars.key}}}`), type: 'query' });
    else if (s.kind === 'apikey') headers.push(s.in === 'cookie' ? kv('Cookie', `${s.paramName}={{${s.vars.key}}}`) : kv(s.paramName, `{{${s.vars.key}}}`));
  }
  if (first?.kind === 'apikey' && first.in === 'cookie') headers.push(kv('Cookie', `${first.paramName}={{${first.vars.key}}}`));
  const enabled = r.query.filter((q) => q.required || q.value !== '');
  const url = `${r.base}${r.path.replace(/\{([^}]+)\}/g, ':$1')}${enabled.length ? `?${enabled.map((q) => `${q.name}=${q.value}`).join('&')}` : ''}`;
  const b = r.body;
  const body = {
    mode: !b ? 'none' : b.kind === 'json' ? 'json' : b.kind === 'text' ? 'text' : b.kind === 'urlencoded' ? 'formUrlEncoded' : 'multipartForm',
    json: b?.kind === 'json' ? b.raw : null,
    text: b?.kind === 'text' ? b.raw : null,
    xml: null,
    formUrlEncoded: b?.kind === 'urlencoded' ? b.fields.map((f) => kv(f.name, f.value)) : [],
    multipartForm:
      b?.kind === 'formdata'
        ? b.fields.map((f) =>
            f.file
              ? { uid: uid(), type: 'file', name: f.name, value: [], enabled: true }
              : { uid: uid(), type: 'text', name: f.name, value: f.value, enabled: true },
          )
        : [],
  };
  const auth: BrunoAuth = inherited !== '' && authKey(r.auth) === inherited ? { mode: 'inherit' } : first ? brunoAuth(first) : { mode: 'none' };
  return {
    uid: uid(),
    type: 'http-request',
    name: r.name,
    seq,
    request: { url, method: r.method, headers, params, auth, body, script: {}, vars: {}, assertions: [], tests: '', docs: r.description ?? '' },
  };
}

const authKey = (schemes: ExportScheme[]): string => schemes.map((s) => s.key).join('+');

function brunoAuth(s: ExportScheme | undefined): BrunoAuth {
  if (!s) return { mode: 'none' };
  if (s.kind === 'bearer') return { mode: 'bearer', bearer: { token: `{{${s.vars.token}}}` } };
  if (s.kind === 'basic') return { mode: 'basic', basic: { username: `{{${s.vars.username}}}`, password: `{{${s.vars.password}}}` } };
  if (s.in === 'cookie') return { mode: 'none' };
  return { mode: 'apikey', apikey: { key: s.paramName, value: `{{${s.vars.key}}}`, placement: s.in === 'query' ? 'queryparams' : 'header' } };
}
