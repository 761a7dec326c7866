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
  const nullable = s.types.includes('null');
  let label: string;
  if (nonNull.length === 1 && nonNull[0] === 'array') {
    label = s.items ? `array[${depth > 2 ? '…' : typeLabel(s.items, api, depth + 1)}]` : s.prefixItems.length ? 'array[tuple]' : 'array';
  } else if (nonNull.length) {
    label = nonNull.join(' | ');
  } else if (s.oneOf.length || s.anyOf.length) {
    const variants = s.oneOf.length ? s.oneOf : s.anyOf;
    label = variants.length <= 3 ? variants.map((v) => v.label).join(' | ') : s.oneOf.length ? 'oneOf' : 'anyOf';
  } else if (s.const !== undefined || s.enum) {
    label = jsonType(s.const ?? s.enum!.values[0]);
  } else if (s.properties.length) {
    label = 'object';
  } else {
    label = 'any';
  }
  return nullable ? `${label} | null` : label;
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
