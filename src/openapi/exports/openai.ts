// OpenAI: function tools in strict mode, the instructions that go with them, and the OpenAPI 3.1
// document a custom GPT's Actions import.
import type { ApiModel, ApiOperation, ApiSecurityScheme } from '../../shared/api-model.js';
import type { Obj } from '../model/model-context.js';
import { bodyMedia, inlineSchema, sentParameters, shortText, type InlineBudget, type Schema } from './json-schema.js';

/**
 * The subset of JSON Schema that strict mode accepts and that we write
 * (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas): every object lists
 * all its properties in `required` (an optional one takes "null" as well) and has
 * `additionalProperties: false`; `pattern` is left out (its regex dialect differs), `format` only with
 * the listed values; at most 10 levels of nesting.
 */
export const OPENAI_STRICT_KEYWORDS = new Set([
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'format',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
]);
export const OPENAI_STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const OPENAI_MAX_NESTING = 10;
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

export interface OpenAiTool {
  type: 'function';
  name: string;
  description: string;
  parameters: Obj;
  strict: true;
}

/** A neutral schema narrowed to strict mode. `optional`: the property may be left out, so it takes null. */
function strictSchema(s: Schema, depth = 1, optional = false): Obj {
  const withNull = (out: Obj): Obj => {
    if (!optional && !(Array.isArray(s.type) && s.type.includes('null'))) return out;
    if (Array.isArray(out.anyOf))
      return (out.anyOf as Obj[]).some((v) => v.type === 'null') ? out : { ...out, anyOf: [...(out.anyOf as Obj[]), { type: 'null' }] };
    const t = out.type as string | string[];
    out.type = Array.isArray(t) ? (t.includes('null') ? t : [...t, 'null']) : t === 'null' ? t : [t, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  };
  const asText = (why: string): Obj => withNull({ type: 'string', description: [s.description, why].filter(Boolean).join(' ') });
  if (depth > OPENAI_MAX_NESTING) return asText('Send it as JSON text (nested too deep for a tool definition).');
  if (s.anyOf?.length) {
    const out: Obj = { anyOf: s.anyOf.map((v) => strictSchema(v, depth + 1, false)) };
    if (s.description) out.description = s.description;
    return withNull(out);
  }
  const types = (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []).filter((t) => t !== 'null');
  const type = types.length > 1 && types.every((t) => PRIMITIVES.has(t)) ? types : types[0];
  if (type === undefined) return asText('Any JSON value, as JSON text.');
  const out: Obj = { type };
  if (s.description) out.description = s.description;
  if (type === 'object') {
    const props = Object.entries(s.properties ?? {});
    if (!props.length || depth >= OPENAI_MAX_NESTING) return asText('A JSON object, as JSON text.');
    const properties: Obj = {};
    const required = new Set(s.required ?? []);
    for (const [name, prop] of props) properties[name] = strictSchema(prop, depth + 1, !required.has(name));
    return withNull({ ...out, properties, required: props.map(([n]) => n), additionalProperties: false });
  }
  if (type === 'array') {
    // Items cut by the budget (or past the nesting limit): the array as JSON text.
    if (!s.items || depth >= OPENAI_MAX_NESTING) return asText('A JSON array, as JSON text.');
    out.items = strictSchema(s.items, depth + 1, false);
    if (s.minItems !== undefined) out.minItems = s.minItems;
    if (s.maxItems !== undefined) out.maxItems = s.maxItems;
    return withNull(out);
  }
  if (s.enum?.length) out.enum = s.enum.filter((v) => v !== null);
  if (typeof type === 'string' && type === 'string' && s.format && OPENAI_STRICT_FORMATS.has(s.format)) out.format = s.format;
  if (type === 'number' || type === 'integer') {
    if (s.minimum !== undefined) out.minimum = s.minimum;
    if (s.maximum !== undefined) out.maximum = s.maximum;
  }
  return withNull(out);
}

export function openAiTool(name: string, description: string, input: Schema): OpenAiTool {
  // A tool without arguments still declares an (empty, closed) object: strict mode wants an object at the root.
  const parameters = Object.keys(input.properties ?? {}).length
    ? strictSchema(input, 1, false)
    : { type: 'object', properties: {}, required: [], additionalProperties: false };
  return { type: 'function', name, description, parameters, strict: true };
}

/** What the model is told with the tools: where each group of the input goes, the servers, the authentication. */
export function gptInstructions(model: ApiModel, ops: readonly ApiOperation[], names: Map<string, string>, context: string): string {
  const lines = [
    `# Calling ${model.info.title} with tools`,
    '',
    `Each tool is one operation of ${model.info.title}. Its arguments are grouped: \`path\` values go into the URL template, \`query\` values into the query string, \`header\` and \`cookie\` values into the request's headers and cookies, and \`body\` is the JSON request body. Optional values are null when not sent: leave them out of the request. A value described as JSON text is sent as the JSON it contains.`,
    '',
    context,
    '',
    '## Tools',
    '',
    ...ops.map((op) => `- \`${names.get(op.slug)}\`: ${op.method.toUpperCase()} ${op.path}${op.summary ? ` — ${shortText(op.summary, 160)}` : ''}`),
    '',
  ];
  return lines.join('\n');
}

/**
 * GPT Actions' limits. Documented (https://platform.openai.com/docs/actions/production): 300
 * characters per operation summary or description, 700 per parameter description, no custom
 * headers, HTTPS only, one authentication type (API key or OAuth) per action besides endpoints
 * without authentication. Not in those notes but enforced by the GPT editor as users report it: 30
 * operations per action.
 */
export const ACTIONS_LIMITS = { operations: 30, descriptionChars: 300, parameterDescriptionChars: 700 };
const ACTIONS_BUDGET: InlineBudget = { nodes: 150, depth: 6 };
/** Authentication an action can hold: an API key (header or query), HTTP basic or bearer, OAuth 2.0. */
const ACTIONS_SCHEME = (s: ApiSecurityScheme | undefined): boolean =>
  !!s && (s.type === 'oauth2' || (s.type === 'apiKey' && s.in !== 'cookie') || (s.type === 'http' && /^(basic|bearer)$/.test(s.scheme ?? '')));

/** The first https server (variables at their defaults), relative ones resolved against where the document is published. */
function actionsServer(model: ApiModel, site: { url: string }): string | undefined {
  for (const s of model.servers) {
    const url = absolute(s.resolvedUrl, model, site);
    if (url?.startsWith('https://')) return url;
  }
  return undefined;
}

function absolute(url: string, model: ApiModel, site: { url: string }): string | undefined {
  try {
    return new URL(url, new URL(model.basePath.replace(/^\/+/, '') + '/', site.url)).href.replace(/\/$/, '');
  } catch {
    return undefined; // a server URL that does not parse is not offered
  }
}

/**
 * An OpenAPI 3.1 document for a custom GPT's Actions: one https server, every operation with an
 * operationId (the OpenAI tool name: an Action's operation becomes a function), descriptions within the limits, schemas inlined, one authentication scheme, at most
 * `ACTIONS_LIMITS.operations` operations (the first ones in the documentation's order that the
 * action can call; what is left out is said in `info.description`).
 */
export function actionsDocument(model: ApiModel, names: Map<string, string>, site: { url: string }): Obj {
  const server = actionsServer(model, site);
  const schemeOf = (key: string): ApiSecurityScheme | undefined => model.securitySchemes.find((s) => s.key === key);
  // The action's one scheme: the first single-scheme requirement an operation accepts that Actions support.
  const scheme = model.operations.flatMap((op) => op.security).find((r) => r.schemes.length === 1 && ACTIONS_SCHEME(schemeOf(r.schemes[0]!.key)))
    ?.schemes[0]?.key;
  const access = (op: ApiOperation): Obj[] | undefined => {
    if (op.security.length === 0 || op.security.some((r) => r.schemes.length === 0)) return [];
    const r = op.security.find((x) => x.schemes.length === 1 && x.schemes[0]!.key === scheme);
    return r ? [{ [scheme!]: r.schemes[0]!.scopes }] : undefined;
  };
  const eligible = server ? model.operations.filter((op) => op.servers.some((s) => absolute(s.resolvedUrl, model, site) === server) && access(op)) : [];
  const kept = eligible.slice(0, ACTIONS_LIMITS.operations);
  const notes: string[] = [];
  if (!server) notes.push('No https server: Actions need one.');
  if (kept.length < model.operations.length)
    notes.push(`${kept.length} of ${model.operations.length} operations (one server, one auth scheme, at most ${ACTIONS_LIMITS.operations}).`);
  const paths: Obj = {};
  for (const op of kept) {
    const out: Obj = { operationId: names.get(op.slug) };
    const summary = shortText(op.summary ?? op.title, ACTIONS_LIMITS.descriptionChars);
    if (summary) out.summary = summary;
    const description = shortText(op.descriptionMarkdown, ACTIONS_LIMITS.descriptionChars);
    if (description) out.description = description;
    if (op.deprecated) out.deprecated = true;
    // Actions send no custom headers: header and cookie parameters are left out.
    const params = sentParameters(op).filter((p) => p.in === 'path' || p.in === 'query');
    if (params.length)
      out.parameters = params.map((p) => {
        const param: Obj = {
          name: p.name,
          in: p.in,
          required: p.required,
          schema: inlineSchema(model, p.schema, ACTIONS_BUDGET),
        };
        const d = shortText(p.descriptionMarkdown, ACTIONS_LIMITS.parameterDescriptionChars);
        if (d) param.description = d;
        return param;
      });
    const body = bodyMedia(op);
    if (body)
      out.requestBody = { required: op.requestBody!.required, content: { [body.mediaType]: { schema: inlineSchema(model, body.schema, ACTIONS_BUDGET) } } };
    const responses: Obj = {};
    for (const r of op.responses) responses[r.status] = { description: shortText(r.descriptionMarkdown, ACTIONS_LIMITS.descriptionChars) ?? r.status };
    out.responses = Object.keys(responses).length ? responses : { default: { description: 'Response' } };
    out.security = access(op);
    const path = (paths[op.path] ??= {}) as Obj;
    path[op.method] = out;
  }
  const info: Obj = { title: model.info.title, version: model.info.version || '1.0.0' };
  const description = shortText([...notes, model.info.summary ?? model.info.descriptionMarkdown].filter(Boolean).join(' '), ACTIONS_LIMITS.descriptionChars);
  if (description) info.description = description;
  const result: Obj = { openapi: '3.1.0', info, servers: [{ url: server ?? 'https://example.invalid' }], paths };
  if (scheme && Object.values(paths).some((item) => Object.values(item as Obj).some((o) => ((o as Obj).security as Obj[]).length > 0)))
    result.components = { securitySchemes: { [scheme]: securityScheme(schemeOf(scheme)!) } };
  return result;
}

/** A security scheme without its description (which may run long): never a credential, only where one goes. */
function securityScheme(s: ApiSecurityScheme): Obj {
  const out: Obj = { type: s.type, scheme: s.scheme, bearerFormat: s.bearerFormat, in: s.in, name: s.name };
  if (s.flows.length)
    out.flows = Object.fromEntries(
      s.flows.map(({ type, scopes, ...urls }) => [type, { ...urls, scopes: Object.fromEntries(scopes.map((x) => [x.name, x.description])) }]),
    );
  out.openIdConnectUrl = s.openIdConnectUrl;
  return out;
}
