import type { ApiDiscriminator, ApiSchema, ApiSchemaNode, ApiSchemaRef, ApiVariant } from '../../shared/api-model.js';
import { isObj, markdownOf, ptr, str, type ModelContext, type Obj } from './model-context.js';
import { getAtPointer, splitPointer } from '../load/pointer.js';
import { mergeAllOf, type MergeContext } from './merge-all-of.js';
import { emptySchema, jsonText, schemaConstraints } from './schema-facts.js';
import { onlyNull, variantLabels, type VariantFacts } from './variant-labels.js';
import { createDiscriminatorReader } from './discriminator-mapping.js';
import { mappedValues } from '../../shared/api-discriminator.js';

// JSON Schema (OpenAPI 3.0 dialect and 3.1's JSON Schema 2020-12) → ApiSchema. A `$ref` becomes an
// ApiSchemaRef and its target is converted once into `schemas`, so recursion stays a reference and
// shared schemas are not copied. `allOf` is merged (its members are resolved for that; one that
// refers back to a schema still being converted is merged once that schema is done). oneOf/anyOf
// become labelled variants, each holding the properties the schema declares beside them. Every list
// that a document can make arbitrarily long is cut, keeping its true length.

const LIMITS = { enumValues: 50, properties: 300, variants: 50, examples: 3, jsonText: 500, exampleText: 2000, depth: 64 };

export interface SchemaConverter {
  convert: (raw: unknown, pointer: string) => ApiSchemaNode;
  schemas: Record<string, ApiSchema>;
  /** The schema a node stands for (a reference's target); undefined when unresolved. */
  resolve: (node: ApiSchemaNode) => ApiSchema | undefined;
}

/**
 * A named schema to convert again once no schema is being converted: somewhere inside it an allOf
 * (or a variant merged with its parent) referred to a schema still in progress. The whole named
 * schema is converted again, never an inline part of it in place: fresh inline schemas cannot end
 * up inside themselves (the model stays a tree between references).
 */
interface Pending {
  ref: string;
  raw: unknown;
  depth: number;
}

