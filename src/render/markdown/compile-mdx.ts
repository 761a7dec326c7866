import type { Code, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import { createElement, useId } from 'react';
import { renderToString } from 'react-dom/server';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { HydrateStrategy } from '../../shared/islands.js';
import type { RenderedMarkdown } from '../../shared/content-model.js';
import { BUILTIN_COMPONENTS, MdxContext, type CodeJob } from '../../components/content/mdx/builtins.js';
import { Island } from '../../components/Island.js';
import { remarkAdmonitions, remarkBlockDirectives } from './remark-admonitions.js';
import { remarkGfmAutolinks } from './remark-gfm-autolinks.js';
import { rehypeLinks, type LinkCollector, type LinkOptions } from './rehype-links.js';
import { rehypeCodeBlocks } from './rehype-code-blocks.js';
import { rehypeDropRawText } from './rehype-drop-raw-text.js';
import { rehypeStructure, type StructureResult } from './rehype-structure.js';
import { rehypeA11y } from './rehype-a11y.js';
import { languageId, loadLanguageIndex } from './highlight.js';
import type { CodeHighlighter } from './highlight-code.js';
import { JSON_PROPS_HINT, nonJsonValue, remarkIslands, type IslandComponent, type MdxFileData } from './remark-islands.js';
import { bundleAndImport, type MdxComponent } from './bundle-mdx.js';
import { FILES_IN_FLIGHT, mapLimit } from '../workers/map-limit.js';
import { RENDER_MARKER, relativePaths, remarkMdxNames, shiftMessagePositions, type MdxNamesData } from './mdx-checks.js';

// MDX files are the authors' own code: compiled with @mdx-js/mdx (with the same remark/rehype
// steps as markdown, minus sanitizing), bundled with their imports by esbuild, and rendered to
// HTML here, at build time. What reaches the browser is HTML plus the islands they mark.
// Every problem is a diagnostic at its line in the .mdx file (front matter included).

export interface MdxJob extends Omit<LinkOptions, 'fileRoutes' | 'assetFiles' | 'staticFiles'> {
  absPath: string;
  markdown: string;
  tocMin: number;
  tocMax: number;
  stripTitle: boolean;
}

export interface MdxContext {
  root: string;
  fileRoutes: ReadonlyMap<string, string>;
  assetFiles: ReadonlySet<string>;
  staticFiles: ReadonlySet<string>;
  highlighter: CodeHighlighter;
  /** Receives the site components used as islands. */
  islands: Map<string, IslandComponent>;
  /**
   * Runs each compiled file here instead of bundling it: no esbuild, no temporary files. Only for
   * files that import nothing (the spec-conformance test renders its 1,300 examples this way).
   */
  inMemory?: boolean;
}

const TRUNCATE_TAG = 'TruncateMarker';
const TRUNCATE_HTML = '<span data-sd-truncate=""></span>';
const TRUNCATE_EXPRESSION = /^\s*\/\*\s*truncate\s*\*\/\s*$/;
const BUILTIN_NAMES = Object.keys(BUILTIN_COMPONENTS);
const KNOWN = new Set([...BUILTIN_NAMES, 'Island', TRUNCATE_TAG, RENDER_MARKER]);

/** `{/* truncate *\/}` (MDX has no HTML comments) ends a blog post's excerpt. */
function remarkTruncate() {
  return (tree: Root): void => {
    visit(tree, 'mdxFlowExpression', (node, index, parent) => {
      if (parent !== tree || index === undefined || !TRUNCATE_EXPRESSION.test((node as { value: string }).value)) return;
      tree.children[index] = { type: 'mdxJsxFlowElement', name: TRUNCATE_TAG, attributes: [], children: [] } as never;
    });
  };
}

/** Carries a fence's meta string (title, highlighted lines) to the highlighter as data-meta. */
function keepCodeMeta() {
  return (tree: Root): void => {
    visit(tree, 'code', (node: Code) => {
      if (node.meta) node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), dataMeta: node.meta } };
    });
  };
}

type Place = { line?: number; column?: number; start?: { line: number; column: number } };
interface MdxMessage {
  line?: number | undefined;
  column?: number | undefined;
  reason?: string;
  message: string;
  place?: Place | undefined;
}

