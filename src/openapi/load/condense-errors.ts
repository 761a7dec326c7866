import { escapeSegment, getAtPointer, splitPointer } from './pointer.js';
import type { ValidationError } from './validators/oas2.js';

// Ajv's errors against the OpenAPI schemas → the problems a person fixes. Ajv reports every failed
// alternative of every `oneOf` (a parameter is one of four location shapes, a security scheme one of
// four types, anything may be a Reference): reporting all of them buries the real mistake, reporting
// only the deepest drops real errors on parent objects. So: combinator errors ("must match exactly
// one schema") go, the Reference alternative goes, the alternatives that disagree with a
// discriminating value (`in: query`, `type: http`) go, and in 3.1 a property is not "unevaluated"
// when it belongs to a conditional part that failed for another reason. Everything else is reported,
// errors on one value merged into one sentence.

/** An Ajv error, as the generated validators declare it (validators/*.d.ts). */
type AjvError = ValidationError;

export interface Problem {
  pointer: string;
  message: string;
  /** Point at the key (an unknown or missing property) rather than the value. */
  atKey: boolean;
  /** A property the specification does not define: the reference renders without it. */
  unknown?: true;
  /** The value has the wrong JSON type. */
  wrongType?: true;
  /** The values allowed, when the problem is that the value is not one of them. */
  allowed?: unknown[];
}

const COMBINATORS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'not', 'then', 'else', '$ref', 'false schema', 'dependentSchemas']);
const UNKNOWN = new Set(['additionalProperties', 'unevaluatedProperties']);

/** `schema`: the OpenAPI JSON schema validated against, to tell alternatives and cascades from real mistakes. */
export function condense(errors: readonly AjvError[], value: unknown, schema: object): Problem[] {
  let kept = errors.filter((e) => !COMBINATORS.has(e.keyword) && !(e.keyword === 'required' && e.params.missingProperty === '$ref'));
  kept = dropWrongAlternatives(kept, value, schema);
  kept = dropUnevaluatedCascades(kept, errors, schema);

  const byPath = new Map<string, AjvError[]>();
  for (const e of kept) (byPath.get(e.instancePath) ?? byPath.set(e.instancePath, []).get(e.instancePath)!).push(e);
  const problems: Problem[] = [];
  for (const [pointer, list] of byPath) problems.push(...describe(pointer, list, value));
  return problems;
}

/** The schema path of the subschema an error's keyword belongs to ("#/definitions/X/required" → "#/definitions/X"). */
function branchOf(e: AjvError): string {
  return e.schemaPath.slice(0, e.schemaPath.lastIndexOf('/'));
}

interface Alternative {
  values: Set<string>;
  required: Set<string>;
  properties: Set<string>;
}

/** oneOf/anyOf lists of the OpenAPI schema whose options all fix one property to constants (`in`, `type`), by property. */
const groupCache = new WeakMap<object, Map<string, Alternative[][]>>();
function alternativeGroups(schema: object): Map<string, Alternative[][]> {
  const cached = groupCache.get(schema);
  if (cached) return cached;
  const groups = new Map<string, Alternative[][]>();
  const resolve = (s: unknown): Record<string, any> | undefined => {
    const node = s as Record<string, any> | undefined;
    if (node && typeof node.$ref === 'string' && node.$ref.startsWith('#')) return getAtPointer(schema, node.$ref) as Record<string, any> | undefined;
    return node && typeof node === 'object' ? node : undefined;
  };
  const walk = (node: unknown, depth: number): void => {
    if (!node || typeof node !== 'object' || depth > 40) return;
    for (const [key, child] of Object.entries(node)) {
      if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(child)) {
        const options = child.map(resolve);
        const props = options[0]?.properties ? Object.keys(options[0].properties) : [];
        for (const k of props) {
          const alts = options.map((o) => {
            const p = o?.properties?.[k];
            const values = Array.isArray(p?.enum) ? p.enum : p && 'const' in p ? [p.const] : undefined;
            return values && o
              ? {
                  values: new Set(values.map((v: unknown) => JSON.stringify(v))),
                  required: new Set<string>(o.required ?? []),
                  properties: new Set(Object.keys(o.properties ?? {})),
                }
              : undefined;
          });
          if (alts.length > 1 && alts.every((a) => a)) (groups.get(k) ?? groups.set(k, []).get(k)!).push(alts as Alternative[]);
        }
      }
      walk(child, depth + 1);
    }
  };
  walk(schema, 0);
  groupCache.set(schema, groups);
  return groups;
}

/**
 * Alternatives told apart by a constant (`in` of a parameter, `type` of a security scheme): when the
 * value picks one, the errors of the others go (what they require, what they would not allow, their
 * "must be …"); when it picks none, the value is the mistake: "must be one of" every option, and the
 * complaints that depend on the option go.
 */
