import type { ApiSchema, ApiSchemaNode } from '../../shared/api-model.js';

// allOf is shown merged: one object with every member's properties, the union of what is required,
// and the first member's description when the schema has none of its own. A member that cannot be
// resolved yet (a reference back to a schema still being converted: a cycle) stays listed in
// `allOf` and is drawn as a reference.

export function mergeAllOf(
  target: ApiSchema,
  members: readonly ApiSchemaNode[],
  resolve: (node: ApiSchemaNode) => ApiSchema | undefined,
  requiredOnly: WeakMap<ApiSchema, string[]>,
): void {
  const extraRequired = new Set<string>(requiredOnly.get(target) ?? []);
  let hidden = Math.max(0, target.propertyTotal - target.properties.length);
  for (const member of members) {
    const m = resolve(member);
    if (!m) {
      target.allOf.push(member);
      continue;
    }
    for (const name of requiredOnly.get(m) ?? []) extraRequired.add(name);
    if (!target.types.length) target.types = [...m.types];
    target.description ??= member.kind === 'ref' ? (member.description ?? m.description) : m.description;
    target.format ??= m.format;
    target.default ??= m.default;
    target.const ??= m.const;
    target.enum ??= m.enum;
    if (!target.examples.length) target.examples = [...m.examples];
    for (const c of m.constraints) if (!c.startsWith('required: ') && !target.constraints.includes(c)) target.constraints.push(c);
    target.deprecated ||= m.deprecated;
    target.readOnly ||= m.readOnly;
    target.writeOnly ||= m.writeOnly;
    const index = new Map(target.properties.map((p, i) => [p.name, i]));
    for (const p of m.properties) {
      const at = index.get(p.name);
      if (at === undefined) {
        index.set(p.name, target.properties.length);
        target.properties.push(p);
      } else if (p.required && !target.properties[at]!.required) {
        target.properties[at] = { ...target.properties[at]!, required: true };
      }
    }
    hidden += Math.max(0, m.propertyTotal - m.properties.length);
    target.additionalProperties ??= m.additionalProperties;
    target.patternProperties = [...target.patternProperties, ...m.patternProperties];
    target.items ??= m.items;
    if (!target.prefixItems.length) target.prefixItems = [...m.prefixItems];
    if (!target.oneOf.length) target.oneOf = [...m.oneOf];
    if (!target.anyOf.length) target.anyOf = [...m.anyOf];
    target.allOf.push(...m.allOf);
    target.not ??= m.not;
    target.discriminator ??= m.discriminator;
  }
  if (!target.types.length && target.properties.length) target.types = ['object'];
  target.propertyTotal = target.properties.length + hidden;
  if (extraRequired.size) {
    target.properties = target.properties.map((p) => (extraRequired.has(p.name) && !p.required ? { ...p, required: true } : p));
    target.constraints = target.constraints.filter((c) => !c.startsWith('required: ') || target.properties.length === 0);
  }
}
