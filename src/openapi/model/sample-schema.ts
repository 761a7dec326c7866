import { sample } from 'openapi-sampler';
import { isObj, TimeBoundError, type ModelContext, type Obj } from './model-context.js';
import { discriminatorValue } from './discriminator-mapping.js';

// Example values generated from schemas with openapi-sampler, with its work bounded. The sampler is
// synchronous and recursive: through shared references (allOf + anyOf fanning out to the next schema)
// its work grows exponentially with the document, and `minItems: 1e9` makes it loop for ever. So it
// never sees the document itself but a read-only view of it whose every read is counted: past
// `SAMPLE_LIMITS.reads` the attempt stops (and a shallower one is tried), the time bound is checked
// as it goes, and sizes that would make huge values are capped. An estimate that follows the
// sampler's own walk skips the attempts that would clearly be too big.

export const SAMPLE_LIMITS = { reads: 150_000, nodes: 4_000, depths: [8, 5, 3, 2], minItems: 3, minLength: 64, fixNodes: 2_000 };

export type SampleResult = { value: unknown; skipped: false } | { value: undefined; skipped: 'too-complex' | 'failed' };

class ReadBudgetExceeded extends Error {}

/** Keys whose values the sampler copies into the example as they are (not schemas to walk). */
const VALUE_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);
const CAPPED: Record<string, number> = { minItems: SAMPLE_LIMITS.minItems, minLength: SAMPLE_LIMITS.minLength, minProperties: SAMPLE_LIMITS.minItems };

export function sampleSchema(ctx: ModelContext, schema: Obj, direction: 'request' | 'response', pointer: string): SampleResult {
  let failed = false;
  for (const depth of SAMPLE_LIMITS.depths) {
    if (estimateSize(ctx, schema, depth) > SAMPLE_LIMITS.nodes) continue;
    const view = countedView(ctx, pointer);
    // The sampler warns on the console even when asked to be quiet; its guesses are not the reader's concern.
    const warn = console.warn;
    console.warn = () => {};
    try {
      const value = sample(
        view.wrap(schema) as never,
        { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true, maxSampleDepth: depth },
        view.wrap(ctx.doc) as never,
      );
      view.stop();
      fixDiscriminators(ctx, value, schema);
      return { value, skipped: false };
    } catch (err) {
      if (err instanceof TimeBoundError) throw err;
      if (!(err instanceof ReadBudgetExceeded)) {
        failed = true;
        break;
      }
    } finally {
      view.stop();
      console.warn = warn;
    }
  }
  return { value: undefined, skipped: failed ? 'failed' : 'too-complex' };
}

/** A lazily wrapped, read-counting, size-capping view of schema objects. */
function countedView(ctx: ModelContext, pointer: string): { wrap: (value: unknown) => unknown; stop: () => void } {
  let reads = 0;
  let active = true;
  const proxies = new WeakMap<object, object>();
  const wrap = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    let proxy = proxies.get(value);
    if (!proxy) {
      proxy = new Proxy(value, {
        get(target, key, receiver) {
          const raw = Reflect.get(target, key, receiver) as unknown;
          if (!active || typeof key === 'symbol') return raw;
          if (++reads > SAMPLE_LIMITS.reads) throw new ReadBudgetExceeded();
          if ((reads & 1023) === 1) ctx.checkTime(pointer);
          if (typeof raw === 'number' && key in CAPPED && !Array.isArray(target)) return Math.min(raw, CAPPED[key]!);
          return VALUE_KEYS.has(key) ? raw : wrap(raw);
        },
        set: () => false,
        deleteProperty: () => false,
      });
      proxies.set(value, proxy);
    }
    return proxy;
  };
  return {
    wrap,
    stop: () => {
      active = false;
    },
  };
}

/**
 * Roughly how many values the sampler visits for `root` at `maxDepth`, stopping past the limit. It
 * follows the sampler's walk: a reference it is inside is not entered again, allOf visits every
 * member and oneOf/anyOf the schema plus its first option (none of them one level deeper), object
 * properties, extra properties (sampled twice) and array items go one level deeper.
 */
