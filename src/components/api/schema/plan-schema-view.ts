import type { ApiModel, ApiSchema, ApiSchemaNode, Html } from '../../../shared/api-model.js';
import { isComposite, typeLabel } from './type-label.js';

// Decides how a page draws its schemas, before any JSX: which references are expanded, which
// become a link (a cycle links to the ancestor being expanded; past a soft budget a schema already
// drawn on the page links to that first drawing; past a hard budget nothing new is expanded), and the
// element ids the links need. One planner per page, so ids are unique and the budget is the page's.

export const SCHEMA_BUDGET = { soft: 100, hard: 400 };

export interface SchemaView {
  id: string;
  /** Someone links here: the element needs its id. */
  targeted: boolean;
  typeLabel: string;
  format: string | undefined;
  /** Name of the referenced schema this view draws. */
  refName: string | undefined;
  description: Html | undefined;
  deprecated: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  nullable: boolean;
  default: string | undefined;
  const: string | undefined;
  enum: { values: string[]; more: number } | undefined;
  examples: string[];
  constraints: string[];
  properties: { name: string; required: boolean; view: SchemaView }[];
  moreProperties: number;
  /** Extra properties: a schema, "any", "none", or unspecified. */
  additional: SchemaView | 'any' | 'none' | undefined;
  patternProperties: { pattern: string; view: SchemaView }[];
  items: SchemaView | undefined;
  prefixItems: SchemaView[];
  variants: { kind: 'oneOf' | 'anyOf'; group: string; options: { label: string; view: SchemaView }[] }[];
  discriminator: { propertyName: string; mapping: { value: string; name: string }[] } | undefined;
  allOf: SchemaView[];
  not: SchemaView | undefined;
  /** Drawn as a link instead of being expanded. */
  link: { href: string | undefined; reason: 'recursive' | 'seen' | 'budget' } | undefined;
}

export interface SchemaPlanner {
  plan: (node: ApiSchemaNode) => SchemaView;
}

export function createSchemaPlanner(api: ApiModel, prefix = 's'): SchemaPlanner {
  let counter = 0;
  let count = 0;
  const firstSeen = new Map<string, SchemaView>();

  const base = (s: ApiSchema | undefined, node: ApiSchemaNode): SchemaView => ({
    id: `${prefix}-${++counter}`,
    targeted: false,
    typeLabel: typeLabel(node, api),
    format: s?.format,
    refName: node.kind === 'ref' ? node.name : undefined,
    description: (node.kind === 'ref' ? node.description : undefined) ?? s?.description,
    deprecated: (node.kind === 'ref' && node.deprecated) || (s?.deprecated ?? false),
    readOnly: (node.kind === 'ref' && node.readOnly) || (s?.readOnly ?? false),
    writeOnly: (node.kind === 'ref' && node.writeOnly) || (s?.writeOnly ?? false),
    nullable: s?.types.includes('null') ?? false,
    default: s?.default,
    const: s?.const,
    enum: s?.enum ? { values: s.enum.values, more: s.enum.total - s.enum.values.length } : undefined,
    examples: s?.examples ?? [],
    constraints: s?.constraints ?? [],
    properties: [],
    moreProperties: 0,
    additional: undefined,
    patternProperties: [],
    items: undefined,
    prefixItems: [],
    variants: [],
    discriminator: undefined,
    allOf: [],
    not: undefined,
    link: undefined,
  });

  const plan = (node: ApiSchemaNode, stack: ReadonlyMap<string, SchemaView>): SchemaView => {
    count++;
    if (node.kind !== 'ref') {
      if (count > SCHEMA_BUDGET.hard && isComposite(node)) return { ...base(node, node), link: { href: undefined, reason: 'budget' } };
      return expand(node, node, stack);
    }
    const target = api.schemas[node.ref];
    const view = base(target, node);
    if (!target) return view;
    const ancestor = stack.get(node.ref);
    if (ancestor) {
      ancestor.targeted = true;
      return { ...view, link: { href: `#${ancestor.id}`, reason: 'recursive' } };
    }
    if (!isComposite(target)) return expand(target, node, stack, view);
    const seen = firstSeen.get(node.ref);
    if (seen && count > SCHEMA_BUDGET.soft) {
      // `seen` is already targeted: a first drawing gets its id when it is planned (below).
      return { ...view, link: { href: `#${seen.id}`, reason: 'seen' } };
    }
    if (count > SCHEMA_BUDGET.hard) return { ...view, link: { href: undefined, reason: 'budget' } };
    if (!seen) {
      // A later tree of the page may link here, after this one's markup is written: it needs its id now.
      view.targeted = true;
      firstSeen.set(node.ref, view);
    }
    const inner = new Map(stack);
    inner.set(node.ref, view);
    return expand(target, node, inner, view);
  };

  const expand = (s: ApiSchema, node: ApiSchemaNode, stack: ReadonlyMap<string, SchemaView>, into?: SchemaView): SchemaView => {
    const view = into ?? base(s, node);
    // Past the hard budget a node still lists some properties (as unexpanded rows), not hundreds.
    const shown = count > SCHEMA_BUDGET.hard ? s.properties.slice(0, 20) : s.properties;
    view.properties = shown.map((p) => ({ name: p.name, required: p.required, view: plan(p.schema, stack) }));
    view.moreProperties = Math.max(0, s.propertyTotal - shown.length);
    if (s.additionalProperties === true) view.additional = s.properties.length ? 'any' : undefined;
    else if (s.additionalProperties === false) view.additional = 'none';
    else if (s.additionalProperties) view.additional = plan(s.additionalProperties, stack);
    view.patternProperties = s.patternProperties.map((p) => ({ pattern: p.pattern, view: plan(p.schema, stack) }));
    if (s.items) view.items = plan(s.items, stack);
    view.prefixItems = s.prefixItems.map((i) => plan(i, stack));
    for (const kind of ['oneOf', 'anyOf'] as const) {
      if (!s[kind].length) continue;
      view.variants.push({ kind, group: `${view.id}-${kind}`, options: s[kind].map((v) => ({ label: v.label, view: plan(v.schema, stack) })) });
    }
    if (s.discriminator)
      view.discriminator = { propertyName: s.discriminator.propertyName, mapping: s.discriminator.mapping.map((m) => ({ value: m.value, name: m.name })) };
    view.allOf = s.allOf.map((m) => plan(m, stack));
    if (s.not) view.not = plan(s.not, stack);
    return view;
  };

  return { plan: (node) => plan(node, new Map()) };
}

/** Whether a view has anything to draw below its row. */
export function hasBody(v: SchemaView): boolean {
  return (
    v.properties.length > 0 ||
    v.variants.length > 0 ||
    v.allOf.length > 0 ||
    v.not !== undefined ||
    v.prefixItems.length > 0 ||
    v.patternProperties.length > 0 ||
    typeof v.additional === 'object' ||
    (v.items !== undefined && (hasBody(v.items) || v.items.link !== undefined))
  );
}
