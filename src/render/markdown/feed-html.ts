import { unified } from 'unified';
import rehypeRaw from 'rehype-raw';
import rehypeStringify from 'rehype-stringify';
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { toString } from 'hast-util-to-string';

// A post's HTML as a feed reader shows it: outside the site, without its stylesheet or scripts.
// Widgets would be dead controls there, so the page's markup becomes static content: an island
// is its server-rendered HTML without the props and hydration attributes; tabs (radio groups
// that CSS switches) become one section per tab, its label as a heading; form controls become
// the text they show (a task's box as ☑/☐, a field as its value); scripts, comments, headings'
// anchor links and what the page hides are dropped. Links and images are made absolute against the post's URL.
// It reads the markup of components/content/mdx/builtins.tsx (tabs) and components/Island.tsx.

const parse = unified().use(rehypeRaw).freeze();
const stringify = unified().use(rehypeStringify).freeze();

/** Attributes that only mean something to the page's script or focus order, or name ids of controls that are gone. */
const PAGE_ONLY = new Set([
  'tabIndex',
  'ariaControls',
  'ariaDescribedBy',
  'ariaLabelledBy',
  'ariaLive',
  'ariaInvalid',
  'ariaExpanded',
  'ariaSelected',
  'ariaChecked',
]);
/** Inputs with nothing to read once static. */
const NO_TEXT_INPUTS = new Set(['radio', 'hidden', 'submit', 'reset', 'button', 'image', 'file', 'password']);

interface Walk {
  /** Absolute URL of the post: relative links and images are resolved against it. */
  pageUrl: string;
  /** Level of the last heading seen, for the headings tabs become. */
  level: number;
}

/** `html` (a rendered post) as static, self-contained HTML for the feeds; `pageUrl` is the post's absolute URL. */
export function feedHtml(html: string, pageUrl: string): string {
  const tree = parse.runSync({ type: 'root', children: [{ type: 'raw', value: html }] } as Root) as Root;
  tree.children = staticNodes(tree.children, { pageUrl, level: 1 }) as RootContent[];
  return stringify.stringify(tree);
}

function classes(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function staticNodes(nodes: readonly (RootContent | ElementContent)[], walk: Walk): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === 'comment' || node.type === 'doctype') continue;
    if (node.type !== 'element') {
      out.push(node as ElementContent);
      continue;
    }
    out.push(...staticElement(node, walk));
  }
  return out;
}

function staticElement(node: Element, walk: Walk): ElementContent[] {
  const tag = node.tagName;
  if (tag === 'script' || tag === 'template' || tag === 'style' || node.properties.hidden) return [];
  // A code block's copy button and its status region are the page's, not the post's.
  if (node.properties.dataCodeCopy !== undefined || node.properties.dataCodeCopyStatus !== undefined) return [];
  // A heading's "#" link is a page affordance: in a reader it is a stray character.
  if (tag === 'a' && classes(node).includes('hash-link')) return [];
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) walk.level = Number(heading[1]);
  if (tag === 'div' && classes(node).includes('tabs')) return tabSections(node, walk);
  if (tag === 'input') return inputText(node);
  if (tag === 'select') {
    const options = node.children.filter((c): c is Element => c.type === 'element' && c.tagName === 'option');
    const chosen = options.find((o) => o.properties.selected) ?? options[0];
    return chosen ? [text(toString(chosen))] : [];
  }
  if (tag === 'textarea') return [{ type: 'element', tagName: 'pre', properties: {}, children: [text(toString(node))] }];
  const children = staticNodes(node.children, walk);
  // An island's wrapper, a form, a noscript: their content stays, the element means nothing here.
  if ((tag === 'div' && classes(node).includes('island')) || tag === 'form' || tag === 'noscript') return children;
  // A button's or label's text can carry what the widget shows ("Clicks: 3"): it stays, as text.
  if (tag === 'button' || tag === 'label') return children.length ? [{ type: 'element', tagName: 'span', properties: {}, children }] : [];
  return [{ ...node, properties: staticProperties(node.properties, walk.pageUrl), children }];
}

/** A tab group as one section per tab: the tab's label as a heading a level below the last one, then its panel. */
function tabSections(group: Element, walk: Walk): ElementContent[] {
  const sections: ElementContent[] = [];
  const level = Math.min(walk.level + 1, 6);
  let label: Element | undefined;
  for (const child of group.children) {
    if (child.type !== 'element') continue;
    const kind = classes(child);
    if (kind.includes('tabs__tab')) label = child;
    else if (kind.includes('tabs__panel')) {
      const outer = walk.level;
      walk.level = level;
      const title: Element = { type: 'element', tagName: `h${level}`, properties: {}, children: staticNodes(label?.children ?? [], walk) };
      sections.push({ type: 'element', tagName: 'section', properties: {}, children: [title, ...staticNodes(child.children, walk)] });
      walk.level = outer;
      label = undefined;
    }
  }
  return sections;
}

/** What an input shows: a checkbox's state as ☑/☐, a field's value; nothing for the others. */
function inputText(input: Element): ElementContent[] {
  const type = String(input.properties.type ?? 'text').toLowerCase();
  if (type === 'checkbox') return [text(input.properties.checked ? '☑ ' : '☐ ')];
  const value = input.properties.value;
  if (NO_TEXT_INPUTS.has(type) || value === undefined || value === null || String(value) === '') return [];
  return [text(' '), { type: 'element', tagName: 'code', properties: {}, children: [text(String(value))] }];
}

function staticProperties(properties: Properties, pageUrl: string): Properties {
  const out: Properties = {};
  for (const [key, value] of Object.entries(properties)) {
    if (PAGE_ONLY.has(key) || /^data[A-Z]/.test(key)) continue;
    out[key] = (key === 'href' || key === 'src') && typeof value === 'string' ? absoluteUrl(value, pageUrl) : value;
  }
  return out;
}

/** A content URL as readers outside the site need it: resolved against the post (content paths already hold the base path). */
function absoluteUrl(value: string, pageUrl: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(value)) return value;
  try {
    return new URL(value, pageUrl).href;
  } catch {
    return value;
  }
}

function text(value: string): ElementContent {
  return { type: 'text', value };
}
