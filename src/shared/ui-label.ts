import { escapeAttribute } from './html-escape.js';

// A UI label is its text in every UI language at once, one <span lang data-l> each; CSS shows the
// reader's (html[data-ui-lang]), so a language switch relabels the page at once and the first
// paint is already right. The server's <T>, the schema trees and the client's labels write them
// from here, and search drops them from page text with `withoutLabels`: labels are not content.

/** The attributes of one language's span, in the order they are written. */
export function labelAttributes(lang: string): { lang: string; 'data-l': string } {
  return { lang, 'data-l': lang };
}

const openTags = new Map<string, string>();
function openTag(lang: string): string {
  let tag = openTags.get(lang);
  if (tag === undefined) {
    tag = '<span';
    for (const [name, value] of Object.entries(labelAttributes(lang))) tag += ` ${name}="${escapeAttribute(value)}"`;
    openTags.set(lang, (tag += '>'));
  }
  return tag;
}

/** A label's markup, from its text in each language. */
export function labelHtml(texts: readonly (readonly [lang: string, text: string])[]): string {
  let out = '';
  for (const [lang, text] of texts) out += `${openTag(lang)}${escapeAttribute(text)}</span>`;
  return out;
}

/** One language's span, however it was written (here, by React or the DOM): its text is escaped, so holds no `<`. */
const LABEL = new RegExp(
  `<span${Object.keys(labelAttributes(''))
    .map((name) => ` ${name}="[a-z-]+"`)
    .join('')}>[^<]*</span>`,
  'g',
);

/** HTML without its UI labels. */
export function withoutLabels(html: string): string {
  return html.replace(LABEL, '');
}
