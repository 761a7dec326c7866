import type { Root, Paragraph, PhrasingContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import remarkDirective from 'remark-directive';
import type { Processor } from 'unified';
import { visit, SKIP } from 'unist-util-visit';

import { ADMONITION_TYPES, DEFAULT_TITLES } from './admonitions.js';

const TYPES = new Set<string>(ADMONITION_TYPES);

/**
 * `:::tip Title` (the title after a space) is the common docs syntax; remark-directive wants
 * `:::tip[Title]`. Rewrites the opening lines outside code fences, keeping line numbers.
 */
function normalizeAdmonitionSyntax(markdown: string): string {
  if (!markdown.includes(':::')) return markdown;
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const f = /^\s*(`{3,}|~{3,})/.exec(line);
      if (f) {
        if (!fence) fence = f[1]![0]!.repeat(f[1]!.length);
        else if (line.trim().startsWith(fence)) fence = undefined;
        return line;
      }
      if (fence) return line;
      const m = /^(\s*:::+)([a-z]+)[ \t]+([^[{\s].*?)\s*$/.exec(line);
      return m && TYPES.has(m[2]!) ? `${m[1]}${m[2]}[${m[3]!.replace(/[[\]]/g, '\\$&')}]` : line;
    })
    .join('\n');
}

/**
 * remark-directive without its text directives (`:name[label]{attrs}` inside a line): they are
 * never ours, and they split text before GFM's autolinks see it (`mailto:a.b@c.d` would be
 * `mailto` and a directive `:a`), and lose their `{…}` when put back as text. Block directives
 * (`:::note`, `::name`) stay.
 */
export function remarkBlockDirectives(this: Processor): void {
  // Where remark-parse reads its syntax extensions from (remark-directive adds one there).
  const data = this.data() as { micromarkExtensions?: { flow?: unknown; text?: unknown }[] };
  const extensions = (data.micromarkExtensions ??= []);
  const at = extensions.length;
  remarkDirective.call(this as never);
  extensions[at] = { flow: extensions[at]!.flow };
}

/** Container directives named like an admonition become callouts; other directives turn back into text. */
export function remarkAdmonitions() {
  return (tree: Root): void => {
    visit(tree, (node, index, parent) => {
      if (node.type === 'containerDirective') {
        const d = node as ContainerDirective;
        if (!TYPES.has(d.name)) return unwrapDirective(d, index, parent);
        const first = d.children[0];
        let title: PhrasingContent[] = [{ type: 'text', value: DEFAULT_TITLES[d.name as keyof typeof DEFAULT_TITLES] }];
        if (first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
          title = (first as Paragraph).children;
          d.children.shift();
        }
        const kind = d.name === 'caution' ? 'warning' : d.name;
        d.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${kind}`], role: 'note' } };
        d.children = [
          { type: 'paragraph', children: title, data: { hName: 'p', hProperties: { className: ['admonition-title'] } } },
          { type: 'blockquote', children: d.children as never, data: { hName: 'div', hProperties: { className: ['admonition-content'] } } },
        ] as never;
        return;
      }
      if (node.type === 'leafDirective' || node.type === 'textDirective') {
        return unwrapDirective(node as LeafDirective | TextDirective, index, parent);
      }
      return;
    });
  };
}

/** `text:name[label]` that was not meant as a directive: put the characters back. */
function unwrapDirective(
  node: ContainerDirective | LeafDirective | TextDirective,
  index: number | undefined,
  parent: { children: unknown[] } | undefined,
): typeof SKIP | undefined {
  if (!parent || index === undefined) return undefined;
  const colons = node.type === 'textDirective' ? ':' : node.type === 'leafDirective' ? '::' : ':::';
  const replacement: unknown[] = [{ type: 'text', value: colons + node.name }];
  if (node.type === 'containerDirective') {
    parent.children.splice(index, 1, { type: 'paragraph', children: replacement }, ...node.children);
    return SKIP;
  }
  const label = node.children as unknown[];
  if (label.length) replacement.push({ type: 'text', value: '[' }, ...label, { type: 'text', value: ']' });
  if (node.type === 'leafDirective') parent.children.splice(index, 1, { type: 'paragraph', children: replacement });
  else parent.children.splice(index, 1, ...replacement);
  return SKIP;
}
