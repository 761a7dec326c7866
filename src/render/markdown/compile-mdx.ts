import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Code, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import type { Message } from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { RenderedMarkdown } from '../../shared/model.js';
import { BUILTIN_COMPONENTS, MdxContext } from '../../components/content/mdx/builtins.js';
import { Island } from '../../components/Island.js';
import { sharedReactPlugin } from '../sources/load-react-pages.js';
import { remarkAdmonitions } from './remark-admonitions.js';
import { rehypeLinks, type LinkCollector, type LinkOptions } from './rehype-links.js';
import { rehypeCodeBlocks } from './render-markdown.js';
import { rehypeStructure, type StructureResult } from './rehype-structure.js';
import { languageId, loadLanguageIndex } from './highlight.js';
import type { HighlightService } from './highlight-service.js';
import { remarkIslands, type IslandComponent } from './remark-islands.js';

// MDX files are the authors' own code: compiled with @mdx-js/mdx (with the same remark/rehype
// steps as markdown, minus sanitizing), bundled with their imports by esbuild, and rendered to
// HTML here, at build time. What reaches the browser is HTML plus the islands they mark.

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
  highlighter: HighlightService;
  /** Receives the site components used as islands. */
  islands: Map<string, IslandComponent>;
}

const TRUNCATE_TAG = 'TruncateMarker';
const TRUNCATE_HTML = '<span data-sd-truncate=""></span>';
const TRUNCATE_EXPRESSION = /^\s*\/\*\s*truncate\s*\*\/\s*$/;

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

export async function renderMdxFiles(jobs: readonly MdxJob[], ctx: MdxContext): Promise<RenderedMarkdown[]> {
  if (jobs.length === 0) return [];
  await loadLanguageIndex();
  const { compile } = await import('@mdx-js/mdx');
  const results: RenderedMarkdown[] = [];
  const compiled: (string | undefined)[] = [];
  const structures: StructureResult[] = [];

  for (const job of jobs) {
    const diagnostics: Diagnostic[] = [];
    const collector: LinkCollector = { links: [], assets: [], diagnostics };
    const structure: StructureResult = { toc: [], title: undefined, excerpt: undefined, ids: [] };
    const file = new VFile({ path: job.absPath, value: job.markdown });
    const options = { ...job, fileRoutes: ctx.fileRoutes, assetFiles: ctx.assetFiles, staticFiles: ctx.staticFiles, highlighter: ctx.highlighter };
    file.data.shipdocs = { options, out: collector, structureOptions: { tocMin: job.tocMin, tocMax: job.tocMax, stripTitle: job.stripTitle }, structure };
    file.data.shipdocsMdx = { islands: ctx.islands, absPath: job.absPath };
    try {
      const out = await compile(file, {
        jsxImportSource: 'react',
        development: false,
        remarkPlugins: [remarkGfm, remarkDirective, remarkAdmonitions, keepCodeMeta, remarkTruncate, remarkIslands],
        rehypePlugins: [rehypeLinks, rehypeStructure, rehypeCodeBlocks],
      });
      compiled.push(String(out.value));
    } catch (err) {
      const e = err as { line?: number; column?: number; reason?: string; message: string; place?: { line?: number; column?: number; start?: { line: number; column: number } } };
      // Some MDX errors carry their position only in the message: "… (4:1-4:6)".
      const fromText = /\((\d+):(\d+)(?:-\d+:\d+)?\)$/.exec(e.reason ?? e.message);
      const line = e.line ?? e.place?.line ?? e.place?.start?.line ?? (fromText ? Number(fromText[1]) : 1);
      const column = e.column ?? e.place?.column ?? e.place?.start?.column ?? (fromText ? Number(fromText[2]) : 1);
      diagnostics.push(diagnostic('SD2017', { message: `MDX: ${e.reason ?? e.message}`, file: job.file, line: line + job.lineOffset, column }));
      compiled.push(undefined);
    }
    structures.push(structure);
    results.push({ html: '', excerptHtml: undefined, toc: [], title: undefined, excerpt: undefined, ids: [], links: collector.links, assets: collector.assets, diagnostics });
  }

  const modules = await bundleAndImport(jobs, compiled, ctx.root, results);
  const components = { ...BUILTIN_COMPONENTS, Island, [TRUNCATE_TAG]: () => createElement('span', { 'data-sd-truncate': '' }) };
  jobs.forEach((job, i) => {
    const Content = modules[i];
    const result = results[i]!;
    const structure = structures[i]!;
    Object.assign(result, { toc: structure.toc, title: structure.title, excerpt: structure.excerpt, ids: structure.ids });
    if (!Content) return;
    try {
      const html = renderToString(createElement(MdxContext.Provider, { value: { highlighter: ctx.highlighter, languageId } }, createElement(Content, { components })));
      const cut = html.indexOf(TRUNCATE_HTML);
      result.html = cut < 0 ? html : html.slice(0, cut) + html.slice(cut + TRUNCATE_HTML.length);
      result.excerptHtml = cut < 0 ? undefined : html.slice(0, cut);
    } catch (err) {
      result.diagnostics.push(diagnostic('SD2017', { message: `MDX threw while rendering: ${(err as Error).message}`, file: job.file, line: job.lineOffset + 1, column: 1 }));
    }
  });
  return results;
}

type MdxComponent = React.ComponentType<{ components: Record<string, unknown> }>;

/** Bundles every compiled file with its imports (React shared with ours) and imports the modules. */
async function bundleAndImport(jobs: readonly MdxJob[], compiled: readonly (string | undefined)[], root: string, results: RenderedMarkdown[]): Promise<(MdxComponent | undefined)[]> {
  const entries = jobs.map((job, i) => ({ job, i, code: compiled[i] })).filter((e): e is { job: MdxJob; i: number; code: string } => e.code !== undefined);
  if (entries.length === 0) return [];
  const { build } = await import('esbuild');
  const outdir = mkdtempSync(join(tmpdir(), 'shipdocs-mdx-'));
  try {
    try {
      await build({
        absWorkingDir: root,
        entryPoints: entries.map((e) => ({ in: `mdx-entry:${e.i}`, out: `mdx-${e.i}` })),
        outdir,
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        jsx: 'automatic',
        outExtension: { '.js': '.mjs' },
        logLevel: 'silent',
        plugins: [
          sharedReactPlugin(),
          {
            name: 'shipdocs-mdx-entries',
            setup(b) {
              b.onResolve({ filter: /^mdx-entry:/ }, (args) => ({ path: args.path, namespace: 'mdx-entry' }));
              b.onLoad({ filter: /.*/, namespace: 'mdx-entry' }, (args) => {
                const entry = entries.find((e) => `mdx-entry:${e.i}` === args.path)!;
                return { contents: entry.code, loader: 'js', resolveDir: dirname(entry.job.absPath) };
              });
            },
          },
        ],
      });
    } catch (err) {
      for (const m of (err as { errors?: Message[] }).errors ?? []) {
        const i = Number(/mdx-entry:(\d+)/.exec(m.location?.file ?? '')?.[1] ?? -1);
        const target = results[i] ?? results[entries[0]!.i]!;
        const job = jobs[i] ?? entries[0]!.job;
        target.diagnostics.push(diagnostic('SD2017', { message: `MDX import: ${m.text}`, file: job.file, line: job.lineOffset + 1, column: 1 }));
      }
      return [];
    }
    const modules: (MdxComponent | undefined)[] = [];
    for (const e of entries) {
      const mod = (await import(pathToFileURL(join(outdir, `mdx-${e.i}.mjs`)).href)) as { default: MdxComponent };
      modules[e.i] = mod.default;
    }
    return modules;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
