import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { diagnostic } from '../../shared/diagnostics.js';
import { DROPPED_PLACEHOLDER, DROPPED_TAGS } from './markdown-it-gfm.js';
import type { LinkCollector, LinkOptions } from './rehype-links.js';

// Raw HTML elements a page never keeps: the browser reads their content as code (`<script>`,
// `<style>`) or as text (`<textarea>`, `<title>`, …), so a page that showed them would either run
// the author's code outside the site's islands or print HTML source. GFM's tag filter writes them
// as text; we drop them, with a warning at their line, in `.md` and `.mdx` alike. In `.md` the
// parser has already cut them out (markdown-it-gfm.ts: parsed as HTML, an open one would swallow
// what follows) and left a placeholder where each stood; in `.mdx` they are JSX elements.
const DROPPED: ReadonlySet<string> = new Set(DROPPED_TAGS);

type Parent = { children: unknown[] };
type Node = { type: string; tagName?: string; name?: string | null; children?: unknown[]; position?: Element['position'] };

/**
 * Removes the elements of DROPPED_TAGS (hast elements and MDX JSX elements) with their content,
 * reporting each (SD2020) at its position when the file collects diagnostics.
 */
export function rehypeDropRawText() {
  return (tree: Root, file: VFile): void => {
    const data = file.data.shipdocs as { options: Pick<LinkOptions, 'file' | 'lineOffset'>; out: LinkCollector } | undefined;
    drop(tree as unknown as Parent, (node, tag) => {
      if (!data) return;
      data.out.diagnostics.push(
        diagnostic('SD2020', {
          message: `<${tag}> removed with its content: a page keeps no <${tag}> from content. Show code in a fenced code block; scripts and styles belong to the site (islands, customCss).`,
          file: data.options.file,
          line: (node.position?.start.line ?? 1) + data.options.lineOffset,
          column: node.position?.start.column ?? 1,
        }),
      );
    });
  };
}

function drop(parent: Parent, report: (node: Node, tag: string) => void): void {
  const kept: unknown[] = [];
  for (const child of parent.children as Node[]) {
    const tag = droppedTag(child);
    if (tag !== undefined) {
      report(child, tag);
      continue;
    }
    if (Array.isArray(child.children)) drop(child as Parent, report);
    kept.push(child);
  }
  if (kept.length !== parent.children.length) parent.children = kept;
}

function droppedTag(node: Node): string | undefined {
  if (node.type === 'element') {
    if (node.tagName === DROPPED_PLACEHOLDER) return String((node as unknown as Element).properties.dataTag ?? 'script');
    return DROPPED.has(node.tagName!) ? node.tagName : undefined;
  }
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
    const tag = node.name.toLowerCase();
    return DROPPED.has(tag) ? tag : undefined;
  }
  return undefined;
}
