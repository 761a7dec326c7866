import type { ApiDiscriminator } from './api-model.js';

/** A discriminator's values by the reference each selects, made once per discriminator (Graph's `entity` has 1,544). */
const valuesByRef = new WeakMap<ApiDiscriminator, Map<string, string[]>>();

/** The values of a discriminator that select `ref`, in the mapping's order; none when it does not map to it. */
export function mappedValues(discriminator: ApiDiscriminator, ref: string): readonly string[] {
  let index = valuesByRef.get(discriminator);
  if (!index) {
    index = new Map();
    for (const m of discriminator.mapping) {
      const list = index.get(m.ref);
      if (list) list.push(m.value);
      else index.set(m.ref, [m.value]);
    }
    valuesByRef.set(discriminator, index);
  }
  return index.get(ref) ?? [];
}
