import { type ApiModel, type ApiOperation, type ApiSecurityRequirement } from '../../shared/api-model.js';
import { summaryText } from '../../shared/html-text.js';
import type { RequestParameter } from '../../shared/api-request.js';
import { initialValue } from '../../shared/request/initial-inputs.js';
import { serializePath, serializeQuery, type ParameterValue } from '../../shared/request/serialize.js';
import { requestData } from '../../shared/request/request-data.js';
import { pause } from '../../render/workers/pause.js';
import { SECRET_FIELD, SECRET_PARAMETER } from '../../shared/secret-names.js';

// Each operation once, as every client export needs it: the URL with example values, the headers,
// the body example, the credentials as variables. The writers (postman-collection.ts,
// insomnia-export.ts, bruno-collection.ts, http-file.ts) only change the shape. Credentials are
// never written: a scheme becomes empty variables, a parameter with a secret's name is written
// empty, a body field with one becomes a variable of its name (`{{client_secret}}`), so that the
// request is sent whole once the variable is filled in. An operation that accepts several
// alternative security requirements gets one request per requirement (the first under the
// operation's title, the others after it, named with their schemes): each client sends one auth per
// request, and a user holds one credential.

/** A security scheme the clients can fill in, with the names of its (empty) variables. */
export interface ExportScheme {
  key: string;
  kind: 'bearer' | 'basic' | 'apikey';
  /** apiKey: where the key goes and its name. */
  in: 'header' | 'query' | 'cookie';
  paramName: string;
  /** bearer: the token; basic: user name and password; apikey: the key. */
  vars: { token?: string; username?: string; password?: string; key?: string };
  description: string | undefined;
}

interface ExportParam {
  name: string;
  /** Example value as text ("" when none or when it is a credential). */
  value: string;
  required: boolean;
  description: string | undefined;
}

interface ExportBody {
  mediaType: string;
  kind: 'json' | 'text' | 'urlencoded' | 'formdata';
  /** json and text: the example. */
  raw: string;
  fields: { name: string; value: string; file: boolean }[];
}

interface ExportResponse {
  name: string;
  code: number;
  mediaType: string | undefined;
  body: string;
}

export interface ExportRequest {
  op: ApiOperation;
  /** A name both .http clients accept after `# @name`. */
  id: string;
  folder: string;
  method: string;
  /** "{{baseUrl}}", or the operation's own server when the document's first is not among its servers. */
  base: string;
  /** The path with `{name}` templates, as written. */
  path: string;
  /** The path with example values, encoded. */
  examplePath: string;
  pathParams: ExportParam[];
  query: (ExportParam & { pairs: string[] })[];
  headers: ExportParam[];
  /** The request's name in the clients: the operation's title, with the schemes for a second or later requirement. */
  name: string;
  /** The schemes of the security requirement this request sends; empty: anonymous. */
  auth: ExportScheme[];
  body: ExportBody | undefined;
  responses: ExportResponse[];
  description: string | undefined;
}

export interface ExportApi {
  title: string;
  description: string | undefined;
  baseUrl: string;
  servers: { name: string; url: string; description: string | undefined; sandbox: boolean }[];
  schemes: ExportScheme[];
  /** The document's default security (first requirement). */
  defaultAuth: ExportScheme[];
  /** Names of the variables that stand for credential-named body fields (`{{client_secret}}`), empty in every export. */
  bodySecrets: string[];
  /** Folder names in sidebar order. */
  folders: string[];
  requests: ExportRequest[];
}

const UNTAGGED = 'Other operations';

/** Asynchronous only to let the event loop turn between operations (an interrupt waits for one, not for all). */
export async function exportApi(model: ApiModel): Promise<ExportApi> {
  const schemes = exportSchemes(model);
  const byKey = new Map(schemes.map((s) => [s.key, s]));
  const baseUrl = model.servers[0]?.resolvedUrl ?? '';
  const ids = new Set<string>();
  const apiKeyNames = new Set(schemes.filter((s) => s.kind === 'apikey').map((s) => s.paramName.toLowerCase()));
  const requests: ExportRequest[] = [];
  const bodySecrets = new Set<string>();
  for (const op of model.operations) {
    await pause();
    requests.push(...exportRequests(model, op, { byKey, apiKeyNames, ids, bodySecrets }));
  }
  const folders = [...new Set(requests.map((r) => r.folder))];
  return {
    title: model.info.title,
    description: model.info.summary ?? summaryText(model.info.description, 2000),
    baseUrl,
    servers: model.servers.map((s, i) => ({ name: `server${i + 1}`, url: s.resolvedUrl, description: s.description, sandbox: s.sandbox })),
    schemes,
    defaultAuth: requirements(model.security, byKey)[0] ?? [],
    bodySecrets: [...bodySecrets],
    folders,
    requests,
  };
}

