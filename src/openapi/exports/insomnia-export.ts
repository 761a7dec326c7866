import { jsonWithArray } from './json-parts.js';
import type { ExportApi, ExportRequest, ExportScheme } from './request-parts.js';

// Insomnia's export format 4 (`_type: "export"`, `__export_format: 4`, a flat list of resources
// linked by `parentId`): a workspace, a base environment holding `baseUrl` and the credentials'
// empty variables, a sub-environment per server, a request group per tag and the requests, with
// variables written `{{ _.name }}`. Ids are derived from positions, so a build is reproducible.

interface Resource {
  _id: string;
  _type: 'workspace' | 'environment' | 'request_group' | 'request';
  parentId: string | null;
  name: string;
  [key: string]: unknown;
}

interface InsomniaExport {
  _type: 'export';
  __export_format: 4;
  __export_source: string;
  resources: Resource[];
}

const v = (name: string): string => `{{ _.${name} }}`;
/** The parts' `{{name}}` (a body's credential) in Insomnia's form. */
const variables = (text: string): string => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => v(name));

/** The export's JSON text, in parts: each request made as it is written. */
export function insomniaExport(api: ExportApi): Iterable<string> {
  const wrk = 'wrk_shipdocs';
  const env = 'env_shipdocs';
  const data: Record<string, string> = { baseUrl: api.baseUrl };
  for (const s of api.schemes) for (const name of Object.values(s.vars)) data[name] = '';
  for (const name of api.bodySecrets) data[name] = '';
  const resources: Resource[] = [
    { _id: wrk, _type: 'workspace', parentId: null, name: api.title, description: api.description ?? '', scope: 'collection' },
    { _id: env, _type: 'environment', parentId: wrk, name: 'Base Environment', data },
    ...api.servers.map((s, i) => ({
      _id: `env_shipdocs_${i + 1}`,
      _type: 'environment' as const,
      parentId: env,
      name: s.description || s.url || `Server ${i + 1}`,
      data: { baseUrl: s.url },
    })),
  ];
  const folderIds = new Map(api.folders.map((f, i) => [f, `fld_shipdocs_${i + 1}`]));
  for (const [name, id] of folderIds) resources.push({ _id: id, _type: 'request_group', parentId: wrk, name, description: '' });
  function* all(): Generator<Resource> {
    yield* resources;
    for (const [i, r] of api.requests.entries()) yield request(r, `req_shipdocs_${i + 1}`, folderIds.get(r.folder)!, i);
  }
  const file: InsomniaExport = { _type: 'export', __export_format: 4, __export_source: 'shipdocs', resources: [] };
  return jsonWithArray(file, 'resources', all());
}

function request(r: ExportRequest, id: string, parentId: string, index: number): Resource {
  const headers = r.headers.map((h) => ({
    name: h.name,
    value: h.value,
    ...(h.description ? { description: h.description } : {}),
    ...(!h.required && h.value === '' ? { disabled: true } : {}),
  }));
  // The query to send is in the URL (Insomnia sends it, and Bruno's importer keeps only the URL's);
  // the optional parameters without a value are listed, disabled, to fill in.
  const query = r.query.flatMap((q) => q.pairs);
  const parameters = r.query.filter((q) => q.pairs.length === 0).map((q) => ({ name: q.name, value: q.value, disabled: true }));
  const [first, ...more] = r.auth;
  for (const s of more) extra(s, headers, query);
  // API keys are sent as the header, query parameter or cookie they are: every version of Insomnia,
  // and Bruno's importer, send those (not all know an "apikey" authentication).
  if (first?.kind === 'apikey') extra(first, headers, query);
  const b = r.body;
  const body =
    b?.kind === 'json' || b?.kind === 'text'
      ? { mimeType: b.mediaType, text: variables(b.raw) }
      : b
        ? {
            mimeType: b.mediaType,
            params: b.fields.map((f) => ({ name: f.name, value: variables(f.value), ...(f.file ? { type: 'file', fileName: '' } : {}) })),
          }
        : {};
  return {
    _id: id,
    _type: 'request',
    parentId,
    name: r.name,
    description: r.description ?? '',
    method: r.method,
    url: `${r.base === '{{baseUrl}}' ? v('baseUrl') : r.base}${r.examplePath}${query.length ? `?${query.join('&')}` : ''}`,
    parameters,
    headers,
    body,
    authentication: first && first.kind !== 'apikey' ? authentication(first) : {},
    metaSortKey: index,
  };
}

function authentication(s: ExportScheme): Record<string, unknown> {
  if (s.kind === 'bearer') return { type: 'bearer', token: v(s.vars.token!), prefix: '' };
  return { type: 'basic', username: v(s.vars.username!), password: v(s.vars.password!) };
}

/** A scheme past the request's first (or an API key) as a header, query pair or cookie. */
function extra(s: ExportScheme, headers: { name: string; value: string }[], query: string[]): void {
  if (s.kind === 'bearer') headers.push({ name: 'Authorization', value: `Bearer ${v(s.vars.token!)}` });
  else if (s.kind === 'basic')
    return; // a second Authorization header cannot be encoded here: left to the user
  else if (s.in === 'query') query.push(`${encodeURIComponent(s.paramName)}=${v(s.vars.key!)}`);
  else headers.push({ name: s.in === 'cookie' ? 'Cookie' : s.paramName, value: s.in === 'cookie' ? `${s.paramName}=${v(s.vars.key!)}` : v(s.vars.key!) });
}
