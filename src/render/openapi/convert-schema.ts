import type { ApiDiscriminator, ApiSchema, ApiSchemaNode, ApiSchemaRef, ApiVariant } from '../../shared/api-model.js';
import { isObj, ptr, str, type ModelContext, type Obj } from './model-context.js';
import { splitPointer } from './pointer.js';
import { mergeAllOf } from './merge-all-of.js';

// JSON Schema (OpenAPI 3.0 dialect and 3.1's JSON Schema 2020-12) → ApiSchema. A `$ref` becomes an
// ApiSchemaRef and its target is converted once into `schemas`, so recursion stays a reference and
// shared schemas are not copied. `allOf` is merged (its members are resolved for that). Every list
// that a document can make arbitrarily long is cut, keeping its true length.

const LIMITS = { enumValues: 50, properties: 300, variants: 50, examples: 3, jsonText: 500, exampleText: 2000, depth: 64 };

export interface SchemaConverter {
  convert: (raw: unknown, pointer: string) => ApiSchemaNode;
  schemas: Record<string, ApiSchema>;
  /** The schema a node stands for (a reference's target); undefined when unresolved. */
  resolve: (node: ApiSchemaNode) => ApiSchema | undefined;
}

export function createSchemaConverter(ctx: ModelContext): SchemaConverter {
  const schemas: Record<string, ApiSchema> = {};
  const requiredOnly = new WeakMap<ApiSchema, string[]>();
  const inProgress = new Set<string>();
  let implicitSubtypes: Map<string, { value: string; ref: string; name: string }[]> | undefined;

  const resolve = (node: ApiSchemaNode): ApiSchema | undefined => (node.kind === 'ref' ? schemas[node.ref] : node);

  const refName = (ref: string): string => {
    const known = ctx.refNames.get(ref);
    if (known) return known;
    const parts = splitPointer(ref);
    return parts[parts.length - 1] || 'schema';
  };

  /** Converts the target of `ref` once; returns false when it does not resolve. */
  const ensureTarget = (ref: string, at: string, depth: number): boolean => {
    if (schemas[ref]) return true;
    const raw = ctx.target(ref, at);
    if (raw === undefined) return false;
    const placeholder = emptySchema();
    schemas[ref] = placeholder;
    inProgress.add(ref);
    const converted = convertInline(raw, ref.slice(1), depth);
    Object.assign(placeholder, converted, { name: refName(ref) });
    const names = requiredOnly.get(converted);
    if (names) requiredOnly.set(placeholder, names);
    inProgress.delete(ref);
    return true;
  };

  const convert = (raw: unknown, pointer: string, depth = 0): ApiSchemaNode => {
    if (isObj(raw) && typeof raw.$ref === 'string') {
      const ref = raw.$ref;
      if (!ref.startsWith('#') || !ensureTarget(ref, pointer + '/$ref', depth)) return { ...emptySchema(), description: ctx.describe(raw.description) };
      const node: ApiSchemaRef = {
        kind: 'ref',
        ref,
        name: schemas[ref]!.name ?? refName(ref),
        description: ctx.refSiblings ? ctx.describe(raw.description) : undefined,
        deprecated: ctx.refSiblings && raw.deprecated === true,
        readOnly: ctx.refSiblings && raw.readOnly === true,
        writeOnly: ctx.refSiblings && raw.writeOnly === true,
      };
      return node;
    }
    // A schema the bundler moved in from another file stays a named schema, not an anonymous inline one.
    if (isObj(raw) && ctx.refNames.has(`#${pointer}`)) {
      const ref = `#${pointer}`;
      if (ensureTarget(ref, pointer, depth))
        return { kind: 'ref', ref, name: schemas[ref]!.name ?? refName(ref), description: undefined, deprecated: false, readOnly: false, writeOnly: false };
    }
    return convertInline(raw, pointer, depth);
  };

  const convertInline = (raw: unknown, pointer: string, depth: number): ApiSchema => {
    const s = emptySchema();
    if (raw === false) return { ...s, constraints: ['never valid'] };
    if (!isObj(raw) || depth > LIMITS.depth) return s;
    const next = depth + 1;
    const types = Array.isArray(raw.type) ? raw.type.filter((t): t is string => typeof t === 'string') : typeof raw.type === 'string' ? [raw.type] : [];
    if (!types.length && (isObj(raw.properties) || isObj(raw.additionalProperties))) types.push('object');
    if (!types.length && raw.items !== undefined) types.push('array');
    if (raw.nullable === true && !types.includes('null')) types.push('null');
    s.types = types;
    s.title = str(raw.title);
    s.format = str(raw.format);
    s.description = ctx.describe(raw.description);
    s.deprecated = raw.deprecated === true;
    s.readOnly = raw.readOnly === true;
    s.writeOnly = raw.writeOnly === true;
    if (raw.default !== undefined) s.default = jsonText(raw.default, LIMITS.jsonText);
    if (raw.const !== undefined) s.const = jsonText(raw.const, LIMITS.jsonText);
    if (Array.isArray(raw.enum)) s.enum = { values: raw.enum.slice(0, LIMITS.enumValues).map((v) => jsonText(v, 200)), total: raw.enum.length };
    const examples = Array.isArray(raw.examples) ? raw.examples : raw.example !== undefined ? [raw.example] : [];
    s.examples = examples.slice(0, LIMITS.examples).map((v) => jsonText(v, LIMITS.exampleText));
    s.constraints = constraints(raw);

    if (isObj(raw.properties)) {
      const required = new Set(Array.isArray(raw.required) ? raw.required.map(String) : []);
      const names = Object.keys(raw.properties);
      s.propertyTotal = names.length;
      s.properties = names.slice(0, LIMITS.properties).map((name) => ({
        name,
        required: required.has(name),
        schema: convert((raw.properties as Obj)[name], ptr(pointer, 'properties', name), next),
      }));
    } else if (Array.isArray(raw.required) && raw.required.length) {
      // `required` without `properties` (an anyOf branch, an allOf addition) still says something,
      // and allOf merging applies it to the properties of the other members.
      const names = raw.required.map(String);
      requiredOnly.set(s, names);
      s.constraints.push(`required: ${names.join(', ')}`);
    }
    if (typeof raw.additionalProperties === 'boolean') s.additionalProperties = raw.additionalProperties;
    else if (isObj(raw.additionalProperties)) s.additionalProperties = convert(raw.additionalProperties, ptr(pointer, 'additionalProperties'), next);
    if (isObj(raw.patternProperties)) {
      s.patternProperties = Object.entries(raw.patternProperties)
        .slice(0, LIMITS.properties)
        .map(([pattern, sub]) => ({ pattern, schema: convert(sub, ptr(pointer, 'patternProperties', pattern), next) }));
    }
    if (Array.isArray(raw.prefixItems))
      s.prefixItems = raw.prefixItems.slice(0, LIMITS.variants).map((sub, i) => convert(sub, ptr(pointer, 'prefixItems', i), next));
    if (Array.isArray(raw.items)) s.prefixItems = raw.items.slice(0, LIMITS.variants).map((sub, i) => convert(sub, ptr(pointer, 'items', i), next));
    else if (raw.items !== undefined && raw.items !== true) s.items = convert(raw.items, ptr(pointer, 'items'), next);
    if (raw.not !== undefined) s.not = convert(raw.not, ptr(pointer, 'not'), next);
    if (isObj(raw.discriminator) && typeof raw.discriminator.propertyName === 'string') s.discriminator = discriminator(raw.discriminator, raw, pointer);
    s.oneOf = variants(raw.oneOf, ptr(pointer, 'oneOf'), next, s.discriminator);
    s.anyOf = variants(raw.anyOf, ptr(pointer, 'anyOf'), next, s.discriminator);
    if (Array.isArray(raw.allOf)) {
      const members = raw.allOf.slice(0, LIMITS.variants).map((sub, i) => convert(sub, ptr(pointer, 'allOf', i), next));
      mergeAllOf(s, members, (node) => (node.kind === 'ref' && inProgress.has(node.ref) ? undefined : resolve(node)), requiredOnly);
    }
    return s;
  };

  const variants = (list: unknown, pointer: string, depth: number, disc: ApiDiscriminator | undefined): ApiVariant[] => {
    if (!Array.isArray(list)) return [];
    return list.slice(0, LIMITS.variants).map((sub, i) => {
      const schema = convert(sub, ptr(pointer, i), depth);
      const target = resolve(schema);
      const mapped = schema.kind === 'ref' ? disc?.mapping.find((m) => m.ref === schema.ref)?.value : undefined;
      const nonNull = target?.types.filter((t) => t !== 'null') ?? [];
      const typeLabel = (nonNull.length ? nonNull : (target?.types ?? [])).join(' | ');
      const needs = target && !target.properties.length ? requiredOnly.get(target) : undefined;
      const label =
        mapped ??
        (schema.kind === 'ref' ? schema.name : undefined) ??
        target?.title ??
        (typeLabel || undefined) ??
        (needs ? needs.join(' + ') : undefined) ??
        `#${i + 1}`;
      return { label, schema };
    });
  };

  const discriminator = (raw: Obj, schema: Obj, pointer: string): ApiDiscriminator => {
    const propertyName = raw.propertyName as string;
    const mapping: ApiDiscriminator['mapping'] = [];
    if (isObj(raw.mapping)) {
      for (const [value, target] of Object.entries(raw.mapping)) {
        if (typeof target !== 'string') continue;
        const ref = target.startsWith('#') ? target : `#/components/schemas/${target}`;
        mapping.push({ value, ref, name: refName(ref) });
      }
      return { propertyName, mapping };
    }
    // Without a mapping the value is the schema's name: of the oneOf/anyOf members, or of the
    // schemas that extend this one through allOf.
    const members = [...(Array.isArray(schema.oneOf) ? schema.oneOf : []), ...(Array.isArray(schema.anyOf) ? schema.anyOf : [])];
    for (const m of members) if (isObj(m) && typeof m.$ref === 'string') mapping.push({ value: refName(m.$ref), ref: m.$ref, name: refName(m.$ref) });
    if (!mapping.length) mapping.push(...subtypesOf('#' + pointer));
    return { propertyName, mapping };
  };

  /** Schemas of components.schemas that extend `ref` through allOf (the implicit discriminator mapping). */
  const subtypesOf = (ref: string): { value: string; ref: string; name: string }[] => {
    if (!implicitSubtypes) {
      implicitSubtypes = new Map();
      const all = isObj(ctx.doc.components) && isObj(ctx.doc.components.schemas) ? ctx.doc.components.schemas : {};
      for (const [name, schema] of Object.entries(all)) {
        if (!isObj(schema) || !Array.isArray(schema.allOf)) continue;
        for (const member of schema.allOf) {
          if (!isObj(member) || typeof member.$ref !== 'string') continue;
          const list = implicitSubtypes.get(member.$ref) ?? [];
          list.push({ value: name, ref: `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, name });
          implicitSubtypes.set(member.$ref, list);
        }
      }
    }
    return implicitSubtypes.get(ref) ?? [];
  };

  return { convert: (raw, pointer) => convert(raw, pointer, 0), schemas, resolve };
}

function emptySchema(): ApiSchema {
  return {
    kind: 'schema',
    name: undefined,
    title: undefined,
    types: [],
    format: undefined,
    description: undefined,
    deprecated: false,
    readOnly: false,
    writeOnly: false,
    default: undefined,
    const: undefined,
    enum: undefined,
    examples: [],
    constraints: [],
    properties: [],
    propertyTotal: 0,
    additionalProperties: undefined,
    patternProperties: [],
    items: undefined,
    prefixItems: [],
    oneOf: [],
    anyOf: [],
    allOf: [],
    not: undefined,
    discriminator: undefined,
  };
}

function constraints(raw: Obj): string[] {
  const out: string[] = [];
  const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  if (num(raw.exclusiveMinimum)) out.push(`> ${raw.exclusiveMinimum}`);
  else if (num(raw.minimum)) out.push(`${raw.exclusiveMinimum === true ? '>' : '≥'} ${raw.minimum}`);
  if (num(raw.exclusiveMaximum)) out.push(`< ${raw.exclusiveMaximum}`);
  else if (num(raw.maximum)) out.push(`${raw.exclusiveMaximum === true ? '<' : '≤'} ${raw.maximum}`);
  if (num(raw.multipleOf)) out.push(`multipleOf: ${raw.multipleOf}`);
  for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains'] as const) {
    if (num(raw[key])) out.push(`${key}: ${raw[key]}`);
  }
  if (typeof raw.pattern === 'string') out.push(`pattern: ${raw.pattern.length > 200 ? raw.pattern.slice(0, 200) + '…' : raw.pattern}`);
  if (raw.uniqueItems === true) out.push('uniqueItems');
  if (typeof raw.contentMediaType === 'string') out.push(`contentMediaType: ${raw.contentMediaType}`);
  if (typeof raw.contentEncoding === 'string') out.push(`contentEncoding: ${raw.contentEncoding}`);
  if (isObj(raw.dependentRequired)) {
    for (const [name, needs] of Object.entries(raw.dependentRequired).slice(0, 20)) {
      if (Array.isArray(needs)) out.push(`${name} → requires ${needs.map(String).join(', ')}`);
    }
  }
  return out;
}

/** A value as JSON text, cut to `limit` characters. */
export function jsonText(value: unknown, limit: number): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
