import MarkdownIt from 'markdown-it';
import type { MarkdownIt as MarkdownItInstance, Token } from 'markdown-it';
import markdownItFootnote from 'markdown-it-footnote';
import markdownItContainer from 'markdown-it-container';
import { ADMONITION_OPENING } from './admonitions.js';
import { markdownItGfm } from './markdown-it-gfm.js';

// The parser of `.md` files and OpenAPI descriptions: markdown-it with the GFM parts (tables,
// strikethrough, autolinks, task lists, footnotes) and admonitions: an order of magnitude faster
// than micromark on our content (bench/README.md), which decides whether a large site's build
// takes seconds or tens of them, as VitePress found. It only tokenizes: tokens become hast
// (tokens-to-hast.ts), and the unified/rehype stages after it are the same as before.
// MDX files keep @mdx-js/mdx (micromark), which they need for JSX and expressions.

function create(options: { html: boolean }): MarkdownItInstance {
  // GFM's autolinks are ours (markdown-it-gfm.ts): linkify-it links more than GFM does (bare
  // domains, `ftp:`, e-mail addresses ending in `-`) and its fuzzy search is slow.
  const md = new MarkdownIt('default', { html: options.html, linkify: false, typographer: false });
  md.use(markdownItGfm);
  // Every URL reaches the link stage, which reports unsafe ones (SD2012) and drops them;
  // rehype-sanitize then checks again.
  md.validateLink = () => true;
  md.use(markdownItFootnote);
  md.use(markdownItContainer, 'admonition', { validate: (params: string) => ADMONITION_OPENING.test(params.trim()) });
  return md;
}

/** Content files: raw HTML allowed (it is parsed and sanitized later). */
const content = create({ html: true });

export interface ParsedMarkdown {
  tokens: Token[];
  /** The parser, for inline rendering of titles (admonitions). */
  md: MarkdownItInstance;
}

export function parseMarkdown(markdown: string): ParsedMarkdown {
  return { tokens: content.parse(markdown, {}), md: content };
}
