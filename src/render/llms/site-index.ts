import type { SiteConfig } from '../../config/schema.js';
import type { DocPage, MarkdownPage, Route, Sources } from '../../shared/model.js';
import type { BlogPost } from '../../shared/blog-model.js';
import type {
  ApiMarkdownSection,
  ApiSection,
  IndexedHistory,
  IndexedOperation,
  IndexedPage,
  IndexedPageKind,
  OutlinedPage,
  SiteIndex,
  SiteOutline,
} from '../../shared/site-index.js';
import { loadCommentParser, mayHoldComments } from '../markdown/hidden-comments.js';
import { pause } from '../workers/pause.js';
import { twinMarkdown, withBaseLinks } from './twins.js';

// The site outline and the site index (shared/site-index.ts). The outline says which pages the site
// lists, made from the parsed pages, the APIs' page lists and the routes before the pages render;
// the index gives each its Markdown once the APIs' exports are made. Unlisted pages are in neither:
// no twin, no line of llms.txt or llms-full.txt, no search result, nothing `shipdocs mcp` finds.

export interface SiteOutlineInput {
  docs: readonly DocPage[];
  pages: readonly MarkdownPage[];
  posts: readonly BlogPost[];
  /** Each API's pages (older versions' too: they are left out). */
  apis: readonly ApiSection[];
  /** Every route: the pages without Markdown are found among them. */
  routes: readonly Route[];
}

const outlined = (kind: IndexedPageKind, { title, route, description }: { title: string; route: string; description: string | undefined }): OutlinedPage => ({
  kind,
  title,
  route,
  description,
});

/** The current pages the site lists: each section of llms.txt, and the pages whose text exists only once rendered. */
export function siteOutline({ docs, pages, posts, apis, routes }: SiteOutlineInput): SiteOutline {
  const rendered: OutlinedPage[] = [];
  for (const route of routes) {
    const { data } = route;
    if (route.unlisted || !(data.kind === 'home' || data.kind === 'react-page' || (data.kind === 'doc-index' && data.version === ''))) continue;
    rendered.push(outlined(data.kind === 'doc-index' ? 'doc' : 'page', { title: route.title, route: route.path, description: route.description }));
  }
  return {
    sections: [
      { name: 'Docs', pages: docs.filter((d) => !d.frontMatter.unlisted && d.version === '').map((d) => outlined('doc', d)) },
      { name: 'Pages', pages: pages.filter((p) => !p.frontMatter.unlisted).map((p) => outlined('page', p)) },
      { name: 'Blog', pages: posts.filter((p) => !p.unlisted).map((p) => outlined('post', p)) },
      ...apis.filter((a) => a.docsVersion === undefined).map((a) => ({ name: a.name, pages: a.pages.map((p) => outlined('api', p)) })),
    ],
    rendered,
  };
}

export interface SiteIndexInput {
  config: SiteConfig;
  sources: Sources;
  /** Every version's docs (the older versions' are indexed, not listed), with the pages and posts: where each page's Markdown comes from. */
  docs: readonly DocPage[];
  pages: readonly MarkdownPage[];
  posts: readonly BlogPost[];
  /** The APIs' pages with their Markdown (made with their exports), older versions' too. */
  apis: readonly ApiMarkdownSection[];
}

/** The outline's pages with their Markdown, older versions' pages and every operation. Asynchronous only to let the event loop turn between pages: a large site has tens of thousands. */
export async function siteIndex(outline: SiteOutline, { config, sources, docs, pages, posts, apis }: SiteIndexInput): Promise<SiteIndex> {
  const text = new Map([...sources.docs, ...sources.pages, ...sources.blog].map((f) => [f.relPath, f.contents]));
  const files = new Map([...docs, ...pages, ...posts].map((p) => [p.route, p.file]));
  const apiPages = new Map(apis.flatMap((a) => a.pages.map((p) => [p.route, p])));
  /** A page's twin Markdown: its source's, or its API page's; undefined for a page whose source is gone. */
  const markdownOf = async (page: OutlinedPage): Promise<string | undefined> => {
    if (page.kind === 'api') {
      const { route, title, description, markdown } = apiPages.get(page.route)!;
      return twinMarkdown({ route, title, description, markdown, source: false, file: '' });
    }
    const file = files.get(page.route)!;
    const source = text.get(file);
    if (source === undefined) return undefined;
    await pause();
    if (mayHoldComments(source, { mdx: /\.mdx$/i.test(file) })) await loadCommentParser();
    return twinMarkdown({ ...page, file, markdown: withBaseLinks(source, config.baseUrl), source: true });
  };
  const withMarkdown = async (list: readonly OutlinedPage[]): Promise<IndexedPage[]> => {
    const out: IndexedPage[] = [];
    for (const page of list) {
      const markdown = await markdownOf(page);
      if (markdown !== undefined) out.push({ ...page, markdown });
    }
    return out;
  };

  const sections = [];
  for (const { name, pages: listed } of outline.sections) sections.push({ name, pages: await withMarkdown(listed) });
  const operations: IndexedOperation[] = [];
  const histories: IndexedHistory[] = [];
  for (const { api, docsVersion, pages: withTools } of apis) {
    if (docsVersion !== undefined) continue;
    if (api.model.history) histories.push({ api: api.basePath, label: api.label, history: api.model.history });
    const tools = new Map(withTools.map((p) => [p.route, p.tool]));
    for (const op of api.model.operations) {
      const { tag, operationId, slug, path, title, href } = op;
      operations.push({
        api: api.basePath,
        tag,
        operationId,
        toolName: tools.get(href) ?? slug,
        slug,
        method: op.method.toUpperCase(),
        path,
        title,
        route: href,
      });
    }
  }
  const olderDocs = docs.filter((d) => !d.frontMatter.unlisted && d.version !== '').map((d) => outlined('doc', d));
  const olderApis = apis.filter((a) => a.docsVersion !== undefined).flatMap((a) => a.pages.map((p) => outlined('api', p)));
  return {
    title: config.title,
    tagline: config.tagline,
    sections,
    versioned: await withMarkdown([...olderDocs, ...olderApis]),
    operations,
    histories,
  };
}
