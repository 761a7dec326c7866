// Gemini: function declarations whose parameters are in the subset of the OpenAPI 3.0 Schema
// object that the Gemini API reads (https://ai.google.dev/api/caching#Schema,
// https://ai.google.dev/gemini-api/docs/function-calling): no `$ref`, upper-case `Type` names,
// `nullable` instead of "null" types, string enums only.
import type { Obj } from '../model/model-context.js';
import type { Schema } from './json-schema.js';

/** The Schema fields written (all in Gemini's Schema object). */
export const GEMINI_FIELDS = new Set([
  'type',
  'format',
  'description',
  'nullable',
  'enum',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
]);
export const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT']);
/** Formats Gemini reads: "enum" and "date-time" for strings, int32/int64 and float/double for numbers. */
const FORMATS: Record<string, Set<string>> = {
  STRING: new Set(['enum', 'date-time']),
  INTEGER: new Set(['int32', 'int64']),
  NUMBER: new Set(['float', 'double']),
};
const MAX_DEPTH = 10;

export interface GeminiDeclaration {
  name: string;
  description: string;
  parameters?: Obj;
}

function geminiSchema(s: Schema, depth = 1): Obj {
  const text = (why: string): Obj => ({ type: 'STRING', description: [s.description, why].filter(Boolean).join(' ') });
  if (depth > MAX_DEPTH) return text('Send it as JSON text (nested too deep for a function declaration).');
  let source = s;
  let variants = '';
  if (s.anyOf?.length) {
    // Gemini's anyOf is not read by every model: the first variant is declared, the others named.
    source = { ...s.anyOf[0], description: s.description ?? s.anyOf[0]!.description };
    variants = ` One of ${s.anyOf.length} forms; this is the first.`;
  }
  const all = Array.isArray(source.type) ? source.type : source.type ? [source.type] : [];
  const nullable = all.includes('null');
  const first = all.find((t) => t !== 'null');
  if (!first) return text(`Any JSON value, as JSON text.${variants}`);
  const type = first.toUpperCase();
  const out: Obj = { type };
  const description = [source.description, variants.trim()].filter(Boolean).join(' ');
  if (description) out.description = description;
  if (nullable) out.nullable = true;
  if (type === 'OBJECT') {
    const props = Object.entries(source.properties ?? {});
    if (!props.length) return { ...text(`A JSON object, as JSON text.${variants}`), ...(nullable ? { nullable: true } : {}) };
    out.properties = Object.fromEntries(props.map(([n, p]) => [n, geminiSchema(p, depth + 1)]));
    const required = (source.required ?? []).filter((r) => r in (out.properties as Obj));
    if (required.length) out.required = required;
    return out;
  }
  if (type === 'ARRAY') {
    // Items cut by the budget: the array as JSON text.
    if (!source.items) return { ...text(`A JSON array, as JSON text.${variants}`), ...(nullable ? { nullable: true } : {}) };
    out.items = geminiSchema(source.items, depth + 1);
    // int64 fields, written as JSON strings (the protobuf JSON mapping's form, and the SDK's `Schema` type).
    if (source.minItems !== undefined) out.minItems = String(source.minItems);
    if (source.maxItems !== undefined) out.maxItems = String(source.maxItems);
    return out;
  }
  if (!GEMINI_TYPES.has(type)) return text(`A ${first}.`);
  if (source.format && FORMATS[type]?.has(source.format)) out.format = source.format;
  if (type === 'STRING' && source.enum?.length) out.enum = source.enum.filter((v) => v !== null).map(String);
  else if (source.enum?.length)
    out.description = [out.description, `One of: ${source.enum.map((v) => JSON.stringify(v)).join(', ')}.`].filter(Boolean).join(' ');
  if (type === 'NUMBER' || type === 'INTEGER') {
    if (source.minimum !== undefined) out.minimum = source.minimum;
    if (source.maximum !== undefined) out.maximum = source.maximum;
  }
  return out;
}

export function geminiDeclaration(name: string, description: string, input: Schema): GeminiDeclaration {
  const declaration: GeminiDeclaration = { name, description };
  if (Object.keys(input.properties ?? {}).length) declaration.parameters = geminiSchema(input);
  return declaration;
}