export function createSchemaConverter(ctx: ModelContext): SchemaConverter {
  const schemas: Record<string, ApiSchema> = {};
  const requiredOnly = new WeakMap<ApiSchema, string[]>();
  /** Named schemas being converted: innermost last, and by reference. */
  const frames: Pending[] = [];
  const inProgress = new Set<string>();
  const pending = new Map<string, Pending>();
  let flushing = false;
  const discriminator = createDiscriminatorReader(ctx.doc, (ref) => refName(ref));

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
    frames.push({ ref, raw, depth });
    inProgress.add(ref);
    try {
      fill(placeholder, convertInline(raw, ref.slice(1), depth), refName(ref));
    } finally {
      frames.pop();
      inProgress.delete(ref);
    }
    if (!frames.length) flush();
    return true;
  };

  /** Gives `into` (which others already point to) what `from` says. */
  const fill = (into: ApiSchema, from: ApiSchema, name: string | undefined): void => {
    Object.assign(into, from, { name });
    const names = requiredOnly.get(from);
    if (names) requiredOnly.set(into, names);
  };

  /** Converts the named schemas that waited for a schema in progress, now that none is (each once more). */
  const flush = (): void => {
    if (flushing) return;
    flushing = true;
    try {
      for (const next of pending.values()) {
        pending.delete(next.ref);
        const into = schemas[next.ref]!;
        fill(into, convertInline(next.raw, next.ref.slice(1), next.depth), into.name);
      }
    } finally {
      flushing = false;
    }
  };

  const convert = (raw: unknown, pointer: string, depth = 0): ApiSchemaNode => {
    if (isObj(raw) && typeof raw.$ref === 'string') {
      const ref = raw.$ref;
      if (!ref.startsWith('#') || !ensureTarget(ref, pointer + '/$ref', depth))
        return { ...emptySchema(), description: ctx.describe(raw.description), descriptionMarkdown: markdownOf(raw.description) };
      const node: ApiSchemaRef = {
        kind: 'ref',
        ref,
        name: schemas[ref]!.name ?? refName(ref),
        description: ctx.refSiblings ? ctx.describe(raw.description) : undefined,
        descriptionMarkdown: ctx.refSiblings ? markdownOf(raw.description) : undefined,
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
        return {
          kind: 'ref',
          ref,
          name: schemas[ref]!.name ?? refName(ref),
          description: undefined,
          descriptionMarkdown: undefined,
          deprecated: false,
          readOnly: false,
          writeOnly: false,
        };
    }
    return convertInline(raw, pointer, depth);
  };

  const convertInline = (raw: unknown, pointer: string, depth: number): ApiSchema => {
    const s = emptySchema();
    if (raw === false) return { ...s, constraints: [{ kind: 'never' }] };
    if (!isObj(raw) || depth > LIMITS.depth) return s;
    const next = depth + 1;
    // The reference this schema is the target of, when it is a named one.
    const self = schemas[`#${pointer}`] ? `#${pointer}` : undefined;
    const types = Array.isArray(raw.type) ? raw.type.filter((t): t is string => typeof t === 'string') : typeof raw.type === 'string' ? [raw.type] : [];
    if (!types.length && (isObj(raw.properties) || isObj(raw.additionalProperties))) types.push('object');
    if (!types.length && raw.items !== undefined) types.push('array');
    s.types = types;
    s.nullable = types.includes('null') || raw.nullable === true;
    s.title = str(raw.title);
    s.format = str(raw.format);
    s.description = ctx.describe(raw.description);
    s.descriptionMarkdown = markdownOf(raw.description);
    s.deprecated = raw.deprecated === true;
    s.readOnly = raw.readOnly === true;
    s.writeOnly = raw.writeOnly === true;
    if (raw.default !== undefined) s.default = jsonText(raw.default, LIMITS.jsonText);
    if (raw.const !== undefined) s.const = jsonText(raw.const, LIMITS.jsonText);
    if (Array.isArray(raw.enum)) s.enum = { values: raw.enum.slice(0, LIMITS.enumValues).map((v) => jsonText(v, 200)), total: raw.enum.length };
    const examples = Array.isArray(raw.examples) ? raw.examples : raw.example !== undefined ? [raw.example] : [];
    s.examples = examples.slice(0, LIMITS.examples).map((v) => jsonText(v, LIMITS.exampleText));
    s.constraints = schemaConstraints(raw);

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
      // `required` without `properties` (an anyOf branch, an allOf addition) still says something:
      // allOf merging and variants apply it to the properties of the schema they join.
      const names = raw.required.map(String);
      requiredOnly.set(s, names);
      s.constraints.push({ kind: 'requires', names });
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
    const merging = mergeContext(self);
    if (Array.isArray(raw.allOf)) {
      const members = raw.allOf.slice(0, LIMITS.variants).map((sub, i) => convert(sub, ptr(pointer, 'allOf', i), next));
      mergeAllOf(s, members, merging.mc);
    }
    if (isObj(raw.discriminator) && typeof raw.discriminator.propertyName === 'string') s.discriminator = discriminator(raw.discriminator, raw, pointer, self);
    // Its own alternatives replace those an allOf member brought.
    if (Array.isArray(raw.oneOf) || Array.isArray(raw.anyOf)) {
      s.oneOf = variants(raw.oneOf, ptr(pointer, 'oneOf'), next, s, merging.mc);
      s.anyOf = variants(raw.anyOf, ptr(pointer, 'anyOf'), next, s, merging.mc);
    }
    // A discriminator without alternatives: the schemas it maps to are its variants, as Redoc reads it.
    if (!s.oneOf.length && !s.anyOf.length && s.discriminator?.mapping.length) s.oneOf = impliedVariants(s.discriminator, s, pointer, next, merging.mc);
    if (merging.waits()) {
      const owner = frames[frames.length - 1]!;
      pending.set(owner.ref, owner);
    }
    if (s.nullable && s.types.length && !s.types.includes('null')) s.types.push('null');
    return s;
  };

  /** How allOf and variants are merged in one schema: a reference still in progress waits (and the schema is converted again later). */
  const mergeContext = (self: string | undefined): { mc: MergeContext; waits: () => boolean } => {
    let waits = false;
    const mc: MergeContext = {
      resolve: (node) => {
        if (node.kind === 'ref' && inProgress.has(node.ref)) {
          waits = true;
          return undefined;
        }
        return resolve(node);
      },
      requiredOnly,
      self,
    };
    return { mc, waits: () => waits };
  };

  /** oneOf/anyOf members as labelled variants; members that allow only null make the schema nullable instead. */
  const variants = (list: unknown, pointer: string, depth: number, parent: ApiSchema, mc: MergeContext): ApiVariant[] => {
    if (!Array.isArray(list)) return [];
    const facts: VariantFacts[] = [];
    list.slice(0, LIMITS.variants).forEach((sub, i) => {
      const node = convert(sub, ptr(pointer, i), depth);
      const schema = resolve(node);
      if (schema && onlyNull(schema)) {
        parent.nullable = true;
        return;
      }
      if (node.kind === 'schema' && !node.types.length && !node.properties.length && !node.oneOf.length && !node.anyOf.length) {
        // `type: string, oneOf: [{description}, …]`: a member says the rest of what the schema says.
        node.types = parent.types.filter((t) => t !== 'null');
      }
      facts.push(variantFacts(node, schema, sub, parent.discriminator));
    });
    return labelled(facts, parent, mc);
  };

  const variantFacts = (node: ApiSchemaNode, schema: ApiSchema | undefined, raw: unknown, disc: ApiDiscriminator | undefined): VariantFacts => ({
    node,
    schema,
    siblingTitle: isObj(raw) && typeof raw.$ref === 'string' ? str(raw.title) : undefined,
    mapped: node.kind === 'ref' && disc ? [...mappedValues(disc, node.ref)] : [],
    requires: schema && !schema.properties.length ? requiredOnly.get(schema) : undefined,
  });

  /**
   * Labels the variants and gives each the properties the parent declares beside them, as Redoc
   * does, unless it has them already (a schema extending the parent through allOf).
   */
  const labelled = (facts: VariantFacts[], parent: ApiSchema, mc: MergeContext): ApiVariant[] => {
    const labels = variantLabels(facts, parent.types);
    const parentRequires = requiredOnly.get(parent);
    const shared =
      parent.properties.length > 0 || parentRequires !== undefined || parent.additionalProperties !== undefined || parent.patternProperties.length > 0;
    return facts.map((f, i) => {
      const ref = f.node.kind === 'ref' ? f.node.ref : undefined;
      if (!shared || extendsSchema(f.node, mc.self)) return { label: labels[i]!, schema: f.node, ref };
      const core: ApiSchema = {
        ...emptySchema(),
        types: parent.types.filter((t) => t !== 'null'),
        properties: parent.properties,
        propertyTotal: parent.propertyTotal,
        additionalProperties: parent.additionalProperties,
        patternProperties: parent.patternProperties,
      };
      if (parentRequires) requiredOnly.set(core, parentRequires);
      const merged = emptySchema();
      mergeAllOf(merged, [core, f.node], mc);
      merged.types = merged.types.filter((t) => t !== 'null');
      merged.nullable = f.schema?.nullable ?? false;
      return { label: labels[i]!, schema: merged, ref };
    });
  };

  /** Whether a variant is a named schema whose allOf includes the parent (`self`): it has the parent's properties. */
  const extendsSchema = (node: ApiSchemaNode, self: string | undefined): boolean => {
    if (!self || node.kind !== 'ref') return false;
    const raw = getAtPointer(ctx.doc, node.ref);
    return isObj(raw) && Array.isArray(raw.allOf) && raw.allOf.some((m) => isObj(m) && m.$ref === self);
  };

  const impliedVariants = (disc: ApiDiscriminator, parent: ApiSchema, pointer: string, depth: number, mc: MergeContext): ApiVariant[] => {
    const facts: VariantFacts[] = [];
    // Mapped schemas that exist (a mapping is not a reference the document is checked for), the schema itself left out.
    const refs = [...new Set(disc.mapping.map((m) => m.ref))].filter((r) => r !== mc.self && getAtPointer(ctx.doc, r) !== undefined);
    for (const ref of refs.slice(0, LIMITS.variants)) {
      const node = convert({ $ref: ref }, ptr(pointer, 'discriminator', 'mapping'), depth);
      if (node.kind === 'ref') facts.push(variantFacts(node, resolve(node), undefined, disc));
    }
    return labelled(facts, parent, mc);
  };

  return { convert: (raw, pointer) => convert(raw, pointer, 0), schemas, resolve };
}
