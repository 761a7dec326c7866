import type { ApiMediaType, ApiModel, ApiOperationCore, ApiResponse, ApiSchema } from '../shared/api-model.js';
import { responseFor } from './choose-response.js';
import { ERROR_CODES, fieldOf, type MockError, type Problem } from './problems.js';
import { resolveSchema } from './resolve-schema.js';

// The mock's own errors (400, 401, 404, 405, 415, 422…) in the shape the document gives its errors:
// the schema of the operation's response for that status (else its range, else `default`), else the
// document's usual error schema (the one most of its 4xx responses use). The document's example of
// that response is the starting point; the fields whose names say what they hold (code, message,
// status, details and, in the details' items, field, location, code and message) are filled in with
// the actual problem. A document without an error schema gets `{ "error": message, "details": [...] }`.

export interface ErrorBody {
  contentType: string;
  body: string;
}

interface Template {
  media: ApiMediaType;
  schema: ApiSchema;
}

type Role = 'code' | 'message' | 'title' | 'status' | 'details' | 'field' | 'location';
const ROLES: Record<string, Role> = {
  code: 'code',
  errorcode: 'code',
  error: 'code',
  reason: 'code',
  keyword: 'code',
  rule: 'code',
  message: 'message',
  detail: 'message',
  msg: 'message',
  description: 'message',
  errordescription: 'message',
  errormessage: 'message',
  title: 'title',
  status: 'status',
  statuscode: 'status',
  httpstatus: 'status',
  details: 'details',
  errors: 'details',
  issues: 'details',
  violations: 'details',
  invalidparams: 'details',
  fielderrors: 'details',
  validationerrors: 'details',
  field: 'field',
  path: 'field',
  pointer: 'field',
  name: 'field',
  param: 'field',
  parameter: 'field',
  property: 'field',
  in: 'location',
  location: 'location',
  source: 'location',
};
const roleOf = (name: string): Role | undefined => ROLES[name.toLowerCase().replace(/[^a-z]/g, '')];

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  500: 'Internal Server Error',
};

/** The error bodies of a document: `(operation or none, error) → body`. */
export function createErrorBodies(model: ApiModel): (operation: ApiOperationCore | undefined, error: MockError) => ErrorBody {
  const fallback = documentErrors(model);
  const templateOf = (response: ApiResponse | undefined): Template | undefined => {
    const media = response?.content.find((m) => /json/i.test(m.mediaType));
    const schema = resolveSchema(model, media?.schema);
    return media && schema?.properties.length ? { media, schema } : undefined;
  };
  return (operation, error) => {
    const template = templateOf(operation && responseFor(operation, error.status)) ?? templateOf(fallback.get(error.status)) ?? templateOf(fallback.get(0));
    if (!template) {
      const body = { error: error.message, details: error.problems.map((p) => ({ field: fieldOf(p), in: p.in, code: p.keyword, message: p.message })) };
      return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(body, null, 2) };
    }
    const base = exampleBase(template.media, template.schema);
    const body = fill(model, template.schema, base, error, 0);
    const type = /[*]/.test(template.media.mediaType) ? 'application/json' : template.media.mediaType;
    return { contentType: `${type}; charset=utf-8`, body: JSON.stringify(body, null, 2) };
  };
}

/**
 * Responses of the document's usual error schema, by status (0: any), for errors an operation does
 * not document (and for 404 and 405, which have no operation).
 */
function documentErrors(model: ApiModel): Map<number, ApiResponse> {
  const count = new Map<string, number>();
  const keyOf = (response: ApiResponse): string | undefined => {
    const schema = response.content.find((m) => /json/i.test(m.mediaType))?.schema;
    return schema?.kind === 'ref' ? schema.ref : undefined;
  };
  const errors = model.operations.flatMap((o) => o.responses).filter((r) => /^[45]|default/i.test(r.status));
  for (const r of errors) {
    const key = keyOf(r);
    if (key) count.set(key, (count.get(key) ?? 0) + 1);
  }
  const usual = [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
  const byStatus = new Map<number, ApiResponse>();
  for (const r of errors) {
    if (usual !== undefined && keyOf(r) !== usual) continue;
    if (!byStatus.has(0)) byStatus.set(0, r);
    if (/^\d+$/.test(r.status) && !byStatus.has(Number(r.status))) byStatus.set(Number(r.status), r);
  }
  return byStatus;
}

/**
 * The document's example of the error, as the starting point. A generated one holds placeholders
 * ("string"): only its required properties are kept, so the body still has every field the schema
 * requires.
 */
function exampleBase(media: ApiMediaType, schema: ApiSchema): Record<string, unknown> {
  const example = media.examples[0];
  if (!example) return {};
  let value: unknown;
  try {
    value = JSON.parse(example.value);
  } catch {
    return {};
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const object = value as Record<string, unknown>;
  if (!example.generated) return object;
  const required = new Set(schema.properties.filter((p) => p.required).map((p) => p.name));
  return Object.fromEntries(Object.entries(object).filter(([key]) => required.has(key)));
}

/** The example's object with the fields the schema names by role set from the error (nested objects: two levels). */
function fill(model: ApiModel, schema: ApiSchema, base: unknown, error: MockError, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  for (const property of schema.properties) {
    const target = resolveSchema(model, property.schema);
    const types = target?.types ?? [];
    const role = roleOf(property.name);
    if (role === 'details' && (types.includes('array') || !types.length)) {
      if (error.problems.length || property.required) out[property.name] = error.problems.map((p) => detail(resolveSchema(model, target?.items), p));
      else delete out[property.name];
    } else if (role && role !== 'details' && !types.some((t) => t === 'object' || t === 'array')) {
      const value = topValue(role, error, types);
      if (value !== undefined) out[property.name] = value;
    } else if (types.includes('object') && target?.properties.length && depth < 2) {
      out[property.name] = fill(model, target, out[property.name], error, depth + 1);
    }
  }
  return out;
}

function topValue(role: Role, error: MockError, types: readonly string[]): string | number | undefined {
  const numeric = types.includes('integer') || types.includes('number');
  switch (role) {
    case 'code':
      return numeric ? error.status : (ERROR_CODES[error.status] ?? `http_${error.status}`);
    case 'status':
      return numeric || !types.length ? error.status : String(error.status);
    case 'message':
      return error.message;
    case 'title':
      return STATUS_TEXT[error.status] ?? `HTTP ${error.status}`;
    default:
      return undefined;
  }
}

/** One problem as an item of the details array, in the items' own shape. */
function detail(items: ApiSchema | undefined, problem: Problem): unknown {
  const field = fieldOf(problem);
  if (!items?.properties.length) {
    return items?.types.includes('string') ? `${field}: ${problem.message}` : { field, in: problem.in, code: problem.keyword, message: problem.message };
  }
  const out: Record<string, unknown> = {};
  for (const property of items.properties) {
    const role = roleOf(property.name);
    if (role === 'field') out[property.name] = field;
    else if (role === 'location') out[property.name] = problem.in;
    else if (role === 'code') out[property.name] = problem.keyword;
    else if (role === 'message') out[property.name] = problem.message;
  }
  return out;
}