function exportSchemes(model: ApiModel): ExportScheme[] {
  const taken = new Set<string>();
  const unique = (wanted: string, fallback: string): string => {
    const name = taken.has(wanted) ? fallback : wanted;
    let n = name;
    for (let i = 2; taken.has(n); i++) n = `${name}${i}`;
    taken.add(n);
    return n;
  };
  const out: ExportScheme[] = [];
  for (const s of model.securitySchemes) {
    const base = camel(s.key);
    const description = summaryText(s.description, 300);
    const common = { key: s.key, description, in: 'header' as const, paramName: 'Authorization' };
    if ((s.type === 'http' && s.scheme === 'bearer') || s.type === 'oauth2' || s.type === 'openIdConnect')
      out.push({ ...common, kind: 'bearer', vars: { token: unique('bearerToken', `${base}Token`) } });
    else if (s.type === 'http' && s.scheme === 'basic')
      out.push({
        ...common,
        kind: 'basic',
        vars: { username: unique('basicUsername', `${base}Username`), password: unique('basicPassword', `${base}Password`) },
      });
    else if (s.type === 'apiKey' && s.name)
      out.push({ ...common, kind: 'apikey', in: s.in ?? 'header', paramName: s.name, vars: { key: unique('apiKey', `${base}Key`) } });
    // digest, mutual TLS: nothing a collection can carry; the client's own settings do.
  }
  return out;
}

/** Each requirement's schemes that a collection can carry, once each (an empty list: anonymous). */
function requirements(security: ApiSecurityRequirement[], byKey: Map<string, ExportScheme>): ExportScheme[][] {
  const seen = new Set<string>();
  const out: ExportScheme[][] = [];
  for (const r of security) {
    const schemes = r.schemes.map((s) => byKey.get(s.key)).filter((s) => s !== undefined);
    // A requirement of schemes no collection carries (digest, mutual TLS) is the client's own setting, not anonymous.
    if (r.schemes.length > 0 && schemes.length === 0) continue;
    const key = schemes.map((s) => s.key).join('+');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(schemes);
  }
  return out;
}

const KIND_LABEL: Record<ExportScheme['kind'], string> = { bearer: 'bearer token', basic: 'HTTP Basic', apikey: 'API key' };

interface Context {
  byKey: Map<string, ExportScheme>;
  /** Lowercased names of API key parameters: the schemes send them. */
  apiKeyNames: Set<string>;
  ids: Set<string>;
  bodySecrets: Set<string>;
}

/** The operation's request, once per alternative security requirement (anonymous alone when it is one of them). */
function exportRequests(model: ApiModel, op: ApiOperation, ctx: Context): ExportRequest[] {
  const base = exportRequest(model, op, ctx);
  const alternatives = requirements(op.security, ctx.byKey);
  if (alternatives.some((a) => a.length === 0) || alternatives.length <= 1) return [{ ...base, auth: alternatives.length === 1 ? alternatives[0]! : [] }];
  return alternatives.map((auth, i) =>
    i === 0
      ? { ...base, auth }
      : {
          ...base,
          auth,
          name: `${base.name} (${auth.map((s) => KIND_LABEL[s.kind]).join(' + ')})`,
          id: uniqueId(op, ctx.ids, `-${auth.map((s) => s.kind).join('-')}`),
        },
  );
}

function exportRequest(model: ApiModel, op: ApiOperation, ctx: Context): ExportRequest {
  const data = requestData(model, op);
  const apiKeyNames = ctx.apiKeyNames;
  const secret = (p: RequestParameter): boolean => SECRET_PARAMETER.test(p.name) || apiKeyNames.has(p.name.toLowerCase());
  const param = (p: RequestParameter): ExportParam & { raw: ParameterValue | undefined } => {
    const raw = secret(p) ? undefined : (initialValue(p) ?? fallback(p));
    return { name: p.name, value: raw === undefined ? '' : textOf(raw), required: p.required, description: p.description, raw };
  };
  const pathParams = data.parameters.filter((p) => p.in === 'path').map(param);
  let examplePath = op.path;
  for (const [i, p] of data.parameters.filter((x) => x.in === 'path').entries()) {
    const value = pathParams[i]!.raw ?? p.name;
    examplePath = examplePath.split(`{${p.name}}`).join(serializePath(p.name, value, p.style, p.explode));
  }
  const query = data.parameters
    .filter((p) => p.in === 'query' && !apiKeyNames.has(p.name.toLowerCase()))
    .map((p) => {
      const x = param(p);
      return { ...x, pairs: x.raw === undefined ? [] : serializeQuery(p.name, x.raw, p.style, p.explode) };
    });
  const headers: ExportParam[] = data.parameters.filter((p) => p.in === 'header' && !/^(accept|content-type|authorization)$/i.test(p.name)).map(param);
  const cookies = data.parameters.filter((p) => p.in === 'cookie').map(param);
  if (cookies.length) headers.push({ name: 'Cookie', value: cookies.map((c) => `${c.name}=${c.value}`).join('; '), required: false, description: undefined });
  const accept = op.responses.find((r) => /^2/.test(r.status))?.content[0]?.mediaType;
  if (accept) headers.push({ name: 'Accept', value: accept, required: false, description: undefined });
  const body = exportBody(data.bodies[0], ctx.bodySecrets);
  if (body) headers.push({ name: 'Content-Type', value: body.mediaType, required: true, description: undefined });
  const docServer = model.servers[0];
  const base = !docServer || op.servers.some((s) => s.resolvedUrl === docServer.resolvedUrl) ? '{{baseUrl}}' : (op.servers[0]?.resolvedUrl ?? '{{baseUrl}}');
  return {
    op,
    id: uniqueId(op, ctx.ids),
    folder: op.tag ?? UNTAGGED,
    method: op.method.toUpperCase(),
    base: base.replace(/\/+$/, ''),
    path: op.path,
    examplePath,
    pathParams: pathParams.map(strip),
    query: query.map((q) => ({ ...strip(q), pairs: q.pairs })),
    headers: headers.map((h) => ({ ...h, value: oneLine(h.value) })),
    name: op.title,
    auth: [],
    body,
    responses: exportResponses(op),
    description: summaryText(op.description, 2000) ?? op.summary,
  };
}

