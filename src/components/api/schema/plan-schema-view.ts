import type { ApiConstraint, ApiModel, ApiSchema, ApiSchemaNode, ApiVariant, Html } from '../../../shared/api-model.js';
import { mappedValues } from '../../../shared/api-discriminator.js';
import { isComposite, typeLabel } from './type-label.js';

// Decides how a page draws its schemas, before any JSX: which references are expanded, which
// become a link (a cycle links to the ancestor being expanded; past a soft budget a schema already
// drawn on the page links to that first drawing; past a hard budget nothing new is expanded), and the
// element ids the links need. One planner per page, so ids are unique and the budget is the page's.
// A schema is drawn for one direction: a request leaves out read-only properties, a response
// write-only ones (OpenAPI 3.1 §4.8.24.1 readOnly/writeOnly), so the two drawings of a schema differ.
//
// What a page carries is bounded whatever the document's size (Microsoft Graph's pages carried up
// to 600 KB of trees). `SCHEMA_BUDGET.chars` bounds the page's trees, by an estimate of their markup
// counted as views are planned (about their length: 56,000 gives at most ~65 KB; the default site's
// largest page, POST /shipment, stays whole). Past it, a tree that has drawn its own `treeChars`
// draws nothing more: no expansion, no further property or variant, each cut said by a count
// ("+ 12 more properties"). A discriminator lists at most MAPPING_IN_PAGE values per drawing, then
// how many more and a link to the OpenAPI document, the one place that lists them all: Graph's
// `entity` maps 1,544 values, 175 KB a drawing on thousands of pages.

export const SCHEMA_BUDGET = { soft: 100, hard: 400, chars: 56_000, treeChars: 4_000 };

/** Values of a discriminator's mapping drawn per drawing (the model keeps 50 variants at most). */
export const MAPPING_IN_PAGE = 20;

/** Estimated markup of a tree row besides its name, description and facts (tags, type, badges, labels in every language)… */
const ROW_CHARS = 300;
/** …of a variant's disclosure around its drawing, and of a discriminator value. */
const VARIANT_CHARS = 400;
const MAPPING_CHARS = 80;

export type SchemaDirection = 'request' | 'response';

export interface SchemaView {
  id: string;
  /** Someone links here: the element needs its id. */
  targeted: boolean;
  /** Further ids of the same drawing (a single alternative drawn in place of its nullable wrapper). */
  aliases: string[];
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
  constraints: ApiConstraint[];
  properties: { name: string; required: boolean; view: SchemaView }[];
  moreProperties: number;
  /** Extra properties: a schema, "any", "none", or unspecified. */
  additional: SchemaView | 'any' | 'none' | undefined;
  patternProperties: { pattern: string; view: SchemaView }[];
  items: SchemaView | undefined;
  prefixItems: SchemaView[];
  variants: VariantGroup[];
  allOf: SchemaView[];
  not: SchemaView | undefined;
  /** Drawn as a link instead of being expanded. */
  link: { href: string | undefined; reason: 'recursive' | 'seen' | 'budget' } | undefined;
}

export interface VariantGroup {
  kind: 'oneOf' | 'anyOf';
  /** Shared `name` of the group's disclosures (one open at a time). */
  group: string;
  options: { label: string; view: SchemaView }[];
  /** Variants of the model not drawn (past the page's budget). */
  more: number;
  /**
   * The property whose value picks the variant, and its first values (MAPPING_IN_PAGE) with the
   * option each picks (`option`: index); `more` values not listed, which the OpenAPI document
   * (`documentHref`, when the API offers it for download) holds.
   */
  discriminator:
    | { propertyName: string; mapping: { value: string; name: string; option: number | undefined }[]; more: number; documentHref: string | undefined }
    | undefined;
}

export interface SchemaPlanner {
  plan: (node: ApiSchemaNode, direction: SchemaDirection) => SchemaView;
}

/** The estimated markup a page's trees may draw; what they drew and whether the budget cut them (set by the planner as it plans). */
export interface TreeBudget {
  chars: number;
  drawn: number;
  cut: boolean;
}

