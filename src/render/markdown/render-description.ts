import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { sanitizeSchema } from './sanitize-schema.js';

// OpenAPI descriptions: untrusted CommonMark + GFM, sanitized like content. A large spec holds tens of
// thousands of descriptions, many repeated word for word and most plain sentences, so plain text
// skips unified, raw HTML parsing (parse5, the slow step) only runs when there is a "<", and results
// are cached.

const withRaw = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeRaw).use(rehypeSanitize, sanitizeSchema).use(rehypeStringify).freeze();
const withoutRaw = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, sanitizeSchema).use(rehypeStringify).freeze();

const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;
/** Single-line text without anything markdown or an autolink could turn into markup. */
const PLAIN = /^[^*_[\]<>&#`!|~\\\n\r@]*$/;

/** A description's markdown to sanitized HTML (block level: paragraphs, lists, tables, code). */
export function renderDescription(markdown: string): string {
  const text = markdown.trim();
  if (text === '') return '';
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  let html: string;
  if (PLAIN.test(text) && !/^([-+>]|\d+[.)])\s/.test(text) && !/www\.|:\/\//i.test(text)) {
    html = `<p>${text}</p>`;
  } else {
    html = String((text.includes('<') ? withRaw : withoutRaw).processSync(text)).trim();
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, html);
  return html;
}
