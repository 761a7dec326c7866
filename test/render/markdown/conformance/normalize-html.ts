import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import rehypeRaw from 'rehype-raw';
import { unified } from 'unified';

// HTML in a canonical form, as the CommonMark spec's own normaliser (test/normalize.py) makes it
// before comparing: parsed as a browser parses it (so entity forms, attribute quoting and
// self-closing forms no longer differ), attributes sorted, whitespace next to block tags dropped
// and other runs of whitespace outside <pre> collapsed to one space. Relative URLs are written as
// a browser resolves them from a page at the site's root: `foo` and `/foo` are the same link there
// (our pages write relative links as site routes).

const BLOCK = new Set(
  'article aside blockquote body dd details dir div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html li main menu nav ol p pre section summary table tbody td tfoot th thead title tr ul'.split(
    ' ',
  ),
);

const parse = unified().use(rehypeRaw).freeze();

/** Parses `html` into hast as rehype-raw does for our `.md` pages. */
export function parseHtml(html: string): Root {
  return parse.runSync({ type: 'root', children: [{ type: 'raw', value: html } as never] }) as Root;
}

export function normalizeTree(tree: Root): string {
  normalizeChildren(tree, true);
  return toHtml(tree);
}

export function normalizeHtml(html: string): string {
  return normalizeTree(parseHtml(html));
}

const isBlock = (node: RootContent | undefined): boolean => node?.type === 'element' && BLOCK.has(node.tagName);

function normalizeChildren(parent: Root | Element, block: boolean): void {
  const kept: RootContent[] = [];
  const children = parent.children as RootContent[];
  children.forEach((child, i) => {
    if (child.type === 'element') {
      for (const name of ['href', 'src']) {
        const url = child.properties[name];
        if (typeof url === 'string') child.properties[name] = resolved(url);
      }
      child.properties = Object.fromEntries(Object.entries(child.properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      if (child.tagName !== 'pre' && child.tagName !== 'textarea') normalizeChildren(child, BLOCK.has(child.tagName));
      kept.push(child);
      return;
    }
    if (child.type !== 'text') {
      kept.push(child);
      return;
    }
    let value = child.value.replace(/[ \t\n\r\f]+/g, ' ');
    if ((i === 0 && block) || isBlock(children[i - 1])) value = value.replace(/^ /, '');
    if ((i === children.length - 1 && block) || isBlock(children[i + 1])) value = value.replace(/ $/, '');
    if (value) kept.push({ type: 'text', value });
  });
  parent.children = kept as ElementContent[];
}

const SITE = 'https://site.invalid';

function resolved(url: string): string {
  // Schemes are case-insensitive (`MAILTO:` is `mailto:`).
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url.replace(/^[^:]+/, (s) => s.toLowerCase());
  try {
    const absolute = new URL(url, `${SITE}/`).href;
    return absolute.startsWith(`${SITE}/`) ? absolute.slice(SITE.length) : absolute;
  } catch {
    return url;
  }
}
