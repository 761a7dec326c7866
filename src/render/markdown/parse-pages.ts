import { resolve } from 'node:path';
import type { SiteConfig } from '../../config/schema.js';
import type { Diagnostic } from '../../shared/diagnostics.js';
import type { DocFrontMatter, DocPage, MarkdownPage, SourceFile, Sources } from '../../shared/model.js';
import type { RenderedMarkdown } from '../../shared/content-model.js';
import type { BlogPost } from '../../shared/blog-model.js';
import { docBaseId, docId, docRoute, titleFromId } from '../docs/doc-ids.js';
import { parseCategories, type CategoryMeta } from '../docs/categories.js';
import { toPost, type BlogPlan } from '../blog/parse-blog.js';
import { FILES_IN_FLIGHT, mapLimit } from '../workers/map-limit.js';
import { pause } from '../workers/pause.js';
import { parseFrontMatter, type FrontMatterResult } from './front-matter.js';
import type { IslandComponent } from './remark-islands.js';
import type { CodeHighlighter } from './highlight-code.js';
import { renderMarkdown } from './render-markdown.js';
import { keep, keptValue, recording, type LinkContext, type RenderMemo } from './render-memo.js';

export interface ParsedContent {
  docs: DocPage[];
  pages: MarkdownPage[];
  categories: Map<string, CategoryMeta>;
  posts: BlogPost[];
  /** Site components used as islands by MDX files. */
  islands: Map<string, IslandComponent>;
  diagnostics: Diagnostic[];
}

interface Pending {
  kind: 'doc' | 'page' | 'post';
  version?: string;
  file: string;
  route: string;
  id: string;
  baseId: string;
  fm: DocFrontMatter;
  body: string;
  lineOffset: number;
}

/**
 * Front matter, ids, routes and rendered markdown of every doc and markdown page. With a `memo`
 * (the dev server's), a file whose job and resolved links are unchanged is not rendered again.
 */
