import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import type { Root } from 'hast';
import { sanitizeSchema } from './sanitize-schema.js';

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize, sanitizeSchema)
  .use(unwrapParagraph)
  .use(rehypeStringify)
  .freeze();

/** A short markdown or HTML snippet (announcement bar, descriptions) to sanitized inline HTML. */
export function renderInline(text: string): string {
  return String(processor.processSync(text)).trim();
}

function unwrapParagraph() {
  return (tree: Root): void => {
    const only = tree.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
    if (only.length === 1 && only[0]!.type === 'element' && only[0]!.tagName === 'p') tree.children = only[0]!.children;
  };
}
