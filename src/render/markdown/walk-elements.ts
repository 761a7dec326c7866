import type { Element, Root } from 'hast';

// A plain depth-first walk over the elements of a hast tree. unist-util-visit builds an array of
// ancestors for every node; on a thousand-page site that allocation was a tenth of markdown time.
// Descends into any node with children (MDX's JSX nodes too).

type WithChildren = { children: unknown[] };
export type ElementVisitor = (node: Element, index: number, parent: Root | Element) => 'skip' | void;

export function walkElements(tree: Root | Element, visitor: ElementVisitor): void {
  const children = (tree as WithChildren).children as (Root['children'][number] & Partial<WithChildren>)[];
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.type === 'element' && visitor(child, i, tree) === 'skip') continue;
    // The visitor may have replaced the child: walk what is there now.
    const current = children[i] as Partial<WithChildren> | undefined;
    if (current && Array.isArray(current.children)) walkElements(current as unknown as Element, visitor);
  }
}
