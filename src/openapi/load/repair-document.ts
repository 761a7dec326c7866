import { getAtPointer, joinPointer, splitPointer } from './pointer.js';
import { resolve, walkSpecSchema, type Place, type SpecSchema, type Sub } from './walk-spec-schema.js';

// Which breaks of the OpenAPI schema the reference can still be built over, and how: what Redoc and
// Swagger UI render with a warning, shipdocs builds with one too (SD3016), and the model is made
// from a copy of the document without the wrong value, so every later stage sees a document the
// schema accepts. The rule (README.md, "Invalid documents"):
//
// - a value of a *describing keyword* (one whose schema allows only text, numbers, booleans, lists
//   of them or anything: `pattern`, `minimum`, `required` of a schema, `format`, `description`,
//   `deprecated`, `tags`…) with the wrong type is read as the type asked for when that reading is
//   exact (0 → "0", "5" → 5, "true" → true, "pets" → ["pets"]); otherwise, when the keyword is
//   optional, it is left out;
// - an optional *annotation* object (`externalDocs`, `xml`, `discriminator`, `contact`, `license`,
//   the `examples` of a parameter, header or media type) with anything wrong inside is left out;
// - everything else is the document's structure (paths, operations, parameters, responses, media
//   types, schemas and their subschemas, references, security, a missing required property) and
//   stays an error (SD3005): a page built over a guess would show an API that does not exist.

export interface Repair {
  pointer: string;
  kind: 'read' | 'drop';
  /** The value read, for 'read'. */
  value?: unknown;
}

/** Optional objects that only add information; the page is whole without them. */
const ANNOTATIONS = new Set(['externalDocs', 'xml', 'discriminator', 'contact', 'license', 'examples']);

const isJson = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface RepairContext {
  spec: SpecSchema;
  document: unknown;
  /** The value's text as written (a number's digits: "1.0" stays "1.0" when read as text), if known. */
  written?: ((pointer: string) => string | undefined) | undefined;
}

/**
 * How a problem at `pointer` can be repaired: the value there read as the type expected, or the
 * nearest describing keyword or annotation holding it left out; undefined when it cannot.
 * `valueProblem`: the problem is about the value itself (its type, its allowed values), not a
 * property it lacks.
 */
export function planRepair(ctx: RepairContext, pointer: string, valueProblem: boolean): Repair | undefined {
  const segments = splitPointer(pointer);
  const places = walkSpecSchema(ctx.spec, ctx.document, pointer);
  for (let depth = segments.length; depth >= 1; depth--) {
    const at = joinPointer(segments.slice(0, depth));
    const place = places[depth]!;
    // A reference is structure: what it points to is a guess once its text is changed.
    if (depth === segments.length && valueProblem && segments[depth - 1] !== '$ref') {
      const read = readAs(getAtPointer(ctx.document, at), place.schemas, ctx.written?.(at));
      if (read.ok) return { pointer: at, kind: 'read', value: read.value };
    }
    if (droppable(ctx.spec, place, segments, depth)) return { pointer: at, kind: 'drop' };
  }
  return undefined;
}

function droppable(spec: SpecSchema, place: Place, segments: readonly string[], depth: number): boolean {
  if (place.as !== 'property' || place.required || segments[depth - 1] === '$ref') return false;
  // The shared objects under `components` are what references point to: never left out.
  const annotation = ANNOTATIONS.has(segments[depth - 1]!) && !(depth === 2 && segments[0] === 'components');
  return annotation || place.schemas.every((s) => shapeOf(spec, s) !== 'structure');
}

/** What a subschema allows: only scalars or lists of them, objects or lists of objects, or it does not say (a `$ref`, `{}`). */
type Shape = 'scalar' | 'structure' | 'neutral';

const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function typesOf(node: Record<string, unknown>): string[] | undefined {
  return typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type.map(String) : undefined;
}

function shapeOf(spec: SpecSchema, { node, root }: Sub): Shape {
  const types = typesOf(node);
  if (types) {
    if (types.includes('object')) return 'structure';
    if (types.includes('array'))
      return node.items === undefined || (isJson(node.items) && scalarItems(spec, { node: node.items, root })) ? 'scalar' : 'structure';
    return types.every((t) => SCALARS.has(t)) ? 'scalar' : 'structure';
  }
  if (isJson(node.properties) || isJson(node.patternProperties) || isJson(node.additionalProperties) || node.items !== undefined) return 'structure';
  return Array.isArray(node.enum) || 'const' in node ? 'scalar' : 'neutral';
}

