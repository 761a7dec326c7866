import type { createProcessor } from '@mdx-js/mdx';
import MarkdownIt from 'markdown-it';
import type { MarkdownIt as MarkdownItInstance } from 'markdown-it';
import type { Root, RootContent } from 'mdast';

// Comments are for a page's authors: the HTML page drops them (the sanitizer drops HTML comments,
// a link reference definition renders nothing, an MDX comment is not rendered), so every Markdown
// the site publishes (twins, llms-full.txt, `shipdocs mcp`, the API exports) drops them too. They
// are found in the parser's tree, never by a pattern over the text, so a comment written inside a
// code block or an inline code span stays: there it is content.

type Parser = ReturnType<typeof createProcessor>;

/** @mdx-js/mdx's processors (remark-parse, plus remark-mdx for `.mdx`): loaded on first need, as most sites hold no comment. */
let parsers: { markdown: Parser; mdx: Parser } | undefined;

/** Loads the parser `withoutComments` needs for a text `mayHoldComments` says yes to. */
export async function loadCommentParser(): Promise<void> {
  if (parsers) return;
  const { createProcessor } = await import('@mdx-js/mdx');
  parsers ??= { markdown: createProcessor({ format: 'md' }), mdx: createProcessor({ format: 'mdx' }) };
}

/** The cheap test: most files hold no comment, and parsing them again would cost time for nothing. */
const MAYBE_DEFINITION = /^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+|\d+[.)][ \t]+)?\[(?:\/\/|comment)\]:/im;
const MAYBE_COMMENT = new RegExp(`<!--|${MAYBE_DEFINITION.source}`, 'im');
const MAYBE_MDX_COMMENT = /\{\s*\/[*/]/;

/** Whether `markdown` may hold a comment (false: it holds none, and `withoutComments` returns it as it is). */
export function mayHoldComments(markdown: string, options: { mdx?: boolean | undefined } = {}): boolean {
  return MAYBE_COMMENT.test(markdown) || (options.mdx === true && MAYBE_MDX_COMMENT.test(markdown));
}

/** An HTML comment, closed or running to the end (`<!-->` and `<!--->` are empty comments). */
const HTML_COMMENT = /<!--(?:-?>|[\s\S]*?-->|[\s\S]*$)/g;
/** JavaScript comments: what an MDX expression holding only them is made of. */
const JS_COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

/** Link reference definitions used as comments: `[//]: # (…)`, `[comment]: <> (…)`. */
const COMMENT_LABELS = new Set(['//', 'comment']);

/**
 * `markdown` without its comments: HTML comments (in an HTML block, inline HTML, or as the whole
 * node), link reference definitions labelled `//` or `comment`, and in MDX (`mdx`) expressions
 * holding only comments (`{/* … *\/}`). What is left keeps its lines, but for those that held
 * only a comment. `loadCommentParser` first, when `mayHoldComments`.
 */
export function withoutComments(markdown: string, options: { mdx?: boolean | undefined } = {}): string {
  const mdx = options.mdx === true;
  if (!mayHoldComments(markdown, options)) return markdown;
  return (mdx ? undefined : ownLineComments(markdown)) ?? parsedWithoutComments(markdown, mdx);
}

/** CommonMark's block structure, by markdown-it (an order of magnitude faster than the parser below). */
let blocks: MarkdownItInstance | undefined;

/**
 * A Markdown text whose comments are all HTML blocks of their own at its top level (a blog post's
 * `<!-- truncate -->`, most often) without those lines: the same as `parsedWithoutComments`, read
 * from markdown-it's blocks. Undefined for any other text, which the parser below reads (a test
 * holds the two equal).
 */
export function ownLineComments(markdown: string): string | undefined {
  if (markdown.includes('\r') || MAYBE_DEFINITION.test(markdown)) return undefined;
  blocks ??= new MarkdownIt('commonmark');
  const lineStarts = [0];
  for (let i = markdown.indexOf('\n'); i >= 0; i = markdown.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const edits: [number, number, string][] = [];
  let found = 0;
  for (const token of blocks.parse(markdown, {})) {
    if (token.type !== 'html_block' || !token.content.includes('<!--')) continue;
    if (token.level !== 0 || !token.map || token.content.replace(HTML_COMMENT, '').trim() !== '') return undefined;
    const [first, next] = token.map;
    const end = (lineStarts[next] ?? markdown.length + 1) - 1;
    edits.push(wholeLines(markdown, lineStarts[first]!, end));
    found += token.content.split('<!--').length - 1;
  }
  // A comment anywhere else (inline, in a list or a quote, in code) is for the parser to find.
  if (found !== markdown.split('<!--').length - 1) return undefined;
  return applied(markdown, edits);
}

/** `withoutComments`, from the tree of @mdx-js/mdx's parser (exported for the test that holds the two readings equal). */
export function parsedWithoutComments(markdown: string, mdx: boolean): string {
  if (!parsers) throw new Error('withoutComments: call loadCommentParser first');
  let tree: Root;
  try {
    tree = (mdx ? parsers.mdx : parsers.markdown).parse(markdown) as Root;
  } catch {
    // An MDX file that does not parse does not build either (its diagnostic says why); the
    // Markdown parser reads any text.
    tree = parsers.markdown.parse(markdown) as Root;
  }
  // [start, end, replacement] in source order: the tree's nodes come in order and do not overlap.
  const edits: [number, number, string][] = [];
  const visit = (nodes: readonly RootContent[]): void => {
    for (const node of nodes) {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined) continue;
      if (node.type === 'html') {
        const source = markdown.slice(start, end);
        const kept = source.replace(HTML_COMMENT, '');
        if (kept !== source) edits.push(kept.trim() === '' ? wholeLines(markdown, start, end) : [start, end, kept]);
      } else if (node.type === 'definition' && COMMENT_LABELS.has((node.label ?? node.identifier).trim().toLowerCase())) {
        edits.push(wholeLines(markdown, start, end));
      } else if ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && node.value.replace(JS_COMMENTS, '').trim() === '') {
        edits.push(wholeLines(markdown, start, end));
      } else if ('children' in node) {
        visit(node.children as RootContent[]);
      }
    }
  };
  visit(tree.children);
  return applied(markdown, edits);
}

/** `markdown` with its edits ([start, end, replacement], in source order, not overlapping) made. */
function applied(markdown: string, edits: readonly [number, number, string][]): string {
  if (!edits.length) return markdown;
  let out = '';
  let at = 0;
  for (const [start, end, replacement] of edits) {
    if (start < at) continue;
    out += markdown.slice(at, start) + replacement;
    at = end;
  }
  return out + markdown.slice(at);
}

/**
 * The removal of a node from `start` to `end`: with its line break when nothing else is on its
 * lines, so a comment on a line of its own leaves no line behind.
 */
function wholeLines(markdown: string, start: number, end: number): [number, number, string] {
  const lineStart = markdown.lastIndexOf('\n', start - 1) + 1;
  const before = markdown.slice(lineStart, start);
  const rest = /^[ \t]*(?:\r?\n|$)/.exec(markdown.slice(end, end + 200));
  if (/^[ \t]*$/.test(before) && rest) return [lineStart, end + rest[0].length, ''];
  return [start, end, ''];
}
