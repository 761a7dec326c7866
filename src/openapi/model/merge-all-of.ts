import type { ApiSchema, ApiSchemaNode } from '../../shared/api-model.js';
import { emptySchema, sameConstraint } from './schema-facts.js';
import { mappedValues } from '../../shared/api-discriminator.js';

// allOf is shown merged: one schema with every member's properties (a property two members define
// is merged too), the union of what is required, the intersection of the types, and the first
// member's description when the schema has none of its own. What cannot be merged stays listed in
// `allOf` and is drawn as a member of its own: a member that cannot be resolved yet (a reference
// back to a schema still being converted, which the converter merges again once it is done) and a
// member whose types contradict the others' (`allOf: [string, integer]` reads as both, not as one).

export interface MergeContext {
  /** The schema a node stands for; undefined when it is not available (yet). */
  resolve: (node: ApiSchemaNode) => ApiSchema | undefined;
  /** `required` lists without `properties` (an allOf member adding requirements), by schema. */
  requiredOnly: WeakMap<ApiSchema, string[]>;
  /**
   * Reference of the named schema being merged into. A base schema listing it among its own
   * variants (Pet: oneOf [Cat, Dog], Cat: allOf [Pet, …]) gives it its properties, not the choice
   * between it and its siblings.
   */
  self: string | undefined;
}

/** Property merges nest at most this deep (a property merged from two objects whose properties are merged, …). */
const PROPERTY_MERGE_DEPTH = 4;

export function mergeAllOf(target: ApiSchema, members: readonly ApiSchemaNode[], mc: MergeContext, depth = 0): void {
  const extraRequired = new Set<string>(mc.requiredOnly.get(target) ?? []);
  let hidden = Math.max(0, target.propertyTotal - target.properties.length);
  for (const member of members) {
    const m = mc.resolve(member);
    const types = m ? intersectTypes(target.types, m.types) : undefined;
    if (!m || !types) {
      target.allOf.push(member);
      continue;
    }
    target.types = types;
    for (const name of mc.requiredOnly.get(m) ?? []) extraRequired.add(name);
    target.nullable ||= m.nullable;
    target.title ??= m.title;
    if (target.description === undefined) {
      const from = member.kind === 'ref' && member.description !== undefined ? member : m;
      target.description = from.description;
      target.descriptionMarkdown = from.descriptionMarkdown;
    }
    target.format ??= m.format;
    target.default ??= m.default;
    target.const ??= m.const;
    target.enum ??= m.enum;
    if (!target.examples.length) target.examples = [...m.examples];
    for (const c of m.constraints) if (c.kind !== 'requires' && !target.constraints.some((t) => sameConstraint(t, c))) target.constraints.push(c);
    target.deprecated ||= m.deprecated || (member.kind === 'ref' && member.deprecated);
    target.readOnly ||= m.readOnly || (member.kind === 'ref' && member.readOnly);
    target.writeOnly ||= m.writeOnly || (member.kind === 'ref' && member.writeOnly);
    const index = new Map(target.properties.map((p, i) => [p.name, i]));
    for (const p of m.properties) {
      const at = index.get(p.name);
      if (at === undefined) {
        index.set(p.name, target.properties.length);
        target.properties.push(p);
        continue;
      }
      const had = target.properties[at]!;
      target.properties[at] = { name: p.name, required: had.required || p.required, schema: mergeProperty(had.schema, p.schema, mc, depth) };
    }
    hidden += Math.max(0, m.propertyTotal - m.properties.length);
    target.additionalProperties ??= m.additionalProperties;
    target.patternProperties = [...target.patternProperties, ...m.patternProperties];
    target.items ??= m.items;
    if (!target.prefixItems.length) target.prefixItems = [...m.prefixItems];
    const listsSelf =
      mc.self !== undefined &&
      ([...m.oneOf, ...m.anyOf].some((v) => v.schema.kind === 'ref' && v.schema.ref === mc.self) ||
        (m.discriminator !== undefined && mappedValues(m.discriminator, mc.self).length > 0));
    if (!listsSelf) {
      if (!target.oneOf.length) target.oneOf = [...m.oneOf];
      if (!target.anyOf.length) target.anyOf = [...m.anyOf];
      target.discriminator ??= m.discriminator;
    }
    target.allOf.push(...m.allOf.filter((a) => !(a.kind === 'ref' && a.ref === mc.self)));
    target.not ??= m.not;
  }
  if (!target.types.length && target.properties.length) target.types = ['object'];
  target.propertyTotal = target.properties.length + hidden;
  if (extraRequired.size) {
    target.properties = target.properties.map((p) => (extraRequired.has(p.name) && !p.required ? { ...p, required: true } : p));
    // A requirement is shown on its property; listed on its own only when there is no property to mark.
    if (target.properties.length) target.constraints = target.constraints.filter((c) => c.kind !== 'requires');
  }
}

/**
 * The types both allow (integer is a number), or undefined when they contradict each other. Null is
 * left to `nullable` (merged generously: 3.0 documents write `nullable` beside an allOf of the type).
 */
function intersectTypes(a: readonly string[], b: readonly string[]): string[] | undefined {
  const nullable = a.includes('null') || b.includes('null');
  const x = a.filter((t) => t !== 'null');
  const y = b.filter((t) => t !== 'null');
  let out: string[];
  if (!x.length || !y.length) out = x.length ? [...x] : [...y];
  else {
    out = x.filter((t) => y.includes(t) || (t === 'integer' && y.includes('number')));
    if (x.includes('number') && y.includes('integer') && !out.includes('integer')) out.push('integer');
    if (!out.length) return undefined;
  }
  return nullable ? [...out, 'null'] : out;
}

/** A property two members define: one schema saying what both say. */
function mergeProperty(a: ApiSchemaNode, b: ApiSchemaNode, mc: MergeContext, depth: number): ApiSchemaNode {
  if (a === b || (a.kind === 'ref' && b.kind === 'ref' && a.ref === b.ref)) return a;
  // A reference and a note about it (a description, a deprecation) stay a reference: shown by name, linked when repeated.
  if (a.kind === 'ref' && b.kind === 'schema' && annotationOnly(b)) return annotate(a, b);
  if (b.kind === 'ref' && a.kind === 'schema' && annotationOnly(a)) return annotate(b, a);
  if (depth >= PROPERTY_MERGE_DEPTH) return a;
  const merged = emptySchema();
  mergeAllOf(merged, [a, b], { ...mc, self: undefined }, depth + 1);
  return merged;
}

function annotationOnly(s: ApiSchema): boolean {
  return (
    !s.types.length &&
    !s.properties.length &&
    !s.items &&
    !s.prefixItems.length &&
    !s.oneOf.length &&
    !s.anyOf.length &&
    !s.allOf.length &&
    !s.not &&
    !s.enum &&
    s.const === undefined &&
    s.additionalProperties === undefined &&
    !s.constraints.length
  );
}

function annotate(ref: ApiSchemaNode & { kind: 'ref' }, note: ApiSchema): ApiSchemaNode {
  const described = ref.description !== undefined ? ref : note;
  return {
    ...ref,
    description: described.description,
    descriptionMarkdown: described.descriptionMarkdown,
    deprecated: ref.deprecated || note.deprecated,
    readOnly: ref.readOnly || note.readOnly,
    writeOnly: ref.writeOnly || note.writeOnly,
  };
}
