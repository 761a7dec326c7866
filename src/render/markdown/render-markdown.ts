import { unified, type Plugin } from 'unified';
import rehypeSanitize from 'rehype-sanitize';
import type { Root as HastRoot, Element } from 'hast';
import { walkElements } from './walk-elements.js';
import { toString } from 'hast-util-to-string';
import { VFile } from 'vfile';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { RenderedMarkdown } from '../../shared/model.js';
import { rehypeLinks, type LinkCollector, type LinkOptions } from './rehype-links.js';
import { codeBlockElement, languageId, loadLanguageIndex, parseCodeMeta, PLAIN } from './highlight.js';
import type { HighlightService } from './highlight-service.js';
import { rehypeStructure, type StructureResult } from './rehype-structure.js';
import { sanitizeSchema } from './sanitize-schema.js';
import { parseMarkdown } from './parse-markdown.js';
import { tokensToHast } from './tokens-to-hast.js';
import { hastToHtml } from './hast-to-html.js';

export interface MarkdownOptions extends LinkOptions {
  tocMin: number;
  tocMax: number;
  stripTitle: boolean;
  /** Receives the code blocks; the HTML holds placeholders until `highlighter.fill`. */
  highlighter: HighlightService;
}

/** One frozen pipeline over the parsed tree; per-file options travel in `file.data.shipdocs`. */
const pipeline = (rawHtml: Plugin<[], HastRoot> | undefined) =>
  unified()
    // Raw HTML is parsed first, so its links and images are resolved, checked and copied too.
    .use(rawHtml ? [rawHtml] : [])
    .use(rehypeLinks)
    .use(rehypeSanitize, sanitizeSchema)
    .use(rehypeStructure)
    .use(rehypeCodeBlocks)
    .freeze();
type Pipeline = ReturnType<typeof pipeline>;
const withoutRaw = pipeline(undefined);
/**
 * Parsing raw HTML (parse5) is the slowest step, so files without any skip it; the HTML parser
 * (a quarter megabyte of code) loads only when a file has some.
 */
let withRaw: Promise<Pipeline> | undefined;
const rawPipeline = (): Promise<Pipeline> => (withRaw ??= import('rehype-raw').then((m) => pipeline(m.default as Plugin<[], HastRoot>)));

/** Stands for `<!-- truncate -->` in the tree (private-use characters, kept by every stage). */
const EXCERPT_END = '\uE010shipdocs-excerpt-end\uE011';

/** Markdown text (without front matter) to sanitized HTML with code-block placeholders, plus its structure. */
export async function renderMarkdown(markdown: string, options: MarkdownOptions): Promise<RenderedMarkdown> {
  await loadLanguageIndex();
  const diagnostics: Diagnostic[] = [];
  const collector: LinkCollector = { links: [], assets: [], diagnostics };
  const structure: StructureResult = { toc: [], title: undefined, excerpt: undefined, ids: [] };

  let parsed: ReturnType<typeof tokensToHast>;
  try {
    const { tokens, md } = parseMarkdown(markdown);
    parsed = tokensToHast(tokens, markdown, md);
  } catch (err) {
    // markdown-it accepts any text; this is a safety net for a plugin failing on odd input.
    diagnostics.push(diagnostic('SD2006', { message: (err as Error).message, file: options.file, line: 1 + options.lineOffset, column: 1 }));
    return { html: '', excerptHtml: undefined, toc: [], title: undefined, excerpt: undefined, ids: [], links: [], assets: [], diagnostics };
  }
  const { tree, hasRaw, truncateIndex } = parsed;

  const file = new VFile({ path: options.file });
  file.data.shipdocs = {
    options,
    out: collector,
    structureOptions: { tocMin: options.tocMin, tocMax: options.tocMax, stripTitle: options.stripTitle },
    structure,
  };
  const processor = hasRaw ? await rawPipeline() : withoutRaw;
  let excerptHtml: string | undefined;
  if (truncateIndex >= 0 && !hasRaw) {
    // The excerpt (blog lists) is the content before `<!-- truncate -->`: the marker goes through
    // the stages as a text node no stage touches, and the transformed tree is cut there.
    tree.children[truncateIndex] = { type: 'text', value: EXCERPT_END };
  } else if (truncateIndex >= 0) {
    // Raw HTML may open an element before the marker and close it after: the part before it is
    // rendered on its own copy, where the HTML parser closes what is left open.
    const head: HastRoot = { type: 'root', children: structuredClone(beforeBlankEnd(tree.children.slice(0, truncateIndex))) };
    const scratch = new VFile({ path: options.file });
    scratch.data.shipdocs = {
      options,
      out: { links: [], assets: [], diagnostics: [] },
      structureOptions: { tocMin: 7, tocMax: 0, stripTitle: options.stripTitle },
      structure: { toc: [], title: undefined, excerpt: undefined, ids: [] },
    };
    excerptHtml = hastToHtml(processor.runSync(head, scratch) as HastRoot);
    tree.children.splice(truncateIndex, 1);
  }
  const transformed = processor.runSync(tree, file) as HastRoot;
  if (truncateIndex >= 0 && !hasRaw) {
    const end = transformed.children.findIndex((node) => node.type === 'text' && node.value === EXCERPT_END);
    if (end < 0) throw new Error(`${options.file}: the excerpt's end was lost while rendering`);
    excerptHtml = hastToHtml({ type: 'root', children: beforeBlankEnd(transformed.children.slice(0, end)) });
    transformed.children.splice(end, 1);
  }

  return {
    html: hastToHtml(transformed),
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

/** The nodes without the line breaks that end them (those between the excerpt and the marker). */
function beforeBlankEnd<T extends HastRoot['children'][number]>(nodes: T[]): T[] {
  let end = nodes.length;
  while (end > 0 && nodes[end - 1]!.type === 'text' && (nodes[end - 1] as { value: string }).value.trim() === '') end--;
  return nodes.slice(0, end);
}

/**
 * Replaces each `<pre><code class="language-x" data-meta>` with a `.code-block` (and its title)
 * holding a placeholder; the highlighter fills it. Runs after sanitizing: its output is trusted.
 */
export function rehypeCodeBlocks() {
  return (tree: HastRoot, file: VFile): void => {
    const { options, out } = file.data.shipdocs as { options: MarkdownOptions; out: LinkCollector };
    walkElements(tree, (node, index, parent) => {
      if (node.tagName !== 'pre') return;
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
      return 'skip';
    });
  };
}