export interface SchemaPlannerOptions {
  /** URL of the API's OpenAPI document (with baseUrl), where what a page leaves out can be read. */
  documentHref?: string | undefined;
  /** The page's own budget (an operation's page drawn again smaller: operation/page-fit.ts); else SCHEMA_BUDGET.chars. */
  budget?: TreeBudget | undefined;
}

export function createSchemaPlanner(api: ApiModel, prefix = 's', { documentHref, budget }: SchemaPlannerOptions = {}): SchemaPlanner {
  let counter = 0;
  let count = 0;
  const limit = budget?.chars ?? SCHEMA_BUDGET.chars;
  /** Estimated markup of the page's trees so far (the limit), and where the tree being planned began. */
  let chars = 0;
  let treeStart = 0;
  // Each tree draws its first treeChars whatever the page holds: a late small schema (an error body,
  // a parameter) is never cut for the big ones before it. A page drawn smaller than the budget gives
  // its trees a smaller start too.
  const treeChars = Math.min(SCHEMA_BUDGET.treeChars, limit / 4);
  /** Whether the budget has left something out of the page's trees (the page does not show its schemas whole). */
  let cut = false;
  const full = (): boolean => {
    const over = chars > limit && chars - treeStart > treeChars;
    cut ||= over;
    return over;
  };
  const firstSeen = new Map<string, SchemaView>();

  const base = (s: ApiSchema | undefined, node: ApiSchemaNode): SchemaView =>
    weigh({
      id: `${prefix}-${++counter}`,
      targeted: false,
      aliases: [],
      typeLabel: typeLabel(node, api),
      format: s?.format,
      refName: node.kind === 'ref' ? node.name : undefined,
      description: (node.kind === 'ref' ? node.description : undefined) ?? s?.description,
      deprecated: (node.kind === 'ref' && node.deprecated) || (s?.deprecated ?? false),
      readOnly: (node.kind === 'ref' && node.readOnly) || (s?.readOnly ?? false),
      writeOnly: (node.kind === 'ref' && node.writeOnly) || (s?.writeOnly ?? false),
      nullable: s?.nullable ?? false,
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
      allOf: [],
      not: undefined,
      link: undefined,
    });

  /** Counts a view's row in the page's markup: its tags and labels, description and facts. */
  const weigh = (view: SchemaView): SchemaView => {
    chars += ROW_CHARS + view.typeLabel.length + (view.description?.length ?? 0) + (view.default?.length ?? 0) + (view.const?.length ?? 0);
    for (const v of view.enum?.values ?? []) chars += v.length + 13;
    for (const e of view.examples) chars += e.length + 13;
    chars += view.constraints.length * 60;
    return view;
  };

  /** Whether a property is left out in this direction (a request never sends read-only ones, a response never returns write-only ones). */
  const hidden = (node: ApiSchemaNode, direction: SchemaDirection): boolean => {
    const s = node.kind === 'ref' ? api.schemas[node.ref] : node;
    if (direction === 'request') return (node.kind === 'ref' && node.readOnly) || (s?.readOnly ?? false);
    return (node.kind === 'ref' && node.writeOnly) || (s?.writeOnly ?? false);
  };

  const plan = (node: ApiSchemaNode, direction: SchemaDirection, stack: ReadonlyMap<string, SchemaView>): SchemaView => {
    count++;
    if (node.kind !== 'ref') {
      if ((count > SCHEMA_BUDGET.hard || full()) && isComposite(node)) return { ...base(node, node), link: { href: undefined, reason: 'budget' } };
      return expand(node, node, direction, stack);
    }
    const target = api.schemas[node.ref];
    const view = base(target, node);
    if (!target) return view;
    const ancestor = stack.get(node.ref);
    if (ancestor) {
      ancestor.targeted = true;
      return { ...view, link: { href: `#${ancestor.id}`, reason: 'recursive' } };
    }
    if (!isComposite(target)) return expand(target, node, direction, stack, view);
    // A request's drawing and a response's differ (read-only, write-only): a repeat links to one of its own direction.
    const key = `${direction} ${node.ref}`;
    const seen = firstSeen.get(key);
    if (seen && count > SCHEMA_BUDGET.soft) {
      // `seen` is already targeted: a first drawing gets its id when it is planned (below).
      return { ...view, link: { href: `#${seen.id}`, reason: 'seen' } };
    }
    if (count > SCHEMA_BUDGET.hard || full()) return { ...view, link: { href: undefined, reason: 'budget' } };
    if (!seen) {
      // A later tree of the page may link here, after this one's markup is written: it needs its id now.
      view.targeted = true;
      firstSeen.set(key, view);
    }
    const inner = new Map(stack);
    inner.set(node.ref, view);
    return expand(target, node, direction, inner, view);
  };

  const expand = (s: ApiSchema, node: ApiSchemaNode, direction: SchemaDirection, stack: ReadonlyMap<string, SchemaView>, into?: SchemaView): SchemaView => {
    const view = into ?? base(s, node);
    const groups = (['oneOf', 'anyOf'] as const).filter((kind) => s[kind].length);
    // Variants hold the properties the schema declares beside them (api-model.ts): those are drawn
    // in each variant, not twice; what every variant has is left out here.
    const inVariants = groups.length ? sharedNames(s, api) : new Set<string>();
    const ownProperties = s.properties.filter((p) => !inVariants.has(p.name) && !hidden(p.schema, direction));
    // Past the hard budget a node still lists some properties (as unexpanded rows), not hundreds.
    const shown = count > SCHEMA_BUDGET.hard ? ownProperties.slice(0, 20) : ownProperties;
    // Past the page's budget no further row, here or in the schemas this one is drawn inside.
    for (const p of shown) {
      if (full()) break;
      chars += p.name.length;
      view.properties.push({ name: p.name, required: p.required, view: plan(p.schema, direction, stack) });
    }
    view.moreProperties = (groups.length ? 0 : Math.max(0, s.propertyTotal - s.properties.length)) + (ownProperties.length - view.properties.length);
    if (!groups.length) {
      if (s.additionalProperties === true) view.additional = s.properties.length ? 'any' : undefined;
      else if (s.additionalProperties === false) view.additional = 'none';
      else if (s.additionalProperties) view.additional = plan(s.additionalProperties, direction, stack);
      view.patternProperties = s.patternProperties.map((p) => ({ pattern: p.pattern, view: plan(p.schema, direction, stack) }));
    }
    if (s.items) view.items = plan(s.items, direction, stack);
    view.prefixItems = s.prefixItems.map((i) => plan(i, direction, stack));
    for (const kind of groups) {
      const options: VariantGroup['options'] = [];
      for (const v of s[kind]) {
        // The first variant is drawn whatever the budget (a group of none would say nothing); it is not expanded past it.
        if (options.length && full()) break;
        chars += VARIANT_CHARS + v.label.length;
        options.push({ label: v.label, view: planVariant(v, s, direction, stack) });
      }
      // One alternative left (the others only allowed null) is no choice: drawn in place.
      if (s[kind].length === 1 && groups.length === 1 && !view.properties.length) absorb(view, options[0]!.view);
      else {
        const discriminator = discriminatorView(s, kind, options, documentHref);
        chars += (discriminator?.mapping.length ?? 0) * MAPPING_CHARS;
        view.variants.push({ kind, group: `${view.id}-${kind}`, options, more: s[kind].length - options.length, discriminator });
      }
    }
    // A plain member that clashes with the rest is in the type label ("string & integer"); drawn only when it says more.
    view.allOf = s.allOf.filter((m) => m.kind === 'ref' || isComposite(m) || m.description || m.constraints.length).map((m) => plan(m, direction, stack));
    if (s.not) view.not = plan(s.not, direction, stack);
    return view;
  };

  /** A variant's view; its discriminator property shows the value that selects it. */
  const planVariant = (v: ApiVariant, parent: ApiSchema, direction: SchemaDirection, stack: ReadonlyMap<string, SchemaView>): SchemaView => {
    const view = plan(v.schema, direction, stack);
    // A variant merged with the parent's properties is still the named schema it was written as.
    if (v.ref && !view.refName) view.refName = api.schemas[v.ref]?.name;
    // A variant extending the parent inherits its description, already shown above the variants.
    if (view.description === parent.description) view.description = undefined;
    const disc = parent.discriminator;
    if (!disc || !v.ref) return view;
    const values = mappedValues(disc, v.ref).map((value) => JSON.stringify(value));
    const prop = view.properties.find((p) => p.name === disc.propertyName);
    if (!prop || !values.length) return view;
    // In this variant the property holds the values that select it, whatever the base schema lists or exemplifies.
    if (values.length === 1) {
      prop.view.const = values[0];
      prop.view.enum = undefined;
    } else prop.view.enum = { values, more: 0 };
    prop.view.examples = [];
    prop.view.default = undefined;
    return view;
  };

  return {
    plan: (node, direction) => {
      treeStart = chars;
      const view = plan(node, direction, new Map());
      if (budget) Object.assign(budget, { drawn: chars, cut });
      return view;
    },
  };
}

