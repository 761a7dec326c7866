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

type Info = ReturnType<typeof find>;
const infos = new Map<string, Info | null>();
/** The attribute's schema entry; null when this serializer leaves it to hast-util-to-html. */
function infoOf(key: string): Info | null {
  let info = infos.get(key);
  if (info === undefined) {
    const found = find(htmlSchema, key);
    info = found.commaSeparated || found.overloadedBoolean ? null : found;
    infos.set(key, info);
  }
  return info;
}

const hex = (c: string): string => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`;
const TEXT = /[<&]/g;
const ATTRIBUTE_VALUE = /["&'`\0]/g;
const ATTRIBUTE_NAME = /[\0\t\n\f\r "&'/<=>`]/g;
const escapeText = (s: string): string => (TEXT.test(s) ? ((TEXT.lastIndex = 0), s.replace(TEXT, hex)) : s);
const escapeValue = (s: string): string => (ATTRIBUTE_VALUE.test(s) ? ((ATTRIBUTE_VALUE.lastIndex = 0), s.replace(ATTRIBUTE_VALUE, hex)) : s);

/** The serialized attributes (with a leading space), or undefined to fall back. */
function attributes(properties: Properties): string | undefined {
  let out = '';
  for (const key in properties) {
    let value = properties[key];
    if (value === null || value === undefined) continue;
    const info = infoOf(key);
    if (!info) return undefined;
    if (info.boolean && (typeof value !== 'string' || value === info.attribute || value === '')) value = Boolean(value);
    if (value === false || (typeof value === 'number' && Number.isNaN(value))) continue;
    const name = info.attribute.replace(ATTRIBUTE_NAME, hex);
    if (value === true) {
      out += ` ${name}`;
      continue;
    }
    const text = Array.isArray(value) ? value.join(' ').trim() : String(value);
    out += ` ${name}="${escapeValue(text)}"`;
  }
  return out;
}

function one(node: Nodes): string {
  switch (node.type) {
    case 'text':
      return escapeText(node.value);
    case 'element': {
      if (FALLBACK_TAGS.has(node.tagName)) return toHtml(node, SETTINGS);
      const attrs = attributes(node.properties);
      if (attrs === undefined) return toHtml(node, SETTINGS);
      let content = '';
      for (const child of node.children) content += one(child);
      if (content === '' && VOIDS.has(node.tagName.toLowerCase())) return `<${node.tagName}${attrs}>`;
      return `<${node.tagName}${attrs}>${content}</${node.tagName}>`;
    }
    case 'root': {
      let content = '';
      for (const child of node.children) content += one(child);
      return content;
    }
    case 'raw':
      return node.value;
    default:
      return toHtml(node, SETTINGS);
  }
}

/** Same as `toHtml(tree, { allowDangerousHtml: true })`, faster. */
export function hastToHtml(tree: Nodes): string {
  return one(tree);
}
