import { createProcessor } from '@mdx-js/mdx';
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';

/** A path written in a doc: an import's module specifier, or a link's, image's or definition's URL. */
export interface WrittenPath {
  kind: 'import' | 'url';
  value: string;
  /** Offsets of the path as written in the body (for an import, the string literal with its quotes). */
  start: number;
  end: number;
}

/**
 * The paths a markdown or MDX body refers to, with their offsets, for tools that rewrite them
 * (docs version snapshots). Paths in code blocks and inline code are text and are not listed.
 * Undefined when the body does not parse: the build reports that.
 */
export function pathsIn(body: string, mdx: boolean): WrittenPath[] | undefined {
  let tree: Root;
  try {
    tree = createProcessor({ format: mdx ? 'mdx' : 'md' }).parse(body) as Root;
  } catch {
    return undefined;
  }
  const out: WrittenPath[] = [];
  visit(tree, (node) => {
    if (node.type === 'mdxjsEsm') {
      const stmts = (node.data as { estree?: { body: { source?: { value: string; start: number; end: number } }[] } } | undefined)?.estree?.body ?? [];
      for (const { source } of stmts) if (source) out.push({ kind: 'import', value: source.value, start: source.start, end: source.end });
      return;
    }
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.position) {
      const url = (node as { url: string }).url;
      const from = node.position.start.offset!;
      // The url as written sits after "](" (links, images) or ":" (definitions): the last match.
      const index = body.slice(from, node.position.end.offset).lastIndexOf(url);
      if (url && index >= 0) out.push({ kind: 'url', value: url, start: from + index, end: from + index + url.length });
    }
  });
  return out;
}
