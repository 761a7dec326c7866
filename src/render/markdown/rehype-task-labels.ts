import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { walkElements } from './walk-elements.js';

// A task-list checkbox (`- [x] Ship it`) is named by its task's text, as screen readers need
// (GitHub names it the same way): without a name, it reads as "checkbox, checked" alone.

const MAX_LABEL = 120;

/** Gives every task-list checkbox an `aria-label`: the text of its item, without nested lists. */
export function rehypeTaskLabels() {
  return (tree: Root): void => {
    walkElements(tree, (node) => {
      const classes = node.properties.className;
      if (node.tagName !== 'li' || !Array.isArray(classes) || !classes.includes('task-list-item')) return;
      const box = findCheckbox(node);
      if (!box) return;
      const own: Element = { ...node, children: node.children.filter((c) => !(c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol'))) };
      const text = toString(own).replace(/\s+/g, ' ').trim();
      if (text) box.properties.ariaLabel = text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
    });
  };
}

/** The item's own checkbox: a direct child, or the first child of its first paragraph. */
function findCheckbox(item: Element): Element | undefined {
  for (const child of item.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'input' && child.properties.type === 'checkbox') return child;
    if (child.tagName === 'p')
      return child.children.find((c): c is Element => c.type === 'element' && c.tagName === 'input' && c.properties.type === 'checkbox');
  }
  return undefined;
}
