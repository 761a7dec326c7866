import type { createProcessor } from '@mdx-js/mdx';
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
const MAYBE_COMMENT = /<!--|^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+|\d+[.)][ \t]+)?\[(?:\/\/|comment)\]:/im;
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