/** A compile-time message as a diagnostic at its position in the file (not in the body). */
function messageDiagnostic(m: MdxMessage, job: MdxJob, root: string): Diagnostic {
  const reason = m.reason ?? m.message;
  // Some MDX errors carry their position only in the message: "… (4:1-4:6)".
  const fromText = /\((\d+):(\d+)(?:-\d+:\d+)?\)$/.exec(reason);
  const line = m.line ?? m.place?.line ?? m.place?.start?.line ?? (fromText ? Number(fromText[1]) : 1);
  const column = m.column ?? m.place?.column ?? m.place?.start?.column ?? (fromText ? Number(fromText[2]) : 1);
  const message = relativePaths(shiftMessagePositions(reason, job.lineOffset), root);
  return diagnostic('SD2017', { message: `MDX: ${message}`, file: job.file, line: line + job.lineOffset, column });
}

export async function renderMdxFiles(jobs: readonly MdxJob[], ctx: MdxContext): Promise<RenderedMarkdown[]> {
  if (jobs.length === 0) return [];
  await loadLanguageIndex();
  const { createProcessor } = await import('@mdx-js/mdx');
  // One processor for all the files: building it costs a third of compiling a small file.
  const processor = createProcessor({
    jsxImportSource: 'react',
    development: false,
    outputFormat: ctx.inMemory ? 'function-body' : 'program',
    remarkPlugins: [remarkGfm, remarkGfmAutolinks, remarkBlockDirectives, remarkAdmonitions, keepCodeMeta, remarkMdxNames, remarkTruncate, remarkIslands],
    rehypePlugins: [rehypeDropRawText, rehypeLinks, rehypeA11y, rehypeStructure, rehypeCodeBlocks],
  });
  // The files compile side by side, so every file's code blocks are with the pool early.
  const files = await mapLimit(jobs, FILES_IN_FLIGHT, async (job) => {
    const diagnostics: Diagnostic[] = [];
    const collector: LinkCollector = { links: [], assets: [], diagnostics };
    const structure: StructureResult = { toc: [], title: undefined, excerpt: undefined, ids: [] };
    const file = new VFile({ path: job.absPath, value: job.markdown });
    const options = {
      ...job,
      fileRoutes: ctx.fileRoutes,
      assetFiles: ctx.assetFiles,
      staticFiles: ctx.staticFiles,
      highlighter: ctx.highlighter,
      codeAs: 'jsx',
    };
    file.data.shipdocs = { options, out: collector, structureOptions: { tocMin: job.tocMin, tocMax: job.tocMax, stripTitle: job.stripTitle }, structure };
    const data: MdxFileData & MdxNamesData = {
      islands: ctx.islands,
      absPath: job.absPath,
      root: ctx.root,
      imports: new Map(),
      known: KNOWN,
      builtins: BUILTIN_NAMES,
      importAt: new Map(),
    };
    file.data.shipdocsMdx = data;
    let code: string | undefined;
    try {
      code = String((await processor.process(file)).value);
    } catch (err) {
      diagnostics.push(messageDiagnostic(err as MdxMessage, job, ctx.root));
    }
    // Our checks report every problem of the file (non-fatal messages); any of them stops it.
    const problems = file.messages.filter((m) => m.fatal === false);
    for (const m of problems) diagnostics.push(messageDiagnostic(m, job, ctx.root));
    const result: RenderedMarkdown = {
      html: '',
      excerptHtml: undefined,
      toc: [],
      title: undefined,
      excerpt: undefined,
      ids: [],
      links: collector.links,
      assets: collector.assets,
      diagnostics,
    };
    // A file with problems is still bundled (its import errors are reported too), not rendered.
    return { code, renderable: problems.length === 0, importAt: data.importAt, structure, result };
  });
  const results = files.map((f) => f.result);
  const compiled = files.map((f) => f.code);
  const structures = files.map((f) => f.structure);
  const importAt = files.map((f) => f.importAt);

  const modules = ctx.inMemory ? await runInMemory(compiled) : await bundleAndImport(jobs, compiled, ctx.root, results, importAt);
  // Render markers and islands note where they are written: a throw names its block's line.
  type At = { line: number; column: number; what?: string };
  const last: { at?: At | undefined } = {};
  const parseAt = (s: string): At | undefined => {
    const m = /^(\d+):(\d+)(?::([\s\S]*))?$/.exec(s);
    return m ? { line: Number(m[1]), column: Number(m[2]), ...(m[3] ? { what: m[3] } : {}) } : undefined;
  };
  type IslandElement = {
    name: string;
    strategy: HydrateStrategy;
    component: React.ComponentType<Record<string, unknown>>;
    props: Record<string, unknown>;
    at: string;
  };
  const CheckedIsland = ({ at: where, name, strategy, component, props }: IslandElement): React.JSX.Element => {
    const at = (last.at = parseAt(where));
    for (const [key, value] of Object.entries(props)) {
      const problem = nonJsonValue(value);
      if (problem)
        throw new PropsError(
          `Prop "${key}" of ${at?.what ?? 'an island'} is ${problem === 'a function' || typeof value !== 'object' ? problem : `an object holding ${problem}`}: ${JSON_PROPS_HINT}.`,
        );
    }
    const id = `island-${useId().replace(/[^\w-]/g, '')}`;
    // Rendered as its own root, as the client hydrates it, so its useId() values match.
    const html = renderToString(createElement(component, props), { identifierPrefix: `${id}-` });
    return createElement(Island, { name, strategy, id, html, props });
  };
  const Marker = ({ at: where }: { at: string }): null => {
    last.at = parseAt(where);
    return null;
  };
  const components = {
    ...BUILTIN_COMPONENTS,
    Island: CheckedIsland,
    [RENDER_MARKER]: Marker,
    [TRUNCATE_TAG]: () => createElement('span', { 'data-sd-truncate': '' }),
  };
  // `<CodeBlock>`s are highlighted between two renderings: the first asks for their blocks.
  const blocks = new Map<string, string>();
  const wanted = new Map<string, CodeJob>();
  const context = {
    languageId,
    highlighted: (job: CodeJob): string | undefined => {
      const key = JSON.stringify(job);
      const html = blocks.get(key);
      if (html === undefined) wanted.set(key, job);
      return html;
    },
  };
  const render = (Content: MdxComponent): string =>
    renderToString(createElement(MdxContext.Provider, { value: context }, createElement(Content, { components })));
  for (const [i, job] of jobs.entries()) {
    const Content = modules[i];
    const result = results[i]!;
    const structure = structures[i]!;
    Object.assign(result, { toc: structure.toc, title: structure.title, excerpt: structure.excerpt, ids: structure.ids });
    if (!Content || !files[i]!.renderable) continue;
    last.at = undefined;
    try {
      wanted.clear();
      let html = render(Content);
      if (wanted.size) {
        await Promise.all([...wanted].map(async ([key, block]) => blocks.set(key, await ctx.highlighter.highlight(block))));
        html = render(Content);
      }
      const cut = html.indexOf(TRUNCATE_HTML);
      result.html = cut < 0 ? html : html.slice(0, cut) + html.slice(cut + TRUNCATE_HTML.length);
      result.excerptHtml = cut < 0 ? undefined : html.slice(0, cut);
    } catch (err) {
      const text = relativePaths((err as Error).message, ctx.root);
      const at = last.at as At | undefined; // set by the markers while rendering
      const message = err instanceof PropsError ? `MDX: ${text}` : `MDX threw while rendering${at?.what ? ` ${at.what}` : ''}: ${text}`;
      result.diagnostics.push(diagnostic('SD2017', { message, file: job.file, line: (at?.line ?? 1) + job.lineOffset, column: at?.column ?? 1 }));
    }
  }
  return results;
}

class PropsError extends Error {}

/** Files compiled to function bodies, run with our React's JSX runtime (see `MdxContext.inMemory`). */
async function runInMemory(compiled: readonly (string | undefined)[]): Promise<(MdxComponent | undefined)[]> {
  const [{ run }, runtime] = await Promise.all([import('@mdx-js/mdx'), import('react/jsx-runtime')]);
  return Promise.all(
    compiled.map(async (code) => (code === undefined ? undefined : ((await run(code, { ...runtime, baseUrl: import.meta.url })).default as MdxComponent))),
  );
}
