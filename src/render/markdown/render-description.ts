import { unified } from 'unified';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import type { Root } from 'hast';
import { VFile } from 'vfile';
import { rehypeA11y } from './rehype-a11y.js';
import { rehypeDropRawText } from './rehype-drop-raw-text.js';
import { rehypeLinks, type LinkCollector, type LinkOptions } from './rehype-links.js';
import { sanitizeSchema } from './sanitize-schema.js';
import { parseMarkdown } from './parse-markdown.js';
import { tokensToHast } from './tokens-to-hast.js';

// OpenAPI descriptions and short snippets (the announcement bar): untrusted CommonMark + GFM,
// parsed like content and sanitized with the same schema. A large spec holds tens of thousands of
// descriptions (GitHub's: 13,700, 5,400 distinct), so results are cached.

const stringify = unified().use(rehypeStringify).freeze();
const linked = unified().use(rehypeRaw).use(rehypeDropRawText).use(rehypeLinks).use(rehypeSanitize, sanitizeSchema).use(rehypeA11y).freeze();
const withRaw = unified().use(rehypeRaw).use(rehypeDropRawText).use(rehypeSanitize, sanitizeSchema).use(rehypeA11y).freeze();
const withoutRaw = unified().use(rehypeSanitize, sanitizeSchema).use(rehypeA11y).freeze();

const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** Parsed and sanitized; with `links`, its links and images resolved like content's. */
function toSafeTree(text: string, links?: { options: LinkOptions; out: LinkCollector }): Root {
  const { tokens, md } = parseMarkdown(text);
  const { tree, hasRaw, truncateIndex } = tokensToHast(tokens, text, md);
  if (links) {
    const file = new VFile({ path: links.options.file });
    file.data.shipdocs = { options: links.options, out: links.out };
    return linked.runSync(tree, file) as Root;
  }
  // A `<!-- truncate -->` means nothing here; it is dropped like any comment.
  return (hasRaw || truncateIndex >= 0 ? withRaw : withoutRaw).runSync(tree) as Root;
}

/** A description's markdown to sanitized HTML (block level: paragraphs, lists, tables, code). */
export function renderDescription(markdown: string): string {
  const text = markdown.trim();
  if (text === '') return '';
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const html = stringify.stringify(toSafeTree(text)).trim();
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, html);
  return html;
}

/**
 * A short markdown or HTML snippet to sanitized inline HTML (a lone paragraph is unwrapped). With
 * `links`, its links and images are resolved like content's (baseUrl, .md files, checks).
 */
export function renderInline(text: string, links?: { options: LinkOptions; out: LinkCollector }): string {
  const tree = toSafeTree(text, links);
  const only = tree.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
  if (only.length === 1 && only[0]!.type === 'element' && only[0]!.tagName === 'p') tree.children = only[0]!.children;
  return stringify.stringify(tree).trim();
}
