// A model schema as a compact TypeScript-like outline for readers (people and models): named
// references shown by name and expanded once per branch, recursion cut, the whole bounded by a line budget.
import type { ApiModel, ApiSchemaNode } from '../../shared/api-model.js';
import { hasFlag, resolveSchema, shortText } from './json-schema.js';

export interface OutlineOptions {
  /** Lines written, at most. */
  lines: number;
  depth: number;
  /** A request leaves out read-only properties; a response leaves out write-only ones. */
  direction: 'request' | 'response';
}

const CUT = '// … cut: the schema goes on (see the page or the OpenAPI document)';

export function schemaOutline(model: ApiModel, node: ApiSchemaNode | undefined, options: OutlineOptions): string {
  const state = { left: options.lines, cut: false };
  const out = render(model, node, [], 0, options, state, '');
  return state.cut ? `${out}\n${CUT}` : out;
}

/** The type text of a schema; an object's members on their own lines, indented under it. */
function render(
  model: ApiModel,
  node: ApiSchemaNode | undefined,
  stack: string[],
  depth: number,
  o: OutlineOptions,
  state: { left: number; cut: boolean },
  indent: string,
): string {
  const s = resolveSchema(model, node);
  if (!node || !s) return 'unknown';
  const name = node.kind === 'ref' ? node.name : undefined;
  if (node.kind === 'ref' && stack.includes(node.ref)) return `${name} /* recursive */`;
  if (s.constraints.some((c) => c.kind === 'never')) return 'never';
  const path = node.kind === 'ref' ? [...stack, node.ref] : stack;
  const suffix = s.nullable || s.types.includes('null') ? ' | null' : '';
  const variants = [...s.oneOf, ...s.anyOf];
  // Alternatives beside properties refine the object (`anyOf: [{required: [a]}, {required: [b]}]`): the object is the outline.
  if (variants.length && !s.properties.length) {
    if (depth >= o.depth || state.left <= 0) return `${name ?? 'union'} /* ${variants.length} forms, not expanded */`;
    const parts = variants.slice(0, 6).map((v) => render(model, v.schema, path, depth + 1, o, state, indent));
    return `${parts.join(' | ')}${variants.length > 6 ? ' | …' : ''}${suffix}`;
  }
  const types = s.types.filter((t) => t !== 'null');
  if (s.enum?.values.length) {
    const shown = s.enum.values.slice(0, 12);
    return `${shown.join(' | ')}${s.enum.total > 12 ? ` | … (${s.enum.total} values)` : ''}${suffix}`;
  }
  if (s.const !== undefined) return s.const;
  if (types.includes('array')) {
    const item = render(model, s.items, path, depth + 1, o, state, indent);
    return `${/[ |]/.test(item) && !item.endsWith('}') ? `Array<${item}>` : `${item}[]`}${suffix}`;
  }
  if (types.includes('object') || s.properties.length) {
    if (!s.properties.length)
      return `${typeof s.additionalProperties === 'object' ? `Record<string, ${render(model, s.additionalProperties, path, depth + 1, o, state, indent)}>` : 'object'}${suffix}`;
    if (depth >= o.depth || state.left <= 0) {
      if (state.left <= 0) state.cut = true;
      return `${name ?? 'object'} /* not expanded */${suffix}`;
    }
    const inner = indent + '  ';
    const own: string[] = [];
    for (const p of s.properties) {
      if (state.left <= 0) {
        state.cut = true;
        break;
      }
      if (hasFlag(model, p.schema, o.direction === 'request' ? 'readOnly' : 'writeOnly')) continue;
      state.left--;
      const type = render(model, p.schema, path, depth + 1, o, state, inner);
      const described =
        p.schema.kind === 'ref' ? (p.schema.descriptionMarkdown ?? resolveSchema(model, p.schema)?.descriptionMarkdown) : p.schema.descriptionMarkdown;
      const note = shortText(described, 120);
      const key = /^[A-Za-z_$][\w$]*$/.test(p.name) ? p.name : JSON.stringify(p.name);
      own.push(`${inner}${key}${p.required ? '' : '?'}: ${type};${note ? ` // ${note}` : ''}`);
    }
    if (variants.length)
      own.push(
        `${inner}// ${s.oneOf.length ? 'one of' : 'any of'}: ${variants
          .slice(0, 6)
          .map((v) => v.label)
          .join('; ')}`,
      );
    return `${name ? `${name} ` : ''}{\n${own.join('\n')}\n${indent}}${suffix}`;
  }
  const base = types.length ? types.join(' | ') : 'unknown';
  return `${base}${s.format ? ` /* ${s.format} */` : ''}${suffix}`;
}