const strip = <T extends { raw?: unknown }>({ raw: _raw, ...rest }: T): Omit<T, 'raw'> => rest;

/** A value for a parameter without default or example, so that the request is well formed. */
function fallback(p: RequestParameter): ParameterValue | undefined {
  if (!p.required) return undefined;
  const first = p.schema?.enum?.[0];
  if (typeof first === 'string' || typeof first === 'number' || typeof first === 'boolean') return first;
  switch (p.schema?.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [p.schema.items === 'integer' || p.schema.items === 'number' ? 1 : 'string'];
  }
  if (p.schema?.format === 'uuid') return '00000000-0000-0000-0000-000000000000';
  if (p.schema?.format === 'date') return '2025-01-01';
  if (p.schema?.format === 'date-time') return '2025-01-01T00:00:00Z';
  return 'string';
}

function textOf(v: ParameterValue): string {
  if (v === null) return '';
  if (Array.isArray(v)) return v.join(',');
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .flat()
      .join(',');
  return String(v);
}

const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ');

function exportBody(body: ReturnType<typeof requestData>['bodies'][number] | undefined, secrets: Set<string>): ExportBody | undefined {
  if (!body) return undefined;
  const mediaType = body.mediaType;
  const variable = (name: string): string => {
    const v = name.replace(/[^A-Za-z0-9_]+/g, '_');
    secrets.add(v);
    return `{{${v}}}`;
  };
  if (/^application\/x-www-form-urlencoded\b/i.test(mediaType) || /^multipart\/form-data\b/i.test(mediaType)) {
    const fields = body.fields.map((f) => ({
      name: f.name,
      value: f.file ? '' : SECRET_FIELD.test(f.name) ? variable(f.name) : (f.example ?? ''),
      file: f.file,
    }));
    return { mediaType, kind: /^multipart/i.test(mediaType) ? 'formdata' : 'urlencoded', raw: '', fields };
  }
  const json = /[/+]json\b/i.test(mediaType);
  const raw = body.example ?? (json ? '{}' : '');
  return { mediaType, kind: json ? 'json' : 'text', raw: json ? withoutSecrets(raw, variable) : raw, fields: [] };
}

/** The JSON example with the string values of credential-named fields replaced by a variable of their name. */
function withoutSecrets(text: string, variable: (name: string) => string): string {
  if (!SECRET_FIELD.test(text)) return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' && SECRET_FIELD.test(k) ? variable(k) : walk(x)]));
    return v;
  };
  return JSON.stringify(walk(value), null, 2);
}

function exportResponses(op: ApiOperation): ExportResponse[] {
  const out: ExportResponse[] = [];
  for (const r of op.responses) {
    const code = /^\d{3}$/.test(r.status) ? Number(r.status) : /^\dXX$/i.test(r.status) ? Number(r.status[0]) * 100 : undefined;
    const media = r.content.find((m) => m.examples.some((e) => !e.truncated));
    const example = media?.examples.find((e) => !e.truncated);
    if (code === undefined || !media || !example) continue;
    const name = summaryText(r.description, 80) ?? r.status;
    out.push({ name: `${r.status} ${name}`.trim(), code, mediaType: media.mediaType, body: example.value });
  }
  return out;
}

function uniqueId(op: ApiOperation, ids: Set<string>, suffix = ''): string {
  const wanted = (op.operationId && /^[A-Za-z0-9_.-]+$/.test(op.operationId) ? op.operationId : op.slug.replace(/[^A-Za-z0-9_.-]+/g, '-')) + suffix;
  let id = wanted || 'request';
  for (let i = 2; ids.has(id); i++) id = `${wanted}-${i}`;
  ids.add(id);
  return id;
}

function camel(key: string): string {
  const words = key.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((w, i) => (i === 0 ? w[0]!.toLowerCase() + w.slice(1) : w[0]!.toUpperCase() + w.slice(1))).join('');
  return /^[A-Za-z]/.test(joined) ? joined : `scheme${joined}`;
}
