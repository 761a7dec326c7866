import type { Nodes, Properties } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { htmlVoidElements } from 'html-void-elements';
import { find, html as htmlSchema } from 'property-information';

// hast → HTML, written for speed: serializing content was a tenth of a large build's time with
// hast-util-to-html, which looks up every property's schema entry and builds an options object for
// every text and attribute it escapes. This one gives the same output as
// `toHtml(tree, { allowDangerousHtml: true })` (tested on every page of the default site and on
// adversarial trees): the same character references, attribute names and boolean handling. What it
// does not handle itself (SVG and its attribute space, templates, script and style, comments,
// comma-separated and overloaded-boolean attributes) it hands, whole, to hast-util-to-html.

const SETTINGS = { allowDangerousHtml: true } as const;
const FALLBACK_TAGS = new Set(['svg', 'math', 'template', 'script', 'style']);
const VOIDS = new Set(htmlVoidElements);

const hex = (c: string): string => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`;
const TEXT = /[<&]/g;
const ATTRIBUTE_VALUE = /["&'`\0]/g;
const ATTRIBUTE_NAME = /[\0\t\n\f\r "&'/<=>`]/g;

/** A property's schema entry and its attribute name, escaped once. */
interface Attribute {
  info: ReturnType<typeof find>;
  name: string;
}
const known = new Map<string, Attribute | null>();
/** The property's attribute; null when this serializer leaves it to hast-util-to-html. */
function attributeOf(key: string): Attribute | null {
  let attribute = known.get(key);
  if (attribute === undefined) {
    const info = find(htmlSchema, key);
    attribute = info.commaSeparated || info.overloadedBoolean ? null : { info, name: info.attribute.replace(ATTRIBUTE_NAME, hex) };
    known.set(key, attribute);
  }
  return attribute;
}

/** The serialized attributes (with a leading space), or undefined to fall back. */
function attributes(properties: Properties): string | undefined {
  let out = '';
  for (const key in properties) {
    let value = properties[key];
    if (value === null || value === undefined) continue;
    const attribute = attributeOf(key);
    if (!attribute) return undefined;
    const { info, name } = attribute;
    if (info.boolean && (typeof value !== 'string' || value === info.attribute || value === '')) value = Boolean(value);
    if (value === false || (typeof value === 'number' && Number.isNaN(value))) continue;
    if (value === true) {
      out += ` ${name}`;
      continue;
    }
    const text = Array.isArray(value) ? value.join(' ').trim() : String(value);
    out += ` ${name}="${text.replace(ATTRIBUTE_VALUE, hex)}"`;
  }
  return out;
}

function hasContent(out: readonly string[], from: number): boolean {
  for (let i = from; i < out.length; i++) if (out[i] !== '') return true;
  return false;
}

/** Appends the node's HTML to `out` (joined once at the end: a flat string, not a rope of pieces). */
function write(node: Nodes, out: string[]): void {
  switch (node.type) {
    case 'text':
      out.push(node.value.replace(TEXT, hex));
      return;
    case 'element': {
      const attrs = FALLBACK_TAGS.has(node.tagName) ? undefined : attributes(node.properties);
      if (attrs === undefined) {
        out.push(toHtml(node, SETTINGS));
        return;
      }
      out.push(`<${node.tagName}${attrs}>`);
      const start = out.length;
      for (const child of node.children) write(child, out);
      // A void element is left open unless it has content.
      if (!VOIDS.has(node.tagName.toLowerCase()) || hasContent(out, start)) out.push(`</${node.tagName}>`);
      return;
    }
    case 'root':
      for (const child of node.children) write(child, out);
      return;
    case 'raw':
      out.push(node.value);
      return;
    default:
      out.push(toHtml(node, SETTINGS));
  }
}

/** Same as `toHtml(tree, { allowDangerousHtml: true })`, faster. */
export function hastToHtml(tree: Nodes): string {
  const out: string[] = [];
  write(tree, out);
  return out.join('');
}
