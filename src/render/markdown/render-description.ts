import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { sanitizeSchema } from './sanitize-schema.js';

// OpenAPI descriptions: untrusted CommonMark + GFM, sanitized like content. A large spec holds tens of
// thousands of descriptions (GitHub's: 13,700, 5,400 distinct), so results are cached, and the
// common shapes (paragraphs of plain text with `code` spans and [links](https://…)) are written
// directly: anything else (emphasis, lists, HTML, entities, headings, autolinks…) goes through
// unified. Raw HTML parsing (parse5, the slowest step) only runs when there is a "<".

const withRaw = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeRaw).use(rehypeSanitize, sanitizeSchema).use(rehypeStringify).freeze();
const withoutRaw = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, sanitizeSchema).use(rehypeStringify).freeze();

const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** A description's markdown to sanitized HTML (block level: paragraphs, lists, tables, code). */
export function renderDescription(markdown: string): string {
  const text = markdown.trim();
  if (text === '') return '';
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const html = simpleParagraphs(text) ?? String((text.includes('<') ? withRaw : withoutRaw).processSync(text)).trim();
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, html);
  return html;
}

/** Characters that could start markup once code spans and simple links are set aside. */
const SPECIAL = /[*_[\]<>&\\|~!@`]|www\.|:\/\//i;
/** A line that could be (or end) a block other than a paragraph, or a hard break. */
const BLOCKISH = /^\s{4}|^\s*([#>+\-*=|`~]|\d+[.)](\s|$))|\s{2,}$|^\s*$/;
const CODE = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
const LINK = /\[([^[\]\n`*_<>&\\!|~@]+)\]\(((?:https?:\/\/|\/|#)[A-Za-z0-9\-._~:/?#@!$&'*+,;=%]*)\)/g;

/** Paragraphs of text, `code` and [text](http…) only, as CommonMark renders them; else undefined. */
function simpleParagraphs(text: string): string | undefined {
  const out: string[] = [];
  for (const block of text.split(/\n[ \t]*\n/)) {
    const lines = block.split('\n');
    if (lines.some((l) => BLOCKISH.test(l))) return undefined;
    const para = lines.map((l) => l.trim()).join('\n');
    const parts: string[] = [];
    let last = 0;
    const tokens: { at: number; end: number; html: string }[] = [];
    for (const m of para.matchAll(CODE)) {
      let code = m[2]!.replace(/\n/g, ' ');
      if (code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
      tokens.push({ at: m.index, end: m.index + m[0].length, html: `<code>${escapeText(code)}</code>` });
    }
    const between = (from: number, to: number): void => {
      for (const m of para.slice(from, to).matchAll(LINK)) {
        tokens.push({ at: from + m.index, end: from + m.index + m[0].length, html: `<a href="${m[2]!.replace(/&/g, '&amp;')}">${m[1]}</a>` });
      }
    };
    let cursor = 0;
    for (const t of [...tokens]) {
      between(cursor, t.at);
      cursor = t.end;
    }
    between(cursor, para.length);
    tokens.sort((a, b) => a.at - b.at);
    for (const t of tokens) {
      const plain = para.slice(last, t.at);
      if (SPECIAL.test(plain)) return undefined;
      parts.push(escapeText(plain), t.html);
      last = t.end;
    }
    const tail = para.slice(last);
    if (SPECIAL.test(tail)) return undefined;
    parts.push(escapeText(tail));
    out.push(`<p>${parts.join('')}</p>`);
  }
  return out.join('\n');
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
