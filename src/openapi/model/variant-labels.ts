import { type ApiSchema, type ApiSchemaNode } from '../../shared/api-model.js';
import { summaryText } from '../../shared/html-text.js';

// The names of oneOf/anyOf variants, as the reader picks them: the discriminator values that select
// a variant, else its title, else its schema name, else a name derived from what it holds, the way
// Redoc and Scalar label their variant switches. Never a bare "#2" and never the same twice.

export interface VariantFacts {
  node: ApiSchemaNode;
  /** The schema it stands for (a reference's target). */
  schema: ApiSchema | undefined;
  /** A `title` written beside its `$ref`: in any version the author's name for the variant. */
  siblingTitle: string | undefined;
  /** Discriminator values that select it. */
  mapped: string[];
  /** `required` names of a branch without properties of its own (`anyOf: [{required: [a]}, …]`). */
  requires: string[] | undefined;
}

const NAMES_SHOWN = 3;
/** A description short enough to tell two otherwise identical variants apart. */
const SHORT_DESCRIPTION = 40;

export function variantLabels(variants: readonly VariantFacts[], parentTypes: readonly string[]): string[] {
  const labels = variants.map((v) => {
    if (v.mapped.length) return v.mapped.join(', ');
    return v.siblingTitle ?? v.schema?.title ?? (v.node.kind === 'ref' ? v.node.name : undefined) ?? derivedName(v, parentTypes);
  });
  const seen = new Map<string, number>();
  for (const l of labels) seen.set(l, (seen.get(l) ?? 0) + 1);
  return labels.map((label, i) => {
    if (seen.get(label)! < 2) return label;
    // Told apart by their descriptions when those are short and differ, else numbered.
    const group = labels.flatMap((l, j) => (l === label ? [j] : []));
    const texts = group.map((j) => summaryText(variants[j]!.schema?.description, 200));
    const at = group.indexOf(i);
    if (texts.every((t) => t !== undefined && t.length <= SHORT_DESCRIPTION) && new Set(texts).size === texts.length) return texts[at]!;
    return `${label} (${at + 1})`;
  });
}

/** "object (id, name)", "object (address_id)" for a requirement, "array[Tag]", "string <date>", `"pdf"`. */
function derivedName(v: VariantFacts, parentTypes: readonly string[]): string {
  const s = v.schema;
  if (!s) return 'any';
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.total <= NAMES_SHOWN) return s.enum.values.join(' | ');
  const own = s.types.filter((t) => t !== 'null');
  const types = own.length ? own : parentTypes.filter((t) => t !== 'null');
  const names = s.properties.length ? s.properties.map((p) => p.name) : (v.requires ?? []);
  let label: string;
  if (types.length === 1 && types[0] === 'array') label = `array[${s.items ? itemName(s.items) : 'any'}]`;
  else if (names.length && (!types.length || types.includes('object'))) {
    label = `object (${names.slice(0, NAMES_SHOWN).join(', ')}${names.length > NAMES_SHOWN ? ', …' : ''})`;
  } else label = types.length ? types.join(' | ') : 'any';
  if (s.format) label += ` <${s.format}>`;
  return s.nullable && label !== 'any' ? `${label} | null` : label;
}

function itemName(node: ApiSchemaNode): string {
  if (node.kind === 'ref') return node.name;
  const types = node.types.filter((t) => t !== 'null');
  return types.length ? types.join(' | ') : 'any';
}

/** A schema that allows null and nothing else (`{type: 'null'}`, `{const: null}`, `{enum: [null]}`): not a variant, a nullable mark. */
export function onlyNull(s: ApiSchema): boolean {
  const typedNull = s.types.length > 0 && s.types.every((t) => t === 'null');
  const valueNull = s.const === 'null' || (s.enum?.total === 1 && s.enum.values[0] === 'null');
  return (typedNull || (!s.types.length && valueNull)) && !s.properties.length && !s.oneOf.length && !s.anyOf.length;
}
