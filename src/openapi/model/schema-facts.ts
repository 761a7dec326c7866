import type { ApiConstraint, ApiSchema } from '../../shared/api-model.js';
import { isObj, type Obj } from './model-context.js';

// The leaves of schema conversion: an empty ApiSchema, a schema's validation keywords as
// constraints, and values as bounded JSON text.

export function emptySchema(): ApiSchema {
  return {
    kind: 'schema',
    name: undefined,
    title: undefined,
    types: [],
    nullable: false,
    format: undefined,
    description: undefined,
    descriptionMarkdown: undefined,
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

const PATTERN_LIMIT = 200;

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const count = (v: unknown): number | undefined => (num(v) ? v : undefined);

/** The validation keywords of a schema, in reading order (OpenAPI 3.0's boolean exclusive bounds too). */
export function schemaConstraints(raw: Obj): ApiConstraint[] {
  const out: ApiConstraint[] = [];
  if (num(raw.exclusiveMinimum)) out.push({ kind: 'minimum', value: raw.exclusiveMinimum, exclusive: true });
  else if (num(raw.minimum)) out.push({ kind: 'minimum', value: raw.minimum, exclusive: raw.exclusiveMinimum === true });
  if (num(raw.exclusiveMaximum)) out.push({ kind: 'maximum', value: raw.exclusiveMaximum, exclusive: true });
  else if (num(raw.maximum)) out.push({ kind: 'maximum', value: raw.maximum, exclusive: raw.exclusiveMaximum === true });
  if (num(raw.multipleOf)) out.push({ kind: 'multipleOf', value: raw.multipleOf });
  const ranges = [
    ['length', raw.minLength, raw.maxLength],
    ['items', raw.minItems, raw.maxItems],
    ['properties', raw.minProperties, raw.maxProperties],
    ['contains', raw.minContains, raw.maxContains],
  ] as const;
  for (const [kind, min, max] of ranges) {
    if (num(min) || num(max)) out.push({ kind, min: count(min), max: count(max) });
  }
  if (typeof raw.pattern === 'string')
    out.push({ kind: 'pattern', value: raw.pattern.length > PATTERN_LIMIT ? `${raw.pattern.slice(0, PATTERN_LIMIT)}…` : raw.pattern });
  if (raw.uniqueItems === true) out.push({ kind: 'uniqueItems' });
  if (typeof raw.contentMediaType === 'string') out.push({ kind: 'contentMediaType', value: raw.contentMediaType });
  if (typeof raw.contentEncoding === 'string') out.push({ kind: 'contentEncoding', value: raw.contentEncoding });
  if (isObj(raw.dependentRequired)) {
    for (const [name, needs] of Object.entries(raw.dependentRequired).slice(0, 20)) {
      if (Array.isArray(needs)) out.push({ kind: 'dependentRequired', name, names: needs.map(String) });
    }
  }
  return out;
}

/** Whether two constraints say the same (allOf members often repeat one). */
export function sameConstraint(a: ApiConstraint, b: ApiConstraint): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
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
