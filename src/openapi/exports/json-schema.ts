// The document's own JSON Schemas, made self-contained for assistants: every `$ref` inlined (tool
// formats cannot follow references), recursion cut where a schema reappears inside itself, and the
// expansion bounded by a node budget and a depth so that a schema fanning out through shared
// references (GitHub's `repository`) stays small. The result is a neutral JSON Schema (2020-12
// words: `type` lists with "null", `anyOf`) that each vendor's converter narrows to its subset.
import type { ApiOperationCore } from '../../shared/api-model.js';
import { getAtPointer } from '../load/pointer.js';
import { isObj, type Obj } from '../model/model-context.js';

export interface Schema {
  type?: string | string[];
  description?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
}

export interface InlineBudget {
  /** Schema nodes written, at most (the rest is cut with a note). */
  nodes: number;
  /** Nesting of objects and arrays, at most. */
  depth: number;
}

const INPUT_BUDGET: InlineBudget = { nodes: 300, depth: 8 };
/** Enum values kept (OpenAI counts them against a per-request limit). */
const ENUM_LIMIT = 100;
const DESCRIPTION_LIMIT = 600;
/** Headers an OpenAPI document may not describe as parameters (OpenAPI 3.1 §4.8.12.1): set by the client. */
const IGNORED_HEADERS = /^(accept|content-type|authorization)$/i;

const CUT_NOTE = 'Cut: the schema expands past the size a tool definition carries; see the documentation.';

/** The target of an internal reference, or undefined. */
export function deref(doc: Obj, value: unknown): { value: Obj | undefined; ref: string | undefined } {
  let node = value;
  let ref: string | undefined;
  for (let hops = 0; isObj(node) && typeof node.$ref === 'string' && hops < 20; hops++) {
    ref = node.$ref;
    node = ref.startsWith('#') ? getAtPointer(doc, ref) : undefined;
  }
  return { value: isObj(node) ? node : undefined, ref };
}

export const refName = (ref: string): string => decodeURIComponent(ref.slice(ref.lastIndexOf('/') + 1));

/** One line of plain text (for schema descriptions): Markdown kept as written, whitespace collapsed, cut. */
export function shortText(text: unknown, limit = DESCRIPTION_LIMIT): string | undefined {
  if (typeof text !== 'string') return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return undefined;
  return flat.length > limit ? `${flat.slice(0, limit - 1).replace(/\s+\S*$/, '')}…` : flat;
}

/** A self-contained copy of a schema of the document. */
export function inlineSchema(doc: Obj, schema: unknown, budget: InlineBudget = INPUT_BUDGET): Schema {
  const state = { left: budget.nodes };
  return walk(doc, schema, [], 0, budget, state);
}

function walk(doc: Obj, raw: unknown, stack: string[], depth: number, budget: InlineBudget, state: { left: number }): Schema {
  if (raw === true || raw === undefined) return {};
  if (raw === false || !isObj(raw)) return {};
  const { value, ref } = deref(doc, raw);
  if (!value) return { description: ref ? `See ${refName(ref)}.` : undefined } as Schema;
  const siblingDescription = ref ? shortText(raw.description) : undefined;
  if (ref && stack.includes(ref)) return { description: `Recursive: a ${refName(ref)} (described above; cut here).` };
  if (--state.left < 0 || depth > budget.depth) return { description: joinText(siblingDescription ?? shortText(value.description), CUT_NOTE) };
  const path = ref ? [...stack, ref] : stack;
  const s = mergeAllOf(doc, value, path);
  const out: Schema = {};
  const types = typesOf(s);
  if (types.length === 1) out.type = types[0]!;
  else if (types.length > 1) out.type = types;
  const description = siblingDescription ?? shortText(s.description) ?? shortText(s.title);
  if (description) out.description = description;
  if (typeof s.format === 'string') out.format = s.format;
  if (Array.isArray(s.enum)) out.enum = s.enum.filter((v) => v === null || typeof v !== 'object').slice(0, ENUM_LIMIT);
  else if (s.const !== undefined && (s.const === null || typeof s.const !== 'object')) out.enum = [s.const];
  for (const k of ['minimum', 'maximum', 'minItems', 'maxItems', 'minLength', 'maxLength'] as const) if (typeof s[k] === 'number') out[k] = s[k] as number;
  if (typeof s.pattern === 'string') out.pattern = s.pattern;
  if (s.default !== undefined && (s.default === null || typeof s.default !== 'object')) out.default = s.default;
  if (isObj(s.properties)) {
    const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
    out.properties = {};
    for (const [name, prop] of Object.entries(s.properties)) {
      // A request never sends read-only properties (OpenAPI 3.1 §4.8.24.1 readOnly).
      const target = deref(doc, prop).value;
      if (target?.readOnly === true || (isObj(prop) && prop.readOnly === true)) continue;
      out.properties[name] = walk(doc, prop, path, depth + 1, budget, state);
    }
    const kept = required.filter((r) => r in out.properties!);
    if (kept.length) out.required = kept;
    if (!out.type) out.type = 'object';
  }
  if (s.additionalProperties === false) out.additionalProperties = false;
  else if (isObj(s.additionalProperties) && Object.keys(s.additionalProperties).length)
    out.additionalProperties = walk(doc, s.additionalProperties, path, depth + 1, budget, state);
  if (s.items !== undefined && !Array.isArray(s.items)) out.items = walk(doc, s.items, path, depth + 1, budget, state);
  else if (hasType(out, 'array')) out.items = {};
  const variants = [...(Array.isArray(s.oneOf) ? s.oneOf : []), ...(Array.isArray(s.anyOf) ? s.anyOf : [])];
  if (variants.length) out.anyOf = variants.slice(0, 10).map((v) => walk(doc, v, path, depth + 1, budget, state));
  return out;
}

