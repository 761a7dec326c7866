import type { Link, PhrasingContent, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { findAutolinks } from './gfm-autolinks.js';

// remark-gfm links `mailto:a@b.c` as the text `mailto:` and a link to `a@b.c`, and the address in
// `xmpp:a@b.c` too. GFM links `mailto:a@b.c` whole, and content may not link to xmpp: at all
// (HARDENING.md). Where text ending in one of these schemes meets an autolink, that stretch of the
// paragraph is linked again by the rules of `.md` pages (gfm-autolinks.ts), so both agree.

const SCHEME_END = /(?:mailto|xmpp):$/i;

/** An autolink literal: a bare address that became a link (not `[text](url)`). */
function isLiteral(node: PhrasingContent | undefined, source: string): node is Link {
  if (node?.type !== 'link' || node.children.length !== 1 || node.children[0]!.type !== 'text') return false;
  const start = node.position?.start.offset;
  return start === undefined || source[start] !== '[';
}

const plain = (node: PhrasingContent): string =>
  node.type === 'text' ? node.value : node.type === 'link' ? (node.children[0] as { value: string }).value : '';

export function remarkGfmAutolinks() {
  return (tree: Root, file: VFile): void => {
    const source = String(file.value);
    visit(tree, (node) => {
      if (!('children' in node)) return;
      const children = node.children as PhrasingContent[];
      for (let i = 0; i < children.length; i++) {
        const first = children[i]!;
        if (first.type !== 'text' || !SCHEME_END.test(first.value) || !isLiteral(children[i + 1], source)) continue;
        let end = i + 1;
        while (end < children.length && (children[end]!.type === 'text' || isLiteral(children[end], source))) end++;
        const offset = first.position?.start.offset;
        const previous = offset ? (source[offset - 1] ?? '') : '';
        const relinked: PhrasingContent[] = findAutolinks(children.slice(i, end).map(plain).join(''), previous).map((s) =>
          s.type === 'text' ? { type: 'text', value: s.value } : { type: 'link', url: s.url, title: null, children: [{ type: 'text', value: s.value }] },
        );
        children.splice(i, end - i, ...relinked);
        i += relinked.length - 1;
      }
    });
  };
}
