import { getAtPointer, splitPointer } from './pointer.js';

// Which parts of the OpenAPI JSON schema (the one a document was validated against) describe each
// place along a JSON pointer of the document: the schema is walked down the document's path,
// following `$ref`s and taking, of the alternatives (`oneOf`, `anyOf`, `if`), those the value there
// can be (a Reference only when the value has a `$ref`, a parameter's alternative by its `in`).
// repair-document.ts asks it whether a wrong value is a describing keyword it may leave out.

type Json = Record<string, unknown>;

/** A subschema, and the schema document its `$ref`s resolve in (2.0's point into JSON Schema draft-04's meta-schema). */
export interface Sub {
  node: Json;
  root: Json;
}

/** The OpenAPI schema of a version, and the schemas it refers to by URL. */
export interface SpecSchema {
  root: Json;
  external: Readonly<Record<string, Json>>;
}

export interface Place {
  /** The subschemas that describe the value. */
  schemas: Sub[];
  /** A property its parent's schema names (`pattern` of a Schema object), or an entry of a map or a list. */
  as: 'property' | 'entry' | 'root';
  /** A property that a schema of its parent requires. */
  required: boolean;
}

const isJson = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const MAX_DEPTH = 40;

/** The place of every prefix of `pointer` in `document`: index 0 is the root, the last is the pointer itself. */
export function walkSpecSchema(spec: SpecSchema, document: unknown, pointer: string): Place[] {
  const segments = splitPointer(pointer);
  let value: unknown = document;
  let place: Place = { schemas: expand([{ node: spec.root, root: spec.root }], value, spec), as: 'root', required: false };
  const places = [place];
  for (const segment of segments) {
    const child = Array.isArray(value) ? value[Number(segment)] : isJson(value) ? value[segment] : undefined;
    place = childPlace(spec, place.schemas, value, segment, child);
    places.push(place);
    value = child;
  }
  return places;
}

function childPlace(spec: SpecSchema, parents: readonly Sub[], parentValue: unknown, key: string, value: unknown): Place {
  const found: Sub[] = [];
  let as: Place['as'] = 'entry';
  let required = false;
  for (const { node, root } of parents) {
    if (Array.isArray(parentValue)) {
      const items = Array.isArray(node.items) ? node.items[Number(key)] : node.items;
      if (isJson(items)) found.push({ node: items, root });
      continue;
    }
    if (Array.isArray(node.required) && node.required.includes(key)) required = true;
    const property = isJson(node.properties) ? node.properties[key] : undefined;
    if (isJson(property)) {
      as = 'property';
      found.push({ node: property, root });
      continue;
    }
    const pattern = isJson(node.patternProperties) ? Object.entries(node.patternProperties).find(([re]) => matches(re, key)) : undefined;
    if (pattern && isJson(pattern[1])) found.push({ node: pattern[1], root });
    else if (isJson(node.additionalProperties)) found.push({ node: node.additionalProperties, root });
  }
  return { schemas: expand(found, value, spec), as, required: as === 'property' && required };
}

function matches(re: string, key: string): boolean {
  try {
    return new RegExp(re, 'u').test(key);
  } catch {
    return false;
  }
}

/** The subschemas, their `$ref`s, `allOf` parts and the alternatives `value` fits, flattened. */
function expand(subs: readonly Sub[], value: unknown, spec: SpecSchema): Sub[] {
  const out: Sub[] = [];
  const seen = new Set<Json>();
  const visit = (sub: Sub | undefined, depth: number): void => {
    if (!sub || seen.has(sub.node) || depth > MAX_DEPTH) return;
    seen.add(sub.node);
    out.push(sub);
    const { node } = sub;
    if (typeof node.$ref === 'string') visit(resolve(spec, sub.root, node.$ref), depth + 1);
    if (Array.isArray(node.allOf)) for (const part of node.allOf) visit(inRoot(part, sub.root), depth + 1);
    for (const key of ['oneOf', 'anyOf'] as const) {
      if (!Array.isArray(node[key])) continue;
      const options = (node[key] as unknown[]).map((o) => inRoot(o, sub.root)).filter((o): o is Sub => !!o);
      const fitting = options.filter((o) => fits(spec, o, value));
      // None fits: the value is the mistake, and any alternative may be what was meant.
      for (const o of fitting.length ? fitting : options) visit(o, depth + 1);
    }
    if (isJson(node.if)) visit(inRoot(fits(spec, { node: node.if, root: sub.root }, value) ? node.then : node.else, sub.root), depth + 1);
    if (isJson(node.dependentSchemas) && isJson(value))
      for (const [key, part] of Object.entries(node.dependentSchemas)) if (key in value) visit(inRoot(part, sub.root), depth + 1);
  };
  for (const sub of subs) visit(sub, 0);
  return out;
}

function inRoot(node: unknown, root: Json): Sub | undefined {
  return isJson(node) ? { node, root } : undefined;
}

/** The subschema a `$ref` written in `root` points to. */
export function resolve(spec: SpecSchema, root: Json, ref: string): Sub | undefined {
  const hash = ref.indexOf('#');
  const base = hash < 0 ? ref : ref.slice(0, hash);
  const target = base ? spec.external[base.replace(/#$/, '')] : root;
  if (!target) return undefined;
  const node = hash < 0 ? target : getAtPointer(target, ref.slice(hash));
  return isJson(node) ? { node, root: target } : undefined;
}

const JSON_TYPES: Record<string, (v: unknown) => boolean> = {
  object: isJson,
  array: Array.isArray,
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
};

/** Whether `value` can be this alternative, judged by what tells alternatives apart: type, required names, constant properties. */
function fits(spec: SpecSchema, sub: Sub, value: unknown, depth = 0): boolean {
  const { node } = sub;
  if (depth > MAX_DEPTH) return true;
  if (typeof node.$ref === 'string') {
    const target = resolve(spec, sub.root, node.$ref);
    if (target && !fits(spec, target, value, depth + 1)) return false;
  }
  const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : undefined;
  if (types && !types.some((t) => JSON_TYPES[String(t)]?.(value) ?? true)) return false;
  if (!isJson(value)) return true;
  if (Array.isArray(node.required) && node.required.some((name) => !(String(name) in value))) return false;
  if (isJson(node.properties)) {
    for (const [name, property] of Object.entries(node.properties)) {
      if (!(name in value) || !isJson(property)) continue;
      if ('const' in property && property.const !== value[name]) return false;
      if (Array.isArray(property.enum) && !property.enum.includes(value[name])) return false;
    }
  }
  return true;
}