/** `allOf` members merged into one schema (properties and required joined; the first word wins otherwise). */
export function mergeAllOf(doc: Obj, s: Obj, stack: string[]): Obj {
  if (!Array.isArray(s.allOf)) return s;
  const merged: Obj = { ...s, allOf: undefined };
  const properties: Obj = {};
  const required: unknown[] = [];
  const take = (member: Obj): void => {
    if (isObj(member.properties)) Object.assign(properties, member.properties);
    if (Array.isArray(member.required)) required.push(...member.required);
    for (const [k, v] of Object.entries(member)) if (!['properties', 'required', 'allOf'].includes(k) && merged[k] === undefined) merged[k] = v;
  };
  for (const m of s.allOf) {
    const { value, ref } = deref(doc, m);
    if (!value || (ref && stack.includes(ref))) continue;
    take(mergeAllOf(doc, value, ref ? [...stack, ref] : stack));
  }
  take({ properties: s.properties, required: s.required });
  merged.properties = Object.keys(properties).length ? properties : undefined;
  merged.required = required.length ? [...new Set(required)] : undefined;
  return merged;
}

function typesOf(s: Obj): string[] {
  const types = Array.isArray(s.type) ? s.type.filter((t): t is string => typeof t === 'string') : typeof s.type === 'string' ? [s.type] : [];
  if (s.nullable === true && types.length && !types.includes('null')) types.push('null');
  if (!types.length && isObj(s.properties)) types.push('object');
  return types;
}

const hasType = (s: Schema, type: string): boolean => (Array.isArray(s.type) ? s.type.includes(type) : s.type === type);

function joinText(...parts: (string | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}

/** An operation's raw parameters (path-level merged, the operation's win) and request body, from the document's `paths`. */
export function rawOperation(doc: Obj, op: Pick<ApiOperationCore, 'method' | 'path'>): RawOperation {
  const paths = isObj(doc.paths) ? doc.paths : {};
  return rawOperationIn(doc, paths[op.path], op.method);
}

export interface RawOperation {
  parameters: Obj[];
  body: { required: boolean; mediaType: string; schema: unknown; description: unknown } | undefined;
  operation: Obj | undefined;
}

/** The same for an operation of any path item: a webhook's (`webhooks.<name>`) or a callback's. */
export function rawOperationIn(doc: Obj, pathItem: unknown, method: string): RawOperation {
  const item = deref(doc, pathItem).value;
  const operation = item ? deref(doc, item[method]).value : undefined;
  const byKey = new Map<string, Obj>();
  for (const list of [item?.parameters, operation?.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const p of list) {
      const v = deref(doc, p).value;
      if (v && typeof v.name === 'string' && typeof v.in === 'string') byKey.set(`${v.in}:${v.name}`, v);
    }
  }
  const parameters = [...byKey.values()].filter((p) => !(p.in === 'header' && IGNORED_HEADERS.test(p.name as string)));
  const rb = operation ? deref(doc, operation.requestBody).value : undefined;
  const content = rb && isObj(rb.content) ? rb.content : {};
  const types = Object.keys(content);
  const mediaType = types.find((t) => /\bjson\b/i.test(t)) ?? types[0];
  const media = mediaType ? deref(doc, content[mediaType]).value : undefined;
  const body = rb && mediaType ? { required: rb.required === true, mediaType, schema: media?.schema, description: rb.description } : undefined;
  return { parameters, body, operation };
}

/** A parameter's schema (from `schema`, or its `content`'s first media type). */
export function parameterSchema(p: Obj): unknown {
  if (p.schema !== undefined) return p.schema;
  if (isObj(p.content)) {
    const first = Object.values(p.content)[0];
    if (isObj(first)) return first.schema;
  }
  return undefined;
}

/**
 * An operation's input as one object: `path`, `query`, `header`, `cookie` (objects of parameters)
 * and `body` (the request body's schema), the groups it has only. The tool's caller puts each value
 * where its group says.
 */
export function operationInput(doc: Obj, op: Pick<ApiOperationCore, 'method' | 'path'>, budget: InlineBudget = INPUT_BUDGET): Schema {
  const { parameters, body } = rawOperation(doc, op);
  const state = { left: budget.nodes };
  const root: Schema = { type: 'object', properties: {}, required: [] };
  for (const loc of ['path', 'query', 'header', 'cookie']) {
    const group = parameters.filter((p) => p.in === loc);
    if (!group.length) continue;
    const obj: Schema = { type: 'object', description: `${loc} parameters`, properties: {}, required: [] };
    for (const p of group) {
      const s = walk(doc, parameterSchema(p), [], 1, budget, state);
      const description = shortText(p.description);
      if (description) s.description = s.description && s.description !== description ? `${description} ${s.description}` : description;
      obj.properties![p.name as string] = s;
      if (p.required === true || loc === 'path') obj.required!.push(p.name as string);
    }
    if (!obj.required!.length) delete obj.required;
    root.properties![loc] = obj;
    if (obj.required) root.required!.push(loc);
  }
  if (body) {
    const s = walk(doc, body.schema, [], 1, budget, state);
    const description = shortText(body.description) ?? `Request body (${body.mediaType}).`;
    s.description = s.description ? `${description} ${s.description}` : description;
    root.properties!.body = s;
    if (body.required) root.required!.push('body');
  }
  if (!root.required!.length) delete root.required;
  return root;
}
