// The model's schemas made self-contained for assistants: every reference inlined (tool formats
// cannot follow references), recursion cut where a reference reappears inside itself, and the
// expansion bounded by a node budget and a depth so that a schema fanning out through shared
// references (GitHub's `repository`) stays small. allOf is the model's merge. The result is a
// neutral JSON Schema (2020-12 words: `type` lists with "null", `anyOf`) that each vendor's
// converter narrows to its subset.
import {
  PARAMETER_LOCATIONS,
  type ApiMediaType,
  type ApiModel,
  type ApiOperationCore,
  type ApiParameter,
  type ApiSchema,
  type ApiSchemaNode,
} from '../../shared/api-model.js';
import { withoutComments } from '../../render/markdown/hidden-comments.js';

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
const DESCRIPTION_LIMIT = 600;
/** Headers an OpenAPI document may not describe as parameters (OpenAPI 3.1 §4.8.12.1): set by the client. */
const IGNORED_HEADERS = /^(accept|content-type|authorization)$/i;

const CUT_NOTE = 'Cut: the schema expands past the size a tool definition carries; see the documentation.';

/** The schema a node stands for (a reference's target); undefined when unresolved. */
export function resolveSchema(model: ApiModel, node: ApiSchemaNode | undefined): ApiSchema | undefined {
  return node?.kind === 'ref' ? model.schemas[node.ref] : node;
}

/** A request never sends read-only properties, a response never returns write-only ones (OpenAPI 3.1 §4.8.24.1). */
export function hasFlag(model: ApiModel, node: ApiSchemaNode, flag: 'readOnly' | 'writeOnly'): boolean {
  return (node.kind === 'ref' && node[flag]) || resolveSchema(model, node)?.[flag] === true;
}

/** One line of plain text (for schema descriptions): Markdown kept as written, whitespace collapsed, cut. */
export function shortText(text: string | undefined, limit = DESCRIPTION_LIMIT): string | undefined {
  if (text === undefined) return undefined;
  const flat = withoutComments(text).replace(/\s+/g, ' ').trim();
  if (!flat) return undefined;
  return flat.length > limit ? `${flat.slice(0, limit - 1).replace(/\s+\S*$/, '')}…` : flat;
}

/** A self-contained copy of a schema of the model. */
export function inlineSchema(model: ApiModel, node: ApiSchemaNode | undefined, budget: InlineBudget = INPUT_BUDGET): Schema {
  return walk(model, node, [], 0, budget, { left: budget.nodes });
}

function walk(model: ApiModel, node: ApiSchemaNode | undefined, stack: string[], depth: number, budget: InlineBudget, state: { left: number }): Schema {
  if (!node) return {};
  const ref = node.kind === 'ref' ? node.ref : undefined;
  const s = resolveSchema(model, node);
  if (!s) return {};
  const siblingDescription = node.kind === 'ref' ? shortText(node.descriptionMarkdown) : undefined;
  if (node.kind === 'ref' && stack.includes(node.ref)) return { description: `Recursive: a ${node.name} (described above; cut here).` };
  const types = s.nullable && s.types.length && !s.types.includes('null') ? [...s.types, 'null'] : s.types;
  const typed = (out: Schema): Schema => {
    if (types.length === 1) out.type = types[0]!;
    else if (types.length > 1) out.type = [...types];
    return out;
  };
  // A cut schema still says its type: what it is, if not all it holds.
  if (--state.left < 0 || depth > budget.depth) return typed({ description: joinText(siblingDescription ?? shortText(s.descriptionMarkdown), CUT_NOTE) });
  const path = ref ? [...stack, ref] : stack;
  const out: Schema = typed({});
  const description = siblingDescription ?? shortText(s.descriptionMarkdown) ?? shortText(s.title);
  if (description) out.description = description;
  if (s.format) out.format = s.format;
  enumOf(s, out);
  for (const c of s.constraints) {
    if (c.kind === 'minimum' || c.kind === 'maximum') out[c.kind] = c.value;
    else if (c.kind === 'length' || c.kind === 'items') {
      const [min, max] = c.kind === 'length' ? (['minLength', 'maxLength'] as const) : (['minItems', 'maxItems'] as const);
      if (c.min !== undefined) out[min] = c.min;
      if (c.max !== undefined) out[max] = c.max;
    } else if (c.kind === 'pattern' && !c.value.endsWith('…')) out.pattern = c.value;
  }
  const value = s.default === undefined ? undefined : plainValue(s.default);
  if (value !== undefined) out.default = value;
  const next = (child: ApiSchemaNode | undefined): Schema => walk(model, child, path, depth + 1, budget, state);
  if (s.properties.length) {
    out.properties = {};
    const required: string[] = [];
    for (const p of s.properties) {
      if (hasFlag(model, p.schema, 'readOnly')) continue;
      out.properties[p.name] = next(p.schema);
      if (p.required) required.push(p.name);
    }
    if (required.length) out.required = required;
    if (!out.type) out.type = 'object';
  }
  if (s.additionalProperties === false) out.additionalProperties = false;
  else if (typeof s.additionalProperties === 'object' && !isEmpty(model, s.additionalProperties)) out.additionalProperties = next(s.additionalProperties);
  if (s.items) out.items = next(s.items);
  else if (hasType(out, 'array')) out.items = {};
  const variants = [...s.oneOf, ...s.anyOf];
  const requirements = requirementNote(model, s, out);
  if (requirements !== undefined) out.description = joinText(out.description, requirements);
  else if (variants.length) out.anyOf = variants.slice(0, 10).map((v) => next(v.schema));
  return out;
}

/**
 * `anyOf: [{required: [a]}, {required: [b]}]` beside properties: branches that only require some of
 * the parent's properties (the model gives each a copy of them) choose no shape, only what must be
 * sent. They are merged into the parent and said in its description ("" when they require nothing);
 * undefined when a branch says more.
 */