export function estimateSize(ctx: ModelContext, root: Obj, maxDepth: number): number {
  let count = 0;
  const onPath = new Set<string>();
  const visit = (schema: unknown, depth: number): void => {
    if (count > SAMPLE_LIMITS.nodes || !isObj(schema) || depth > maxDepth) return;
    count++;
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      if (onPath.has(ref) || !ref.startsWith('#')) return;
      onPath.add(ref);
      visit(ctx.target(ref, ''), depth);
      onPath.delete(ref);
      return;
    }
    if (schema.example !== undefined || schema.const !== undefined || schema.default !== undefined) return;
    if ((Array.isArray(schema.examples) && schema.examples.length) || (Array.isArray(schema.enum) && schema.enum.length)) return;
    if (Array.isArray(schema.allOf)) for (const m of schema.allOf) visit(m, depth);
    const options = Array.isArray(schema.oneOf) && schema.oneOf.length ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : [];
    if (options.length) visit(options[0], depth);
    if (isObj(schema.then)) visit(schema.then, depth);
    if (isObj(schema.properties)) for (const p of Object.values(schema.properties)) visit(p, depth + 1);
    if (isObj(schema.additionalProperties)) {
      visit(schema.additionalProperties, depth + 1);
      visit(schema.additionalProperties, depth + 1);
    }
    const items = Array.isArray(schema.prefixItems) ? schema.prefixItems : schema.items;
    if (Array.isArray(items)) for (const i of items) visit(i, depth + 1);
    else if (items !== undefined) {
      const copies = Math.min(SAMPLE_LIMITS.minItems, Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1));
      for (let i = 0; i < copies; i++) visit(items, depth + 1);
    }
  };
  visit(root, 1);
  return count;
}

/**
 * The sampler fills a discriminator property with a generic value ("string"). Walks the sample along
 * its schema and writes the value the discriminator expects: for the option the sampler took (the
 * first of oneOf/anyOf), and for a schema that extends a discriminated base through allOf.
 */
function fixDiscriminators(ctx: ModelContext, value: unknown, schema: Obj): void {
  let budget = SAMPLE_LIMITS.fixNodes;
  const onPath = new Set<string>();
  // The outermost discriminator decides (a oneOf's mapping over the implicit name its option has as a subtype).
  const fixed = new WeakMap<Obj, Set<string>>();
  const setDiscriminator = (obj: Obj, discriminator: Obj, ref: string): void => {
    const property = discriminator.propertyName;
    if (typeof property !== 'string') return;
    const done = fixed.get(obj) ?? fixed.set(obj, new Set()).get(obj)!;
    if (done.has(property)) return;
    done.add(property);
    obj[property] = discriminatorValue(discriminator, ref);
  };
  const walk = (v: unknown, s: unknown, depth: number): void => {
    if (--budget < 0 || depth > 12 || !isObj(s) || v === null || typeof v !== 'object') return;
    if (typeof s.$ref === 'string') {
      const ref = s.$ref;
      const target = ref.startsWith('#') && !onPath.has(ref) ? ctx.target(ref, '') : undefined;
      if (!isObj(target)) return;
      onPath.add(ref);
      if (Array.isArray(target.allOf) && isObj(v)) {
        for (const m of target.allOf) {
          const base = isObj(m) && typeof m.$ref === 'string' ? ctx.target(m.$ref, '') : undefined;
          if (isObj(base) && isObj(base.discriminator)) setDiscriminator(v as Obj, base.discriminator, ref);
        }
      }
      walk(v, target, depth + 1);
      onPath.delete(ref);
      return;
    }
    if (Array.isArray(v)) {
      const items = s.items ?? s.prefixItems;
      v.slice(0, SAMPLE_LIMITS.minItems).forEach((item, i) => walk(item, Array.isArray(items) ? items[i] : items, depth + 1));
      return;
    }
    const obj = v as Obj;
    const options = Array.isArray(s.oneOf) && s.oneOf.length ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : [];
    const chosen = options[0];
    if (isObj(s.discriminator) && isObj(chosen) && typeof chosen.$ref === 'string') setDiscriminator(obj, s.discriminator, chosen.$ref);
    if (chosen !== undefined) walk(obj, chosen, depth + 1);
    if (Array.isArray(s.allOf)) for (const m of s.allOf) walk(obj, m, depth + 1);
    if (isObj(s.properties)) {
      for (const [name, sub] of Object.entries(s.properties)) if (Object.prototype.hasOwnProperty.call(obj, name)) walk(obj[name], sub, depth + 1);
    }
  };
  walk(value, schema, 0);
}
