import { unified, type Plugin } from 'unified';
import rehypeSanitize from 'rehype-sanitize';
import type { Root as HastRoot, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { VFile } from 'vfile';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { RenderedMarkdown } from '../../shared/content-model.js';
import { rehypeLinks, type LinkCollector, type LinkOptions } from './rehype-links.js';
import { loadLanguageIndex } from './highlight.js';
import type { CodeHighlighter } from './highlight-code.js';
import { rehypeCodeBlocks } from './rehype-code-blocks.js';
import { rehypeStructure, type StructureOptions, type StructureResult } from './rehype-structure.js';
import { sanitizeSchema } from './sanitize-schema.js';
import { parseMarkdown } from './parse-markdown.js';
import { tokensToHast } from './tokens-to-hast.js';
import { rehypeA11y } from './rehype-a11y.js';
import { rehypeDropRawText } from './rehype-drop-raw-text.js';

export interface MarkdownOptions extends LinkOptions, StructureOptions {
  highlighter: CodeHighlighter;
}

/** One frozen pipeline over the parsed tree; per-file options travel in `file.data.shipdocs`. */
const pipeline = (rawHtml: Plugin<[], HastRoot> | undefined) =>
  unified()
    // Raw HTML is parsed first, so its links and images are resolved, checked and copied too;
    // the elements content never keeps (`<script>`, `<style>`, `<textarea>`…) go with a warning.
    .use(rawHtml ? [rawHtml, rehypeDropRawText] : [])
    .use(rehypeLinks)
    .use(rehypeSanitize, sanitizeSchema)
    .use(rehypeA11y)
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

/** Markdown text (without front matter) to sanitized, highlighted HTML, plus its structure. */
export async function renderMarkdown(markdown: string, options: MarkdownOptions): Promise<RenderedMarkdown> {
  await loadLanguageIndex();
  const diagnostics: Diagnostic[] = [];
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
  const processor = hasRaw ? await rawPipeline() : withoutRaw;
  // A blog post's excerpt (its lists) is the part before `<!-- truncate -->`, rendered on its own
  // copy: when raw HTML opens an element before the marker, the HTML parser closes it there.
  const excerpt = truncateIndex < 0 ? undefined : { type: 'root' as const, children: structuredClone(beforeBlankEnd(tree.children.slice(0, truncateIndex))) };
  if (truncateIndex >= 0) tree.children.splice(truncateIndex, 1);

  const collector: LinkCollector = { links: [], assets: [], diagnostics };
  const structure: StructureResult = { toc: [], title: undefined, excerpt: undefined, ids: [] };
  const [transformed, excerptTree] = await Promise.all([
    processor.run(tree, fileFor(options, collector, options, structure)),
    excerpt &&
      processor.run(
        excerpt,
        fileFor(
          options,
          { links: [], assets: [], diagnostics: [] },
          { ...options, tocMin: 7, tocMax: 0 },
          { toc: [], title: undefined, excerpt: undefined, ids: [] },
        ),
      ),
  ]);
  return {
    html: toHtml(transformed, { allowDangerousHtml: true }),
    excerptHtml: excerptTree && toHtml(excerptTree, { allowDangerousHtml: true }),
    toc: structure.toc,
    title: structure.title,
    excerpt: structure.excerpt,
    ids: structure.ids,
    links: collector.links,
    assets: collector.assets,
    diagnostics,
  };
}

/** The file the pipeline's stages read their options from and write their findings to. */
function fileFor(options: MarkdownOptions, out: LinkCollector, structureOptions: StructureOptions, structure: StructureResult): VFile {
  const file = new VFile({ path: options.file });
  file.data.shipdocs = { options: { ...options, codeAs: 'raw' }, out, structureOptions, structure };
  return file;
}

/** The nodes without the line breaks that end them (those between the excerpt and the marker). */
function beforeBlankEnd(nodes: RootContent[]): RootContent[] {
  let end = nodes.length;
  while (end > 0 && nodes[end - 1]!.type === 'text' && (nodes[end - 1] as { value: string }).value.trim() === '') end--;
  return nodes.slice(0, end);
}
