import type { ApiDiscriminator } from '../../shared/api-model.js';
import { isObj, type Obj } from './model-context.js';
import { splitPointer } from '../load/pointer.js';

// A discriminator's property and mapping: the explicit mapping (values to references or schema
// names), else the implicit one, where a value is a schema's name: of the oneOf/anyOf members, or
// of the schemas of components.schemas that extend this one through allOf.

export type DiscriminatorReader = (raw: Obj, schema: Obj, pointer: string, self: string | undefined) => ApiDiscriminator;

export function createDiscriminatorReader(doc: Obj, refName: (ref: string) => string): DiscriminatorReader {
  let implicitSubtypes: Map<string, ApiDiscriminator['mapping']> | undefined;

  /** Schemas of components.schemas that extend `ref` through allOf (indexed once per document). */
  const subtypesOf = (ref: string): ApiDiscriminator['mapping'] => {
    if (!implicitSubtypes) {
      implicitSubtypes = new Map();
      const all = isObj(doc.components) && isObj(doc.components.schemas) ? doc.components.schemas : {};
      for (const [name, schema] of Object.entries(all)) {
        if (!isObj(schema) || !Array.isArray(schema.allOf)) continue;
        for (const member of schema.allOf) {
          if (!isObj(member) || typeof member.$ref !== 'string') continue;
          const list = implicitSubtypes.get(member.$ref) ?? [];
          list.push({ value: name, ref: `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, name });
          implicitSubtypes.set(member.$ref, list);
        }
      }
    }
    return implicitSubtypes.get(ref) ?? [];
  };

  return (raw, schema, pointer, self) => {
    const propertyName = raw.propertyName as string;
    const mapping: ApiDiscriminator['mapping'] = [];
    if (isObj(raw.mapping)) {
      for (const [value, target] of Object.entries(raw.mapping)) {
        if (typeof target !== 'string') continue;
        const ref = target.startsWith('#') ? target : `#/components/schemas/${target}`;
        mapping.push({ value, ref, name: refName(ref) });
      }
      return { propertyName, mapping };
    }
    const members = [...(Array.isArray(schema.oneOf) ? schema.oneOf : []), ...(Array.isArray(schema.anyOf) ? schema.anyOf : [])];
    for (const m of members) if (isObj(m) && typeof m.$ref === 'string') mapping.push({ value: refName(m.$ref), ref: m.$ref, name: refName(m.$ref) });
    if (!mapping.length) mapping.push(...subtypesOf(self ?? `#${pointer}`));
    return { propertyName, mapping };
  };
}

/** Per mapping object of the document: each target (reference or schema name) → the first value naming it, and that value's place. */
const valueIndexes = new WeakMap<Obj, Map<string, { value: string; at: number }>>();

/**
 * The value of a discriminator's mapping that names `ref` (by reference or by schema name), else
 * the schema's name. Graph's `entity` maps 1,544 values and every example of one of its subtypes
 * asks for one: the mapping is indexed once, not scanned per question.
 */
export function discriminatorValue(discriminator: Obj, ref: string): string {
  const name = splitPointer(ref).pop() ?? '';
  if (!isObj(discriminator.mapping)) return name;
  let index = valueIndexes.get(discriminator.mapping);
  if (!index) {
    index = new Map();
    let at = 0;
    for (const [value, target] of Object.entries(discriminator.mapping)) {
      if (typeof target === 'string' && !index.has(target)) index.set(target, { value, at });
      at++;
    }
    valueIndexes.set(discriminator.mapping, index);
  }
  const byRef = index.get(ref);
  const byName = index.get(name);
  // The mapping's first entry that names it either way, as a scan in order would find.
  const first = byRef && byName ? (byRef.at <= byName.at ? byRef : byName) : (byRef ?? byName);
  return first?.value ?? name;
}