function dropWrongAlternatives(errors: AjvError[], value: unknown, schema: object): AjvError[] {
  const drop = new Set<AjvError>();
  const replace = new Map<AjvError, AjvError>();
  const byProperty = new Map<string, AjvError[]>();
  for (const e of errors) {
    if (e.keyword !== 'enum' && e.keyword !== 'const') continue;
    const slash = e.instancePath.lastIndexOf('/');
    if (slash >= 0) (byProperty.get(e.instancePath) ?? byProperty.set(e.instancePath, []).get(e.instancePath)!).push(e);
  }
  for (const [path, list] of byProperty) {
    const parent = path.slice(0, path.lastIndexOf('/'));
    const key = splitPointer(path).at(-1)!;
    const failed = list.map(
      (e) => new Set((e.keyword === 'enum' ? ((e.params.allowedValues as unknown[]) ?? []) : [e.params.allowedValue]).map((v) => JSON.stringify(v))),
    );
    // The list of alternatives most of the failures come from (an outer oneOf may add one: 2.0's body parameter).
    const covers = (alts: Alternative[], f: Set<string>): boolean => alts.some((a) => a.values.size === f.size && [...f].every((v) => a.values.has(v)));
    let group: Alternative[] | undefined;
    let best = 0;
    for (const alts of alternativeGroups(schema).get(key) ?? []) {
      const n = failed.filter((f) => covers(alts, f)).length;
      if (n > best) [group, best] = [alts, n];
    }
    if (!group) continue;
    const actual = JSON.stringify(getAtPointer(value, path));
    const chosen = group.find((a) => a.values.has(actual));
    const atParent = errors.filter((e) => e.instancePath === parent);
    for (const e of atParent) {
      if (e.keyword === 'required') {
        const name = String(e.params.missingProperty);
        if (chosen ? !chosen.required.has(name) : !group.every((a) => a.required.has(name))) drop.add(e);
      } else if (e.keyword === 'additionalProperties') {
        const name = String(e.params.additionalProperty);
        if (chosen ? chosen.properties.has(name) : group.some((a) => a.properties.has(name))) drop.add(e);
      }
    }
    if (chosen) for (const e of list) drop.add(e);
    else {
      // One sentence with every option, rather than one per alternative.
      const all = [...new Set([...failed.flatMap((f) => [...f]), ...group.flatMap((a) => [...a.values])])].map((v) => JSON.parse(v) as unknown);
      list.slice(1).forEach((e) => drop.add(e));
      replace.set(list[0]!, { ...list[0]!, keyword: 'enum', params: { allowedValues: all } });
    }
  }
  return errors.filter((e) => !drop.has(e)).map((e) => replace.get(e) ?? e);
}

/** In 3.1, a property declared by a conditional part that failed (missing `in` of an apiKey scheme) shows as unevaluated too. */
function dropUnevaluatedCascades(kept: AjvError[], all: readonly AjvError[], schema: object): AjvError[] {
  return kept.filter((e) => {
    if (e.keyword !== 'unevaluatedProperties') return true;
    const name = String(e.params.unevaluatedProperty);
    return !all.some((other) => {
      if (other === e || other.instancePath !== e.instancePath || !other.schemaPath.startsWith('#/')) return false;
      const declared = getAtPointer(schema, branchOf(other)) as { properties?: Record<string, unknown> } | undefined;
      return !!declared && typeof declared === 'object' && !!declared.properties && Object.prototype.hasOwnProperty.call(declared.properties, name);
    });
  });
}

function describe(pointer: string, list: AjvError[], value: unknown): Problem[] {
  const here = pointer || '/';
  const got = describeValue(getAtPointer(value, pointer));
  const problems: Problem[] = [];

  const required = list.filter((e) => e.keyword === 'required');
  if (required.length) {
    // Names required by one part of the schema are all needed; by different parts, any of them will do.
    const groups = new Map<string, string[]>();
    for (const e of required) {
      const names = groups.get(branchOf(e)) ?? groups.set(branchOf(e), []).get(branchOf(e))!;
      const name = String(e.params.missingProperty);
      if (!names.includes(name)) names.push(name);
    }
    const alternatives = unique([...groups.values()].map((names) => names.map((n) => `"${n}"`).join(' and ')));
    const plural = alternatives.length === 1 && [...groups.values()][0]!.length > 1;
    problems.push({ pointer, atKey: true, message: `${here} must have the propert${plural ? 'ies' : 'y'} ${alternatives.join(' or ')}.` });
  }

  const allowed = unique(
    list
      .flatMap((e) => (e.keyword === 'enum' ? ((e.params.allowedValues as unknown[]) ?? []) : e.keyword === 'const' ? [e.params.allowedValue] : []))
      .map((v) => JSON.stringify(v)),
  );
  if (allowed.length) {
    const what = allowed.length === 1 ? allowed[0] : `one of ${allowed.slice(0, 12).join(', ')}${allowed.length > 12 ? ', …' : ''}`;
    problems.push({ pointer, atKey: false, allowed: allowed.map((v) => JSON.parse(v) as unknown), message: `${here} must be ${what} (found ${got}).` });
  }

  const types = unique(list.filter((e) => e.keyword === 'type').flatMap((e) => String(e.params.type).split(',')));
  if (types.length) problems.push({ pointer, atKey: false, wrongType: true, message: `${here} must be ${types.map(article).join(' or ')} (found ${got}).` });

  const unknown = unique(list.filter((e) => UNKNOWN.has(e.keyword)).map((e) => String(e.params.additionalProperty ?? e.params.unevaluatedProperty)));
  for (const name of unknown)
    problems.push({ pointer: `${pointer}/${escapeSegment(name)}`, atKey: true, unknown: true, message: `${here} has an unknown property "${name}".` });

  const seen = new Set<string>();
  for (const e of list) {
    if (['required', 'enum', 'const', 'type'].includes(e.keyword) || UNKNOWN.has(e.keyword)) continue;
    const message = `${here} ${e.message ?? 'is invalid'}${got ? ` (found ${got})` : ''}.`;
    if (seen.has(message)) continue;
    seen.add(message);
    problems.push({ pointer, atKey: false, message });
  }
  return problems;
}

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  const s = JSON.stringify(v);
  return s.length > 60 ? s.slice(0, 57) + '…"' : s;
}
