import { jsonWithArray } from './json-parts.js';
import type { ExportApi, ExportRequest, ExportScheme } from './request-parts.js';

// Postman Collection Format v2.1.0 (https://schema.getpostman.com/json/collection/v2.1.0/collection.json):
// a folder per tag, `{{baseUrl}}` and one variable per server, the credentials as empty collection
// variables used by the collection's `auth` (requests inherit it unless their security differs).

interface PmKeyValue {
  key: string;
  value: string;
  description?: string;
  disabled?: boolean;
  type?: string;
}
interface PmAuth {
  type: 'noauth' | 'bearer' | 'basic' | 'apikey';
  bearer?: PmKeyValue[];
  basic?: PmKeyValue[];
  apikey?: PmKeyValue[];
}
interface PmRequest {
  method: string;
  header: PmKeyValue[];
  url: { raw: string; host: string[]; path: string[]; query?: PmKeyValue[]; variable?: PmKeyValue[] };
  auth?: PmAuth;
  body?: { mode: 'raw' | 'urlencoded' | 'formdata'; raw?: string; urlencoded?: PmKeyValue[]; formdata?: PmKeyValue[]; options?: { raw: { language: string } } };
  description?: string;
}
interface PmItem {
  name: string;
  request: PmRequest;
  response: { name: string; originalRequest: PmRequest; status: string; code: number; header: PmKeyValue[]; body: string; _postman_previewlanguage?: string }[];
}
interface PostmanCollection {
  info: { name: string; description?: string; schema: string };
  item: { name: string; item: PmItem[] }[];
  variable: PmKeyValue[];
  auth?: PmAuth;
}

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** The collection's JSON text, in parts: each folder's requests made as it is written. */
export function postmanCollection(api: ExportApi): Iterable<string> {
  const folders = new Map<string, ExportRequest[]>(api.folders.map((f) => [f, []]));
  for (const r of api.requests) folders.get(r.folder)!.push(r);
  // Requests whose first security requirement is the document's inherit the collection's auth.
  const inherited = api.defaultAuth.length === 1 && pmAuth(api.defaultAuth) ? authKey(api.defaultAuth) : '';
  const variable: PmKeyValue[] = [
    { key: 'baseUrl', value: api.baseUrl, type: 'string' },
    ...api.servers.map((s) => ({ key: s.name, value: s.url, type: 'string', ...(s.description ? { description: s.description } : {}) })),
    ...api.schemes.flatMap((s) =>
      Object.values(s.vars).map((name) => ({ key: name, value: '', type: 'string', description: `${s.key}: fill in (never stored here)` })),
    ),
    ...api.bodySecrets.map((name) => ({ key: name, value: '', type: 'string', description: 'a credential of a request body: fill in (never stored here)' })),
  ];
  const auth = pmAuth(api.defaultAuth);
  const collection: PostmanCollection = {
    info: { name: api.title, ...(api.description ? { description: api.description } : {}), schema: SCHEMA },
    item: [],
    variable,
    ...(auth ? { auth } : {}),
  };
  function* folderItems(): Generator<PostmanCollection['item'][number]> {
    for (const [name, requests] of folders) yield { name, item: requests.map((r) => item(r, inherited)) };
  }
  return jsonWithArray(collection, 'item', folderItems());
}

function item(r: ExportRequest, inherited: string): PmItem {
  const request = pmRequest(r, inherited);
  const { description: _description, ...originalRequest } = request;
  return {
    name: r.name,
    request,
    response: r.responses.map((x) => ({
      name: x.name,
      originalRequest,
      status: x.name.replace(/^\S+\s*/, ''),
      code: x.code,
      header: x.mediaType ? [{ key: 'Content-Type', value: x.mediaType }] : [],
      body: x.body,
      ...(x.mediaType && /json/i.test(x.mediaType) ? { _postman_previewlanguage: 'json' } : {}),
    })),
  };
}

