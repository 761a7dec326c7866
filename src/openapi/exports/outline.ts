// A schema as a compact TypeScript-like outline for readers (people and models): named references
// shown by name and expanded once per branch, recursion cut, the whole bounded by a line budget.
import type { Obj } from '../model/model-context.js';
import { isObj } from '../model/model-context.js';
import { deref, mergeAllOf, refName, shortText } from './json-schema.js';

export interface OutlineOptions {
  /** Lines written, at most. */
  lines: number;
  depth: number;
  /** A request leaves out read-only properties; a response leaves out write-only ones. */
  direction: 'request' | 'response';
}

const CUT = '// … cut: the schema goes on (see the page or the OpenAPI document)';

export function schemaOutline(doc: Obj, schema: unknown, options: OutlineOptions): string {
  const state = { left: options.lines, cut: false };
  const out = render(doc, schema, [], 0, options, state, '');
  return state.cut ? `${out}\n${CUT}` : out;
}

/** The type text of a schema; an object's members on their own lines, indented under it. */
function render(doc: Obj, raw: unknown, stack: string[], depth: number, o: OutlineOptions, state: { left: number; cut: boolean }, indent: string): string {
  if (!isObj(raw)) return raw === false ? 'never' : 'unknown';
  const { value, ref } = deref(doc, raw);
  if (!value) return ref ? refName(ref) : 'unknown';
  const name = ref ? refName(ref) : undefined;
  if (ref && stack.includes(ref)) return `${name} /* recursive */`;
  const path = ref ? [...stack, ref] : stack;
  const s = mergeAllOf(doc, value, path);
  const nullable = s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'));
  const suffix = nullable ? ' | null' : '';
  const variants = [...(Array.isArray(s.oneOf) ? s.oneOf : []), ...(Array.isArray(s.anyOf) ? s.anyOf : [])];
  const ownProperties = isObj(s.properties) && Object.keys(s.properties).length > 0;
  // Alternatives beside properties refine the object (`anyOf: [{required: [a]}, {required: [b]}]`): the object is the outline.
  if (variants.length && !ownProperties) {
    if (depth >= o.depth || state.left <= 0) return `${name ?? 'union'} /* ${variants.length} forms, not expanded */`;
    const parts = variants.slice(0, 6).map((v) => render(doc, v, path, depth + 1, o, state, indent));
    return `${parts.join(' | ')}${variants.length > 6 ? ' | …' : ''}${suffix}`;
  }
  const types = (Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : []).filter((t) => t !== 'null');
  if (Array.isArray(s.enum) && s.enum.length) {
    const shown = s.enum.slice(0, 12).map((v) => JSON.stringify(v));
    return `${shown.join(' | ')}${s.enum.length > 12 ? ` | … (${s.enum.length} values)` : ''}${suffix}`;
  }
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (types.includes('array') || (!types.length && s.items !== undefined)) {
    const item = render(doc, s.items, path, depth + 1, o, state, indent);
    return `${/[ |]/.test(item) && !item.endsWith('}') ? `Array<${item}>` : `${item}[]`}${suffix}`;
  }
  if (types.includes('object') || isObj(s.properties)) {
    const props = isObj(s.properties) ? Object.entries(s.properties) : [];
    if (!props.length)
      return `${isObj(s.additionalProperties) ? `Record<string, ${render(doc, s.additionalProperties, path, depth + 1, o, state, indent)}>` : 'object'}${suffix}`;
    if (depth >= o.depth || state.left <= 0) {
      if (state.left <= 0) state.cut = true;
      return `${name ?? 'object'} /* not expanded */${suffix}`;
    }
    const required = new Set(Array.isArray(s.required) ? s.required : []);
    const inner = indent + '  ';
    const own: string[] = [];
    for (const [key, prop] of props) {
      if (state.left <= 0) {
        state.cut = true;
        break;
      }
      const target = deref(doc, prop).value;
      const flag = o.direction === 'request' ? 'readOnly' : 'writeOnly';
      if (target?.[flag] === true || (isObj(prop) && prop[flag] === true)) continue;
      state.left--;
      const type = render(doc, prop, path, depth + 1, o, state, inner);
      const note = shortText((isObj(prop) ? prop.description : undefined) ?? target?.description, 120);
      const key2 = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
      own.push(`${inner}${key2}${required.has(key) ? '' : '?'}: ${type};${note ? ` // ${note}` : ''}`);
    }
    if (variants.length)
      own.push(
        `${inner}// ${Array.isArray(s.oneOf) && s.oneOf.length ? 'one of' : 'any of'}: ${variants
          .slice(0, 6)
          .map((v) => variantNote(doc, v))
          .join('; ')}`,
      );
    return `${name ? `${name} ` : ''}{\n${own.join('\n')}\n${indent}}${suffix}`;
  }
  const base = types.length ? types.join(' | ') : 'unknown';
  return `${base}${typeof s.format === 'string' ? ` /* ${s.format} */` : ''}${suffix}`;
}

/** One alternative of an object, in a word: its name, what it requires, or the properties it adds. */
function variantNote(doc: Obj, raw: unknown): string {
  const { value, ref } = deref(doc, raw);
  if (ref) return refName(ref);
  if (!value) return 'unknown';
  const required = Array.isArray(value.required) ? value.required.map(String) : [];
  const props = isObj(value.properties) ? Object.keys(value.properties) : [];
  if (typeof value.title === 'string') return value.title;
  if (props.length) return `with ${props.slice(0, 4).join(', ')}`;
  if (required.length) return `${required.join(' and ')} required`;
  return 'unknown';
}
