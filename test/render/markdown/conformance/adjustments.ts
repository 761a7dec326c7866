import type { Element, Root } from 'hast';
import type { Pipeline } from './render-examples.js';

// What our pages add to the HTML the specs expect, by design, taken off before comparing. Each is
// a category of deliberate difference; the test fails when one no longer changes any example.

export interface Adjustment {
  name: string;
  reason: string;
  pipelines: readonly Pipeline[];
  /** Takes the addition off `tree`; true when there was one. */
  apply(tree: Root): boolean;
}

type Parent = Root | Element;

/** Calls `fn` on every element; `fn` may replace the element's place in its parent by returning children. */
function eachElement(parent: Parent, fn: (el: Element) => Element['children'] | void): void {
  for (let i = 0; i < parent.children.length; i++) {
    const child = parent.children[i]!;
    if (child.type !== 'element') continue;
    const replacement = fn(child);
    if (replacement) {
      parent.children.splice(i, 1, ...(replacement as never[]));
      i--;
      continue;
    }
    eachElement(child, fn);
  }
}

const classes = (el: Element): string[] => (Array.isArray(el.properties.className) ? (el.properties.className as string[]) : []);

export const ADJUSTMENTS: readonly Adjustment[] = [
  {
    name: 'code-block',
    reason: 'a code block is a `.code-block` (room for its title) around the highlighted `<pre>`, with a copy button after it',
    pipelines: ['md', 'mdx'],
    apply(tree) {
      let changed = false;
      eachElement(tree, (el) => {
        if (el.tagName !== 'div' || !classes(el).includes('code-block')) return;
        changed = true;
        const copy = (c: Element['children'][number]): boolean =>
          c.type === 'element' && ['dataCodeCopy', 'dataCodeCopyStatus', 'dataCodeCopied'].some((p) => c.properties[p] !== undefined);
        return el.children.filter((c) => !copy(c));
      });
      return changed;
    },
  },
  {
    name: 'heading-anchor',
    reason: 'headings get a GitHub-style id and a "#" link to it',
    pipelines: ['md', 'mdx'],
    apply(tree) {
      let changed = false;
      eachElement(tree, (el) => {
        if (/^h[1-6]$/.test(el.tagName) && el.properties.id !== undefined) {
          delete el.properties.id;
          changed = true;
        }
        if (el.tagName === 'a' && classes(el).includes('hash-link')) return [];
      });
      return changed;
    },
  },
  {
    name: 'external-link',
    reason: 'links to other sites open in a new tab, without an opener or a referrer',
    pipelines: ['md', 'mdx'],
    apply(tree) {
      let changed = false;
      eachElement(tree, (el) => {
        if (el.tagName === 'a' && el.properties.target === '_blank') {
          delete el.properties.target;
          delete el.properties.rel;
          changed = true;
        }
      });
      return changed;
    },
  },
  {
    name: 'focusable-scroller',
    reason: 'a table or a preformatted block that scrolls sideways can be focused to scroll it by keyboard',
    pipelines: ['md', 'mdx'],
    apply(tree) {
      let changed = false;
      eachElement(tree, (el) => {
        if ((el.tagName === 'table' || el.tagName === 'pre') && el.properties.tabIndex !== undefined) {
          delete el.properties.tabIndex;
          changed = true;
        }
      });
      return changed;
    },
  },
  {
    name: 'task-checkbox-name',
    reason: 'a task-list checkbox is named by its task, for screen readers',
    pipelines: ['md', 'mdx'],
    apply(tree) {
      let changed = false;
      eachElement(tree, (el) => {
        if (el.tagName === 'input' && el.properties.ariaLabel !== undefined) {
          delete el.properties.ariaLabel;
          changed = true;
        }
      });
      return changed;
    },
  },
  {
    name: 'task-list-class',
    reason: "task lists and their items carry GitHub's classes (`contains-task-list`, `task-list-item`)",
    pipelines: ['md', 'mdx'],
    apply(tree) {
      let changed = false;
      eachElement(tree, (el) => {
        const kept = classes(el).filter((c) => c !== 'contains-task-list' && c !== 'task-list-item');
        if (kept.length === classes(el).length) return;
        changed = true;
        if (kept.length) el.properties.className = kept;
        else delete el.properties.className;
      });
      return changed;
    },
  },
  {
    name: 'cell-align-style',
    reason: 'React cannot write `align`: MDX aligns table cells with `style="text-align:…"`, which browsers render alike',
    pipelines: ['mdx'],
    apply(tree) {
      let changed = false;
      eachElement(tree, (el) => {
        const align = /^text-align:\s*(left|right|center)$/.exec(String(el.properties.style ?? ''));
        if ((el.tagName !== 'th' && el.tagName !== 'td') || !align) return;
        delete el.properties.style;
        el.properties.align = align[1]!;
        changed = true;
      });
      return changed;
    },
  },
  {
    name: 'image-preload',
    reason: 'React 19 puts a `<link rel="preload" as="image">` before the first images it renders',
    pipelines: ['mdx'],
    apply(tree) {
      let changed = false;
      eachElement(tree, (el) => {
        if (el.tagName !== 'link' || el.properties.as !== 'image') return;
        changed = true;
        return [];
      });
      return changed;
    },
  },
  {
    name: 'react-text-separator',
    reason: 'React writes `<!-- -->` between adjacent texts',
    pipelines: ['mdx'],
    apply(tree) {
      let changed = false;
      const strip = (parent: Parent): void => {
        const children = parent.children as Root['children'];
        const kept = children.filter((c) => !(c.type === 'comment' && c.value === ' '));
        if (kept.length !== children.length) changed = true;
        parent.children = kept as never;
        for (const c of kept) if (c.type === 'element') strip(c);
      };
      strip(tree);
      return changed;
    },
  },
];