function requirementNote(model: ApiModel, s: ApiSchema, out: Schema): string | undefined {
  const kind = s.oneOf.length && !s.anyOf.length ? 'Exactly' : !s.oneOf.length && s.anyOf.length ? 'At least' : undefined;
  if (!kind || !out.properties) return undefined;
  const groups: string[][] = [];
  for (const v of [...s.oneOf, ...s.anyOf]) {
    const names = requiredOnly(model, s, v.schema);
    if (!names) return undefined;
    groups.push(names.filter((n) => n in out.properties!));
  }
  if (groups.some((g) => !g.length)) return '';
  return `${kind} one of: ${groups.map((g) => g.join(' and ')).join(', ')}.`;
}

/** The names a variant requires beyond its parent when it says nothing else (its properties are the parent's own). */
function requiredOnly(model: ApiModel, parent: ApiSchema, node: ApiSchemaNode): string[] | undefined {
  const v = resolveSchema(model, node);
  if (!v || v.oneOf.length || v.anyOf.length || v.allOf.length || v.items || v.prefixItems.length || v.not) return undefined;
  if (v.enum || v.const !== undefined || v.format || v.default !== undefined || v.descriptionMarkdown || v.title) return undefined;
  if (v.types.some((t) => t !== 'object' && t !== 'null')) return undefined;
  const own = v.constraints.filter((c) => c.kind !== 'requires');
  if (own.length) return undefined;
  if (!v.properties.length) {
    const names = v.constraints.flatMap((c) => (c.kind === 'requires' ? c.names : []));
    return names.every((n) => parent.properties.some((p) => p.name === n)) ? names : undefined;
  }
  if (v.properties.length !== parent.properties.length) return undefined;
  const names: string[] = [];
  for (const [i, p] of v.properties.entries()) {
    const q = parent.properties[i]!;
    if (p.name !== q.name || p.schema !== q.schema) return undefined;
    if (p.required && !q.required) names.push(p.name);
  }
  return names;
}

/** enum or const: the model's JSON text read back; only plain values (objects say nothing a tool can check). */
function enumOf(s: ApiSchema, out: Schema): void {
  if (s.enum && s.enum.total > s.enum.values.length) {
    // A partial list would refuse the values left out: the tool is told how many there are instead.
    out.description = joinText(out.description, `One of ${s.enum.total} values (see the documentation).`);
  } else if (s.enum) out.enum = s.enum.values.map(plainValue).filter((v) => v !== undefined);
  else if (s.const !== undefined && plainValue(s.const) !== undefined) out.enum = [plainValue(s.const)];
}

/** A JSON text's value when it is a string, number, boolean or null (a value the model cut is not one). */
function plainValue(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return value === null || typeof value !== 'object' ? value : undefined;
}

/** `{}`: any value, nothing to say. */
function isEmpty(model: ApiModel, node: ApiSchemaNode): boolean {
  const s = resolveSchema(model, node);
  return (
    node.kind === 'schema' &&
    !!s &&
    !s.types.length &&
    !s.properties.length &&
    !s.items &&
    !s.oneOf.length &&
    !s.anyOf.length &&
    !s.enum &&
    s.const === undefined &&
    !s.descriptionMarkdown
  );
}

const hasType = (s: Schema, type: string): boolean => (Array.isArray(s.type) ? s.type.includes(type) : s.type === type);

function joinText(...parts: (string | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}

/** An operation's parameters as a client sends them (Accept, Content-Type and Authorization are the client's own). */
export function sentParameters(op: ApiOperationCore): ApiParameter[] {
  return PARAMETER_LOCATIONS.flatMap((loc) => op.parameters[loc].filter((p) => !(loc === 'header' && IGNORED_HEADERS.test(p.name))));
}

/** The request body's one media type the exports describe: the JSON one, else the first. */
export function bodyMedia(op: ApiOperationCore): ApiMediaType | undefined {
  const content = op.requestBody?.content ?? [];
  return content.find((m) => /\bjson\b/i.test(m.mediaType)) ?? content[0];
}

/**
 * An operation's input as one object: `path`, `query`, `header`, `cookie` (objects of parameters)
 * and `body` (the request body's schema), the groups it has only. The tool's caller puts each value
 * where its group says.
 */
export function operationInput(model: ApiModel, op: ApiOperationCore, budget: InlineBudget = INPUT_BUDGET): Schema {
  const parameters = sentParameters(op);
  const state = { left: budget.nodes };
  const root: Schema = { type: 'object', properties: {}, required: [] };
  for (const loc of PARAMETER_LOCATIONS) {
    const group = parameters.filter((p) => p.in === loc);
    if (!group.length) continue;
    const obj: Schema = { type: 'object', description: `${loc} parameters`, properties: {}, required: [] };
    for (const p of group) {
      const s = walk(model, p.schema, [], 1, budget, state);
      const description = shortText(p.descriptionMarkdown);
      if (description) s.description = s.description && s.description !== description ? `${description} ${s.description}` : description;
      obj.properties![p.name] = s;
      if (p.required) obj.required!.push(p.name);
    }
    if (!obj.required!.length) delete obj.required;
    root.properties![loc] = obj;
    if (obj.required) root.required!.push(loc);
  }
  const media = bodyMedia(op);
  if (media) {
    const s = walk(model, media.schema, [], 1, budget, state);
    const description = shortText(op.requestBody!.descriptionMarkdown) ?? `Request body (${media.mediaType}).`;
    s.description = s.description ? `${description} ${s.description}` : description;
    root.properties!.body = s;
    if (op.requestBody!.required) root.required!.push('body');
  }
  if (!root.required!.length) delete root.required;
  return root;
}
