import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { SiteView } from '../site-view.js';
import { escapeAsReact } from '../../shared/html-escape.js';

/**
 * Shell parts that are the same on many pages (the footer, a navbar with a given active item) are
 * rendered once per build and reused as HTML: on a large site this is most of the render time.
 */
export function cachedMarkup(site: SiteView, key: string, render: () => React.ReactElement): string {
  let html = site.markupCache.get(key);
  if (html === undefined) site.markupCache.set(key, (html = flatten(renderToStaticMarkup(render()))));
  return html;
}

/**
 * React builds its HTML by concatenation, which V8 keeps as a tree of the pieces until the string
 * is read; converting it to a number reads it, and V8 flattens it in place. A large site keeps
 * thousands of cached parts (a docs site's sidebar entries): flat, they take far less memory.
 */
function flatten(html: string): string {
  void Number(html);
  return html;
}

/**
 * A page's parts that are the same on many pages (its navbar, a post's summary in every list) are
 * written into the page as a marker (`cachedPart`), and their bytes, encoded once, are copied in
 * when the page is encoded (`encodePage`): a large blog's list pages were mostly summaries, encoded
 * again in each list. The marker holds a random number of the build's, so no text of a page can
 * pass for one, and Latin-1 characters only, so pages stay one byte a character until encoded.
 */
export interface PartTable {
  /** How each of this build's markers starts. */
  mark: string;
  ids: Map<string, number>;
  html: string[];
}

/** How every part's marker ends. */
export const PART_END = '\u0002';
const partTables = new WeakMap<SiteView, PartTable>();

export function partTable(site: SiteView): PartTable {
  let table = partTables.get(site);
  if (!table) partTables.set(site, (table = { mark: `\u0001sdpart${Math.random().toString(36).slice(2, 10)}:`, ids: new Map(), html: [] }));
  return table;
}

/** A marker for the HTML `make` gives (made once per key and build), written in by `encodePage`. */
export function cachedPart(site: SiteView, key: string, make: () => string): string {
  const table = partTable(site);
  let id = table.ids.get(key);
  if (id === undefined) {
    // Made first: it may add parts of its own.
    const html = make();
    id = table.html.push(html) - 1;
    table.ids.set(key, id);
  }
  return `${table.mark}${id}${PART_END}`;
}

/** `cachedPart` of a React element's markup. */
export function cachedMarkupPart(site: SiteView, key: string, render: () => React.ReactElement): string {
  return cachedPart(site, key, () => renderToStaticMarkup(render()));
}

/** A value written into a template: text (escaped as React escapes it) or HTML as it is. */
export type TemplateValue = string | { html: string };

/** A template's markup: literal parts, and the index of the value that goes between them. */
type TemplateParts = (string | number)[];

const templates = new WeakMap<SiteView, Map<string, TemplateParts>>();
const SLOT = /\uE020(\d+)\uE021/g;

/**
 * Markup that is the same for many values but for the values (a post's summary in every list),
 * drawn once per key with a marker where each value goes, then written out per use: far cheaper
 * than drawing it again. `draw` must put each slot string into the markup unchanged (as text or
 * an attribute value, not computed with); text values are escaped as React escapes text and
 * attribute values, `{ html }` values are written as they are (an `{ html }` slot is best an
 * element's only child). With `asPage`, a text slot next to other text must not be filled with
 * '' (React writes no marker next to an empty text).
 */
export function cachedTemplate<K extends string>(
  site: SiteView,
  key: string,
  names: readonly K[],
  draw: (slots: Record<K, string>) => React.ReactElement,
  { asPage = false }: { asPage?: boolean } = {},
): (values: Record<K, TemplateValue>) => string {
  let byKey = templates.get(site);
  if (!byKey) templates.set(site, (byKey = new Map()));
  let parts = byKey.get(key);
  if (!parts) {
    const slots = Object.fromEntries(names.map((name, i) => [name, `\uE020${i}\uE021`])) as Record<K, string>;
    // `asPage`: drawn as pages' bodies are (renderToString), with its markers between adjacent texts.
    const markup = (asPage ? renderToString : renderToStaticMarkup)(draw(slots));
    parts = [];
    let from = 0;
    for (const m of markup.matchAll(SLOT)) {
      parts.push(markup.slice(from, m.index), Number(m[1]));
      from = m.index + m[0].length;
    }
    parts.push(markup.slice(from));
    byKey.set(key, parts);
  }
  const template = parts;
  return (values) => {
    let html = '';
    for (const part of template) {
      if (typeof part === 'string') html += part;
      else {
        const value = values[names[part]!];
        html += typeof value === 'string' ? escapeAsReact(value) : value.html;
      }
    }
    return html;
  };
}