/**
 * The discriminator line of a variant group: the first values of the group's own schema's mapping,
 * each linked to the option it selects when that option is drawn.
 */
function discriminatorView(
  s: ApiSchema,
  kind: 'oneOf' | 'anyOf',
  options: { view: SchemaView }[],
  documentHref: string | undefined,
): VariantGroup['discriminator'] {
  const disc = s.discriminator;
  if (!disc) return undefined;
  const drawn = new Map<string, number>();
  s[kind].slice(0, options.length).forEach((v, i) => {
    if (v.ref !== undefined && !drawn.has(v.ref)) drawn.set(v.ref, i);
  });
  const mapping = disc.mapping.slice(0, MAPPING_IN_PAGE).map((m) => {
    const at = drawn.get(m.ref);
    if (at !== undefined) options[at]!.view.targeted = true;
    return { value: m.value, name: m.name, option: at };
  });
  return { propertyName: disc.propertyName, mapping, more: disc.mapping.length - mapping.length, documentHref };
}

/** Names of the schema's properties that every one of its variants has too. */
function sharedNames(s: ApiSchema, api: ApiModel): Set<string> {
  const out = new Set(s.properties.map((p) => p.name));
  for (const v of [...s.oneOf, ...s.anyOf]) {
    const target = v.schema.kind === 'ref' ? api.schemas[v.schema.ref] : v.schema;
    const names = new Set(target?.properties.map((p) => p.name));
    for (const name of out) if (!names.has(name)) out.delete(name);
  }
  return out;
}