/** What a list item's schema may say and still describe only scalars (or anything): no keyword of objects, lists or conditions. */
const SCALAR_ITEM_KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'format',
  'description',
  'title',
  'default',
  '$comment',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
]);

/** Items that are scalars (or anything, `{}`): their schema, its `$ref` and every alternative allow nothing else. */
function scalarItems(spec: SpecSchema, items: Sub, depth = 0): boolean {
  const { node } = items;
  if (depth > 10) return false;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref') {
      const target = typeof value === 'string' ? resolve(spec, items.root, value) : undefined;
      if (!target || !scalarItems(spec, target, depth + 1)) return false;
    } else if (key === 'oneOf' || key === 'anyOf' || key === 'allOf') {
      if (!Array.isArray(value) || !value.every((m) => isJson(m) && scalarItems(spec, { node: m, root: items.root }, depth + 1))) return false;
    } else if (key === 'type') {
      if (!typesOf(node)!.every((t) => SCALARS.has(t))) return false;
    } else if (!SCALAR_ITEM_KEYWORDS.has(key)) return false;
  }
  return true;
}

/** `value` read as a type the schemas ask for, when it is not one already and the reading is exact. */
function readAs(value: unknown, schemas: readonly Sub[], written: string | undefined): { ok: true; value: unknown } | { ok: false } {
  const typed = schemas.map((s) => s.node).filter((n) => typesOf(n));
  if (typed.length === 0 || typed.some((n) => typesOf(n)!.some((t) => fitsType(t, value)))) return { ok: false };
  for (const node of typed) {
    for (const type of typesOf(node)!) {
      const read = type === 'array' ? readItem(value, isJson(node.items) ? node.items : {}) : readScalar(value, type, written);
      if (read.ok && (!Array.isArray(node.enum) || node.enum.includes(read.value))) return read;
    }
  }
  return { ok: false };
}

/** One item where a list of such items is expected ("pets" → ["pets"]); not `true` → ["true"], which reads a flag as a name. */
function readItem(value: unknown, items: Record<string, unknown>): { ok: true; value: unknown } | { ok: false } {
  const types = typesOf(items);
  const fits = types ? types.some((type) => SCALARS.has(type) && fitsType(type, value)) : value === null || typeof value !== 'object';
  return fits && (!Array.isArray(items.enum) || items.enum.includes(value)) ? { ok: true, value: [value] } : { ok: false };
}

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function readScalar(value: unknown, type: string, written: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    // A number as written ("1.0", not "1"): the text is read back to check it is this value.
    const text = written !== undefined && (typeof value === 'boolean' ? written === String(value) : Number(written) === value) ? written : String(value);
    return { ok: true, value: text };
  }
  if ((type === 'number' || type === 'integer') && typeof value === 'string' && NUMBER.test(value.trim())) {
    const n = Number(value.trim());
    if (Number.isFinite(n) && (type === 'number' || Number.isInteger(n))) return { ok: true, value: n };
  }
  if (type === 'boolean' && (value === 'true' || value === 'false')) return { ok: true, value: value === 'true' };
  return { ok: false };
}

function fitsType(type: string, value: unknown): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number';
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return isJson(value);
  if (type === 'null') return value === null;
  return typeof value === type;
}

/**
 * A copy of `document` with the repairs made. Only the objects on the way to a repaired value are
 * copied (the rest is shared), so a large document costs little; the document itself is unchanged.
 * A repair inside a value another repair leaves out is skipped.
 */
export function repairDocument<T>(document: T, repairs: readonly Repair[]): T {
  const sorted = [...repairs].sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
  const copies = new WeakSet<object>();
  const copy = <V extends object>(v: V): V => {
    const c = (Array.isArray(v) ? [...v] : { ...v }) as V;
    copies.add(c);
    return c;
  };
  const root = copy(document as object) as Record<string, unknown>;
  const dropped = new Set<string>();
  for (const repair of sorted) {
    const segments = splitPointer(repair.pointer);
    if (segments.some((_, i) => dropped.has(joinPointer(segments.slice(0, i))))) continue;
    let parent: Record<string, unknown> = root;
    for (const segment of segments.slice(0, -1)) {
      let child = parent[segment] as Record<string, unknown>;
      if (!copies.has(child)) parent[segment] = child = copy(child);
      parent = child;
    }
    const last = segments.at(-1)!;
    if (repair.kind === 'drop') {
      delete parent[last];
      dropped.add(repair.pointer);
    } else parent[last] = repair.value;
  }
  return root as T;
}
