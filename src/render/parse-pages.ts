import type { SiteConfig } from '../config/schema.js';
import type { Diagnostic } from '../shared/diagnostics.js';
import type { DocFrontMatter, DocPage, MarkdownPage, RenderedMarkdown, Sources } from '../shared/model.js';
import { parseFrontMatter } from './markdown/front-matter.js';
import { renderMarkdown } from './markdown/render-markdown.js';
import type { HighlightService } from './markdown/highlight-service.js';
import { docBaseId, docId, docRoute, titleFromId } from './docs/doc-ids.js';
import { parseCategories, type CategoryMeta } from './docs/categories.js';

export interface ParsedContent {
  docs: DocPage[];
  pages: MarkdownPage[];
  categories: Map<string, CategoryMeta>;
  diagnostics: Diagnostic[];
}

interface Pending {
  kind: 'doc' | 'page';
  file: string;
  route: string;
  id: string;
  baseId: string;
  fm: DocFrontMatter;
  body: string;
  lineOffset: number;
}

/** Front matter, ids, routes and rendered markdown of every doc and markdown page. */
export async function parsePages(sources: Sources, config: SiteConfig, highlighter: HighlightService): Promise<ParsedContent> {
  const diagnostics: Diagnostic[] = [];
  const pending: Pending[] = [];

  if (config.docs !== false) {
    const docsDir = config.docs.path.replace(/\/$/, '') + '/';
    for (const src of sources.docs) {
      const fm = parseFrontMatter<DocFrontMatter>(src.contents, src.relPath);
      diagnostics.push(...fm.diagnostics);
      if (fm.diagnostics.some((d) => d.severity === 'error') || fm.data.draft) continue;
      const baseId = docBaseId(src.relPath.slice(docsDir.length));
      const id = docId(baseId, fm.data);
      pending.push({ kind: 'doc', file: src.relPath, id, baseId, route: docRoute(config.docs.routeBasePath, baseId, id, fm.data), fm: fm.data, body: fm.body, lineOffset: fm.lineOffset });
    }
  }
  const pagesDir = config.pages.path.replace(/\/$/, '') + '/';
  for (const src of sources.pages) {
    const fm = parseFrontMatter<DocFrontMatter>(src.contents, src.relPath);
    diagnostics.push(...fm.diagnostics);
    if (fm.diagnostics.some((d) => d.severity === 'error') || fm.data.draft) continue;
    const name = src.relPath.slice(pagesDir.length).replace(/\.mdx?$/i, '');
    pending.push({ kind: 'page', file: src.relPath, id: name, baseId: name, route: pageRoute(name, fm.data), fm: fm.data, body: fm.body, lineOffset: fm.lineOffset });
  }

  const fileRoutes = new Map(pending.map((p) => [p.file, p.route]));
  const staticFiles = new Set(sources.staticFiles.map((f) => f.outPath));
  const toc = config.docs === false ? { min: 2, max: 3 } : { min: config.docs.tocMinHeadingLevel, max: config.docs.tocMaxHeadingLevel };
  const rendered: RenderedMarkdown[] = [];
  for (const p of pending) {
    rendered.push(
      await renderMarkdown(p.body, {
        file: p.file,
        route: p.route,
        baseUrl: config.baseUrl,
        lineOffset: p.lineOffset,
        tocMin: p.fm.toc_min_heading_level ?? toc.min,
        tocMax: p.fm.toc_max_heading_level ?? toc.max,
        stripTitle: true,
        fileRoutes,
        assetFiles: sources.assetFiles,
        staticFiles,
        highlighter,
      }),
    );
  }

  const docs: DocPage[] = [];
  const pages: MarkdownPage[] = [];
  pending.forEach((p, i) => {
    const content = rendered[i]!;
    diagnostics.push(...content.diagnostics);
    const title = p.fm.title ?? content.title ?? titleFromId(p.id);
    const description = p.fm.description ?? content.excerpt;
    if (p.kind === 'doc') {
      docs.push({ id: p.id, file: p.file, route: p.route, title, sidebarLabel: p.fm.sidebar_label ?? title, description, position: p.fm.sidebar_position, frontMatter: p.fm, content });
    } else {
      pages.push({ file: p.file, route: p.route, title, description, frontMatter: p.fm, content });
    }
  });

  const categories = parseCategories(sources.categories);
  diagnostics.push(...categories.diagnostics);
  return { docs, pages, categories: categories.byDir, diagnostics };
}


/** "index" → "/", "guides/index" → "/guides", "about" → "/about"; a slug wins. */
export function pageRoute(name: string, fm: DocFrontMatter): string {
  if (fm.slug) return '/' + fm.slug.replace(/^\/+|\/+$/g, '');
  const route = '/' + name.replace(/(^|\/)index$/i, '');
  return route === '/' ? '/' : route.replace(/\/$/, '');
}
