import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { diagnostic } from '../../shared/diagnostics.js';
import { codeCopyHtml } from '../../components/content/code-copy.js';
import type { CodeHighlighter } from './highlight-code.js';
import { languageId, parseCodeMeta, PLAIN, type CodeMeta, type HighlightJob } from './highlight.js';
import type { LinkCollector, LinkOptions } from './rehype-links.js';
import { walkElements } from './walk-elements.js';

interface CodeBlockOptions extends Pick<LinkOptions, 'file' | 'lineOffset'> {
  highlighter: CodeHighlighter;
  /**
   * How the highlighted HTML goes into the tree: a `raw` node (markdown, serialized as HTML) or
   * a JSX element with that HTML as its inner HTML (MDX, whose tree becomes JavaScript).
   */
  codeAs: 'raw' | 'jsx';
}

/**
 * Replaces each `<pre><code class="language-x" data-meta>` with a `.code-block` (its title, then
 * the highlighted `<pre>`). Runs after sanitizing: its output is trusted. The blocks of a file are
 * highlighted together, in the worker pool, while other files are parsed.
 */
export function rehypeCodeBlocks() {
  return async (tree: Root, file: VFile): Promise<void> => {
    const { options, out } = file.data.shipdocs as { options: CodeBlockOptions; out: LinkCollector };
    const blocks: { parent: Root | Element; index: number; meta: CodeMeta; job: HighlightJob }[] = [];
    walkElements(tree, (node, index, parent) => {
      if (node.tagName !== 'pre') return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code) return;
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const written = (classes.find((c) => c.startsWith('language-'))?.slice(9) ?? '').toLowerCase();
      let lang = languageId(written);
      if (!lang) {
        lang = 'text';
        out.diagnostics.push(
          diagnostic('SD2011', {
            message: `Unknown code block language "${written}"; shown without highlighting.`,
            file: options.file,
            line: (node.position?.start.line ?? 1) + options.lineOffset,
            column: node.position?.start.column ?? 1,
          }),
        );
      }
      const meta = parseCodeMeta(code.properties.dataMeta as string | undefined);
      const job = { code: toString(code).replace(/\n$/, ''), lang, written: PLAIN.has(written) ? 'text' : written, highlight: [...meta.highlight] };
      blocks.push({ parent, index, meta, job });
      return 'skip';
    });
    const highlighted = await Promise.all(blocks.map((b) => options.highlighter.highlight(b.job)));
    blocks.forEach(({ parent, index, meta }, i) => {
      parent.children[index] = codeBlock(meta, highlighted[i]!, options.codeAs) as Element;
    });
  };
}

/** A `.code-block`: its title, the highlighted `<pre>` and its copy button. */
function codeBlock(meta: CodeMeta, html: string, as: CodeBlockOptions['codeAs']): RootContent {
  const className = ['code-block', ...(meta.showLineNumbers ? ['line-numbers'] : [])];
  const title: Element | undefined = meta.title
    ? { type: 'element', tagName: 'div', properties: { className: ['code-block-title'] }, children: [{ type: 'text', value: meta.title }] }
    : undefined;
  // The copy button follows the code, so a screen reader meets the code first.
  if (as === 'raw') {
    const children: ElementContent[] = [...(title ? [title] : []), { type: 'raw', value: html + codeCopyHtml() } as unknown as ElementContent];
    return { type: 'element', tagName: 'div', properties: { className }, children };
  }
  return jsxWithInnerHtml('div', className.join(' '), (title ? toHtml(title) : '') + html + codeCopyHtml());
}

/** `<name className={className} dangerouslySetInnerHTML={{ __html: html }} />` as an MDX JSX node. */
function jsxWithInnerHtml(name: string, className: string, html: string): RootContent {
  const inner = {
    type: 'ObjectExpression',
    properties: [
      {
        type: 'Property',
        key: { type: 'Identifier', name: '__html' },
        value: { type: 'Literal', value: html },
        kind: 'init',
        computed: false,
        method: false,
        shorthand: false,
      },
    ],
  };
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: [
      { type: 'mdxJsxAttribute', name: 'className', value: className },
      {
        type: 'mdxJsxAttribute',
        name: 'dangerouslySetInnerHTML',
        value: {
          type: 'mdxJsxAttributeValueExpression',
          value: '',
          data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: inner }] } },
        },
      },
    ],
    children: [],
  } as unknown as RootContent;
}