function pmRequest(r: ExportRequest, inherited: string): PmRequest {
  const header: PmKeyValue[] = r.headers.map((h) => ({
    key: h.name,
    value: h.value,
    ...(h.description ? { description: h.description } : {}),
    ...(!h.required && h.value === '' ? { disabled: true } : {}),
  }));
  const query: PmKeyValue[] = r.query.map((q) => ({
    key: q.name,
    value: q.value,
    ...(q.description ? { description: q.description } : {}),
    ...(!q.required && q.value === '' ? { disabled: true } : {}),
  }));
  const path = r.path.replace(/\{([^}]+)\}/g, ':$1');
  const variable = r.pathParams.map((p) => ({ key: p.name, value: p.value, ...(p.description ? { description: p.description } : {}) }));
  const enabled = query.filter((q) => !q.disabled);
  const raw = `${r.base}${path}${enabled.length ? `?${enabled.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`;
  // Postman sends one auth per request; further schemes of the same requirement go in as headers or query parameters.
  const carried = r.auth.find((s) => pmAuth([s]));
  for (const s of r.auth) if (s !== carried) addExtra(s, header, query);
  const own = inherited !== '' && authKey(r.auth) === inherited ? undefined : (pmAuth(carried ? [carried] : []) ?? { type: 'noauth' as const });
  const req: PmRequest = {
    method: r.method,
    header,
    url: {
      raw,
      host: [r.base],
      path: path.split('/').filter(Boolean),
      ...(query.length ? { query } : {}),
      ...(variable.length ? { variable } : {}),
    },
    ...(own ? { auth: own } : {}),
    ...(r.description ? { description: r.description } : {}),
  };
  const b = r.body;
  if (b?.kind === 'json' || b?.kind === 'text')
    req.body = { mode: 'raw', raw: b.raw, ...(b.kind === 'json' ? { options: { raw: { language: 'json' } } } : {}) };
  else if (b?.kind === 'urlencoded') req.body = { mode: 'urlencoded', urlencoded: b.fields.map((f) => ({ key: f.name, value: f.value })) };
  else if (b?.kind === 'formdata')
    req.body = {
      mode: 'formdata',
      formdata: b.fields.map((f) => (f.file ? { key: f.name, type: 'file', value: '' } : { key: f.name, value: f.value, type: 'text' })),
    };
  return req;
}

function addExtra(s: ExportScheme, header: PmKeyValue[], query: PmKeyValue[]): void {
  if (s.kind === 'bearer') header.push({ key: 'Authorization', value: `Bearer {{${s.vars.token}}}` });
  else if (s.kind === 'basic')
    return; // a second Authorization header cannot be encoded here: left to the user
  else if (s.in === 'query') query.push({ key: s.paramName, value: `{{${s.vars.key}}}` });
  else if (s.in === 'cookie') header.push({ key: 'Cookie', value: `${s.paramName}={{${s.vars.key}}}` });
  else header.push({ key: s.paramName, value: `{{${s.vars.key}}}` });
}

const authKey = (schemes: ExportScheme[]): string => schemes.map((s) => s.key).join('+');

function pmAuth(schemes: ExportScheme[]): PmAuth | undefined {
  const s = schemes[0];
  if (!s) return undefined;
  const str = (key: string, value: string): PmKeyValue => ({ key, value, type: 'string' });
  if (s.kind === 'bearer') return { type: 'bearer', bearer: [str('token', `{{${s.vars.token}}}`)] };
  if (s.kind === 'basic') return { type: 'basic', basic: [str('username', `{{${s.vars.username}}}`), str('password', `{{${s.vars.password}}}`)] };
  if (s.in === 'cookie') return undefined; // Postman's API key auth has no cookie placement: the Cookie header carries it.
  return { type: 'apikey', apikey: [str('key', s.paramName), str('value', `{{${s.vars.key}}}`), str('in', s.in)] };
}
