import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { walkElements } from './walk-elements.js';

// What the content's own elements need for screen readers and keyboards, added after sanitizing:
// - a task-list checkbox (`- [x] Ship it`) is named by its task's text; without a name it reads
//   as "checkbox, checked" alone;
// - a table or a code block scrolls sideways when it is wider than the page (the stylesheet), so
//   it can be focused to scroll it by keyboard (highlighted code blocks are focusable already,
//   highlight-themes.ts; the plain ones of OpenAPI descriptions are not highlighted).

const MAX_LABEL = 120;

/** Names task-list checkboxes and makes tables and code blocks focusable. */
export function rehypeA11y() {
  return (tree: Root): void => {
    walkElements(tree, (node) => {
      if (node.tagName === 'table' || node.tagName === 'pre') node.properties.tabIndex = 0;
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