export async function parsePages(
  sources: Sources,
  config: SiteConfig,
  highlighter: CodeHighlighter,
  blog?: BlogPlan,
  memo?: RenderMemo,
  /** The whole site's link targets, when `sources` hold only some of its pages (the dev server's edits): links resolve against them, and the memo keeps the other pages. */
  site?: LinkContext,
): Promise<ParsedContent> {
  const diagnostics: Diagnostic[] = [];
  const pending: Pending[] = [];

  const sets = new Map(sources.docsVersions.map((v) => [v.name, v]));
  const frontMatter = (src: SourceFile): FrontMatterResult<DocFrontMatter> => {
    if (!memo) return parseFrontMatter<DocFrontMatter>(src.contents, src.relPath);
    const kept = memo.frontMatter.get(src.relPath);
    if (kept?.contents === src.contents) return kept.result;
    const result = parseFrontMatter<DocFrontMatter>(src.contents, src.relPath);
    memo.frontMatter.set(src.relPath, { contents: src.contents, result });
    return result;
  };
  // Each loop over the files lets the event loop turn (pause): on a large site, each takes seconds.
  for (const src of sources.docs) {
    await pause();
    const set = sets.get(src.version)!;
    const fm = frontMatter(src);
    diagnostics.push(...fm.diagnostics);
    if (fm.diagnostics.some((d) => d.severity === 'error') || fm.data.draft) continue;
    const baseId = docBaseId(src.relPath.slice(set.path.replace(/\/$/, '').length + 1));
    const id = docId(baseId, fm.data);
    pending.push({
      kind: 'doc',
      version: set.name,
      file: src.relPath,
      id,
      baseId,
      route: docRoute(set.routeBase, baseId, id, fm.data),
      fm: fm.data,
      body: fm.body,
      lineOffset: fm.lineOffset,
    });
  }
  const pagesDir = config.pages.path.replace(/\/$/, '') + '/';
  for (const src of sources.pages) {
    await pause();
    const fm = frontMatter(src);
    diagnostics.push(...fm.diagnostics);
    if (fm.diagnostics.some((d) => d.severity === 'error') || fm.data.draft) continue;
    const name = src.relPath.slice(pagesDir.length).replace(/\.mdx?$/i, '');
    pending.push({
      kind: 'page',
      file: src.relPath,
      id: name,
      baseId: name,
      route: pageRoute(name, fm.data),
      fm: fm.data,
      body: fm.body,
      lineOffset: fm.lineOffset,
    });
  }

  for (const post of blog?.posts ?? []) {
    pending.push({
      kind: 'post',
      file: post.file,
      id: post.slug,
      baseId: post.slug,
      route: post.route,
      fm: {
        hide_table_of_contents: post.fm.hide_table_of_contents,
        toc_min_heading_level: post.fm.toc_min_heading_level,
        toc_max_heading_level: post.fm.toc_max_heading_level,
      },
      body: post.body,
      lineOffset: post.lineOffset,
    });
  }

  const fileRoutes = new Map(pending.map((p) => [p.file, p.route]));
  const staticFiles = new Set(sources.staticFiles.map((f) => f.outPath));
  const toc = config.docs === false ? { min: 2, max: 3 } : { min: config.docs.tocMinHeadingLevel, max: config.docs.tocMaxHeadingLevel };
  const jobOf = (p: Pending) => ({
    markdown: p.body,
    file: p.file,
    route: p.route,
    baseUrl: config.baseUrl,
    lineOffset: p.lineOffset,
    tocMin: p.fm.toc_min_heading_level ?? toc.min,
    tocMax: p.fm.toc_max_heading_level ?? toc.max,
    stripTitle: true,
  });
  const isMdx = (p: Pending): boolean => /\.mdx$/i.test(p.file);
  const shared = site ?? { fileRoutes, assetFiles: sources.assetFiles, staticFiles };
  const islands = new Map<string, IslandComponent>();
  const markdownPending = pending.filter((p) => !isMdx(p));
  const mdxPending = pending.filter(isMdx);
  const renderOne = (p: Pending): Promise<RenderedMarkdown> => {
    if (!memo) return renderMarkdown(p.body, { ...jobOf(p), ...shared, highlighter });
    const key = jobOf(p);
    const kept = keptValue(memo.markdown.get(p.file), key, shared);
    if (kept) return Promise.resolve(kept);
    const { ctx, lookups } = recording(shared);
    return renderMarkdown(p.body, { ...jobOf(p), ...ctx, highlighter }).then((result) => (memo.markdown.set(p.file, keep(key, lookups, result)), result));
  };
  const renderMdx = async (): Promise<RenderedMarkdown[]> => {
    // The MDX compiler (micromark, acorn, esbuild) loads only for sites that have .mdx files.
    if (mdxPending.length === 0) return [];
    const jobs = mdxPending.map((p) => ({ ...jobOf(p), absPath: resolve(sources.root, p.file) }));
    const { renderMdxFiles } = await import('./compile-mdx.js');
    if (!memo) return renderMdxFiles(jobs, { root: sources.root, ...shared, highlighter, islands });
    const key = { jobs: JSON.stringify(jobs) };
    const kept = keptValue(memo.mdx, key, shared);
    if (kept) {
      for (const [name, island] of kept.islands) islands.set(name, island);
      return kept.results;
    }
    const { ctx, lookups } = recording(shared);
    const results = await renderMdxFiles(jobs, { root: sources.root, ...ctx, highlighter, islands });
    memo.mdx = keep(key, lookups, { results, islands: [...islands] });
    return results;
  };
  const [markdownResults, mdxResults] = await Promise.all([mapLimit(markdownPending, FILES_IN_FLIGHT, renderOne), renderMdx()]);
  if (memo && !site) {
    memo.site = shared;
    for (const file of memo.markdown.keys()) if (!fileRoutes.has(file)) memo.markdown.delete(file);
    const present = new Set([...sources.docs, ...sources.pages].map((f) => f.relPath));
    for (const file of memo.frontMatter.keys()) if (!present.has(file)) memo.frontMatter.delete(file);
  }
  const byFile = new Map<string, RenderedMarkdown>();
  markdownPending.forEach((p, i) => byFile.set(p.file, markdownResults[i]!));
  mdxPending.forEach((p, i) => byFile.set(p.file, mdxResults[i]!));
  const rendered = pending.map((p) => byFile.get(p.file)!);

  const docs: DocPage[] = [];
  const pages: MarkdownPage[] = [];
  const posts: BlogPost[] = [];
  const postPlans = new Map((blog?.posts ?? []).map((p) => [p.file, p]));
  pending.forEach((p, i) => {
    const content = rendered[i]!;
    diagnostics.push(...content.diagnostics);
    if (p.kind === 'post') {
      posts.push(toPost(postPlans.get(p.file)!, content));
      return;
    }
    const title = p.fm.title ?? content.title ?? titleFromId(p.id);
    const description = p.fm.description ?? content.excerpt;
    if (p.kind === 'doc') {
      docs.push({
        id: p.id,
        version: p.version ?? '',
        file: p.file,
        route: p.route,
        title,
        sidebarLabel: p.fm.sidebar_label ?? title,
        description,
        position: p.fm.sidebar_position,
        frontMatter: p.fm,
        content,
      });
    } else {
      pages.push({ file: p.file, route: p.route, title, description, frontMatter: p.fm, content });
    }
  });

  const categories = parseCategories(sources.categories);
  diagnostics.push(...categories.diagnostics);
  return { docs, pages, categories: categories.byDir, posts, islands, diagnostics };
}

/** "index" → "/", "guides/index" → "/guides", "about" → "/about"; a slug wins. */
function pageRoute(name: string, fm: DocFrontMatter): string {
  if (fm.slug) return '/' + fm.slug.replace(/^\/+|\/+$/g, '');
  const route = '/' + name.replace(/(^|\/)index$/i, '');
  return route === '/' ? '/' : route.replace(/\/$/, '');
}