/** Draws the single alternative of a schema in its place (`anyOf: [Address, null]` reads as a nullable Address). */
function absorb(view: SchemaView, only: SchemaView): void {
  view.description ??= only.description;
  view.format ??= only.format;
  view.default ??= only.default;
  view.const ??= only.const;
  view.enum ??= only.enum;
  if (!view.examples.length) view.examples = only.examples;
  if (!view.constraints.length) view.constraints = only.constraints;
  view.deprecated ||= only.deprecated;
  view.properties = only.properties;
  view.moreProperties = only.moreProperties;
  view.additional = only.additional;
  view.patternProperties = only.patternProperties;
  view.items = only.items;
  view.prefixItems = only.prefixItems;
  view.variants = only.variants;
  view.allOf = [...view.allOf, ...only.allOf];
  view.not ??= only.not;
  view.link = only.link;
  if (!only.targeted) return;
  if (view.targeted) view.aliases.push(only.id, ...only.aliases);
  else {
    view.id = only.id;
    view.targeted = true;
    view.aliases = only.aliases;
  }
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
    (v.items !== undefined && (hasBody(v.items) || v.items.link !== undefined || hasFacts(v.items)))
  );
}

/** Whether a view has facts to list (constraints, constant, default, possible values, examples). */
export function hasFacts(v: SchemaView): boolean {
  return v.constraints.length > 0 || v.default !== undefined || v.const !== undefined || v.enum !== undefined || v.examples.length > 0;
}
