import type { ApiModel, ApiSchema, ApiSchemaNode } from '../../../shared/api-model.js';

// A short type for tables and tree rows: "string", "integer | null", "Address", "array[Parcel]",
// "PdfLabel | ZplLabel". Bounded depth: a type label never walks more than a few references.

export function typeLabel(node: ApiSchemaNode | undefined, api: ApiModel, depth = 0): string {
  if (!node) return 'any';
  if (node.kind === 'ref') {
    const target = api.schemas[node.ref];
    if (!target) return node.name;
    if (isComposite(target) || depth > 2) return node.name;
    // A named primitive (PostalCode: string) reads better as its type.
    return schemaLabel(target, api, depth + 1);
  }
  return schemaLabel(node, api, depth);
}

function schemaLabel(s: ApiSchema, api: ApiModel, depth: number): string {
  const nonNull = s.types.filter((t) => t !== 'null');
  const variants = s.oneOf.length ? s.oneOf : s.anyOf;
  let label: string;
  if (nonNull.length === 1 && nonNull[0] === 'array') {
    label = s.items ? `array[${depth > 2 ? '…' : typeLabel(s.items, api, depth + 1)}]` : s.prefixItems.length ? 'array[tuple]' : 'array';
  } else if (nonNull.length) {
    label = nonNull.join(' | ');
  } else if (variants.length === 1 && !(s.oneOf.length && s.anyOf.length)) {
    // The one alternative left once null-only members became `nullable`.
    label = depth > 2 ? variants[0]!.label : typeLabel(variants[0]!.schema, api, depth + 1);
  } else if (variants.length) {
    label = variants.length <= 3 ? variants.map((v) => v.label).join(' | ') : s.oneOf.length ? 'oneOf' : 'anyOf';
  } else if (s.const !== undefined || s.enum) {
    label = jsonType(s.const ?? s.enum!.values[0]);
  } else if (s.properties.length) {
    label = 'object';
  } else if (s.types.includes('null')) {
    return 'null';
  } else {
    label = 'any';
  }
  // allOf members whose types contradict the rest stay unmerged (merge-all-of.ts): "string & integer" says why nothing fits.
  const clashing = s.allOf.filter((m) => m.kind === 'schema' && !isComposite(m) && m.types.length);
  if (clashing.length && depth <= 2) label = [label, ...clashing.map((m) => typeLabel(m, api, depth + 1))].join(' & ');
  return s.nullable && !label.endsWith(' | null') ? `${label} | null` : label;
}

/** Schemas drawn as a tree (properties, variants, items of such); the rest fit on one row. */
export function isComposite(s: ApiSchema): boolean {
  return (
    s.properties.length > 0 ||
    s.oneOf.length > 0 ||
    s.anyOf.length > 0 ||
    s.allOf.length > 0 ||
    s.prefixItems.length > 0 ||
    s.patternProperties.length > 0 ||
    typeof s.additionalProperties === 'object' ||
    s.not !== undefined ||
    (s.types.includes('object') && s.types.length <= 2) ||
    (s.items !== undefined && s.items.kind === 'ref')
  );
}

/** The JSON type of a value given as JSON text ("\"pdf\"" → "string"). */
function jsonType(json: string | undefined): string {
  const c = json?.trim().charAt(0);
  if (c === undefined || c === '') return 'any';
  if (c === '"') return 'string';
  if (c === '{') return 'object';
  if (c === '[') return 'array';
  if (c === 't' || c === 'f') return 'boolean';
  if (c === 'n') return 'null';
  return 'number';
}
