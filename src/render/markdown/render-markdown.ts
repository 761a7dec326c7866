import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import type { Root as MdastRoot, Code } from 'mdast';
import type { Root as HastRoot, Element } from 'hast';
import { visit, EXIT, SKIP } from 'unist-util-visit';
import { toString } from 'hast-util-to-string';
import { VFile } from 'vfile';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { RenderedMarkdown } from '../../shared/model.js';
import { normalizeAdmonitionSyntax, remarkAdmonitions } from './remark-admonitions.js';
import { remarkLinks, type LinkCollector, type LinkOptions } from './remark-links.js';
import { codeBlockElement, languageId, loadLanguageIndex, parseCodeMeta, PLAIN } from './highlight.js';
import type { HighlightService } from './highlight-service.js';
import { rehypeStructure, type StructureResult } from './rehype-structure.js';
import { sanitizeSchema } from './sanitize-schema.js';

export interface MarkdownOptions extends LinkOptions {
  tocMin: number;
  tocMax: number;
  stripTitle: boolean;
  /** Receives the code blocks; the HTML holds placeholders until `highlighter.fill`. */
  highlighter: HighlightService;
}

/** Ends a blog post's excerpt. */
const TRUNCATE = /^<!--\s*truncate\s*-->$/;

const parser = unified().use(remarkParse).use(remarkGfm).freeze();
/** Directive syntax costs on every character; only files that hold `:::` pay for it. */
const directiveParser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();
const toHtml = unified().use(rehypeStringify, { allowDangerousHtml: true }).freeze();
/** One frozen pipeline; per-file options travel in `file.data.shipdocs`. */
const pipeline = (withRawHtml: boolean) =>
  unified()
    .use(remarkAdmonitions)
    .use(remarkLinks)
    .use(keepCodeMeta)
    .use(remarkRehype, { allowDangerousHtml: withRawHtml })
    .use(withRawHtml ? [rehypeRaw] : [])
    .use(rehypeSanitize, sanitizeSchema)
    .use(rehypeStructure)
    .use(rehypeCodeBlocks)
    .freeze();
/** Parsing raw HTML (parse5) is the slowest step, so files without any skip it. */
const withRaw = pipeline(true);
const withoutRaw = pipeline(false);

/** Markdown text (without front matter) to sanitized, highlighted HTML plus its structure. */
export async function renderMarkdown(markdown: string, options: MarkdownOptions): Promise<RenderedMarkdown> {
  await loadLanguageIndex();
  const diagnostics: Diagnostic[] = [];
  const collector: LinkCollector = { links: [], assets: [], diagnostics };
  const structure: StructureResult = { toc: [], title: undefined, excerpt: undefined, ids: [] };

  let mdast: MdastRoot;
  try {
    mdast = /^\s*:::/m.test(markdown) ? directiveParser.parse(normalizeAdmonitionSyntax(markdown)) : parser.parse(markdown);
  } catch (err) {
    const e = err as { line?: number; column?: number; reason?: string; message: string };
    diagnostics.push(diagnostic('SD2006', { message: e.reason ?? e.message, file: options.file, line: (e.line ?? 1) + options.lineOffset, column: e.column ?? 1 }));
    return { html: '', excerptHtml: undefined, toc: [], title: undefined, excerpt: undefined, ids: [], links: [], assets: [], diagnostics };
  }

  const file = new VFile({ path: options.file });
  file.data.shipdocs = {
    options,
    out: collector,
    structureOptions: { tocMin: options.tocMin, tocMax: options.tocMax, stripTitle: options.stripTitle },
    structure,
  };
  let hasHtml = false;
  visit(mdast, 'html', (node) => {
    if (TRUNCATE.test(node.value)) return undefined;
    hasHtml = true;
    return EXIT;
  });
  const processor = hasHtml ? withRaw : withoutRaw;
  const marker = mdast.children.findIndex((n) => n.type === 'html' && TRUNCATE.test(n.value));
  let excerptHtml: string | undefined;
  if (marker >= 0) {
    // The excerpt (blog lists) is the content before `<!-- truncate -->`, rendered on its own copy.
    const head: MdastRoot = { type: 'root', children: structuredClone(mdast.children.slice(0, marker)) };
    const scratch = new VFile({ path: options.file });
    scratch.data.shipdocs = {
      options,
      out: { links: [], assets: [], diagnostics: [] },
      structureOptions: { tocMin: 7, tocMax: 0, stripTitle: options.stripTitle },
      structure: { toc: [], title: undefined, excerpt: undefined, ids: [] },
    };
    excerptHtml = toHtml.stringify(processor.runSync(head, scratch) as HastRoot);
    mdast.children.splice(marker, 1);
  }
  const transformed = processor.runSync(mdast, file) as HastRoot;

  return {
    html: toHtml.stringify(transformed),
    excerptHtml,
    toc: structure.toc,
    title: structure.title,
    excerpt: structure.excerpt,
    ids: structure.ids,
    links: collector.links,
    assets: collector.assets,
    diagnostics,
  };
}

/** Carries a fence's meta string (title, highlighted lines) to the highlighter as data-meta. */
export function keepCodeMeta() {
  return (tree: MdastRoot): void => {
    visit(tree, 'code', (node: Code) => {
      if (node.meta) node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), dataMeta: node.meta } };
    });
  };
}

/**
 * Replaces each `<pre><code class="language-x" data-meta>` with a `.code-block` (and its title)
 * holding a placeholder; the highlighter fills it. Runs after sanitizing: its output is trusted.
 */
export function rehypeCodeBlocks() {
  return (tree: HastRoot, file: VFile): void => {
    const { options, out } = file.data.shipdocs as { options: MarkdownOptions; out: LinkCollector };
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code) return;
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const written = (classes.find((c) => c.startsWith('language-'))?.slice(9) ?? '').toLowerCase();
      const meta = parseCodeMeta(code.properties.dataMeta as string | undefined);
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
      const text = toString(code).replace(/\n$/, '');
      const placeholder = options.highlighter.add({ code: text, lang, written: PLAIN.has(written) ? 'text' : written, highlight: [...meta.highlight] });
      parent.children[index] = codeBlockElement(meta, placeholder);
      return SKIP;
    });
  };
}
