import type { SiteConfig } from '../../config/schema.js';
import type { DocPage, MarkdownPage, Sources } from '../../shared/model.js';
import type { BlogPost } from '../../shared/blog-model.js';
import type { SiteApi } from '../../shared/api-model.js';
import type { IndexedHistory, IndexedOperation, IndexedPage, IndexedPageKind, SiteIndex } from '../../shared/site-index.js';
import { loadCommentParser, mayHoldComments } from '../markdown/hidden-comments.js';
import { pause } from '../workers/pause.js';
import { twinMarkdown, withBaseLinks } from './twins.js';

// The site index (shared/site-index.ts): every page with its kind, title, route and Markdown, and
// every API operation, made once from the parsed pages and the API model. Unlisted pages are not
// in it: no twin, no line of llms.txt or llms-full.txt, nothing `shipdocs mcp` finds or reads.

export interface SiteIndexInput {
  config: SiteConfig;
  sources: Sources;
  docs: readonly DocPage[];
  pages: readonly MarkdownPage[];
  posts: readonly BlogPost[];
  /** The APIs, each with the Markdown of its overview and operation pages (one section per API: "API", or "API: <label>"). */
  apis: readonly {
    api: SiteApi;
    name: string;
    /** An older version's reference: twins, not llms.txt, search or `shipdocs mcp`. */
    docsVersion?: string | undefined;
    pages: readonly { route: string; title: string; description: string | undefined; markdown: string; tool?: string | undefined }[];
  }[];
}

/** Asynchronous only to let the event loop turn between pages: a large site has tens of thousands. */
export async function siteIndex({ config, sources, docs, pages, posts, apis }: SiteIndexInput): Promise<SiteIndex> {
  const text = new Map([...sources.docs, ...sources.pages, ...sources.blog].map((f) => [f.relPath, f.contents]));
  const fromSources = async (kind: IndexedPageKind, list: readonly { route: string; title: string; description: string | undefined; file: string }[]) => {
    const out: IndexedPage[] = [];
    for (const p of list) {
      const source = text.get(p.file);
      if (source === undefined) continue;
      await pause();
      if (mayHoldComments(source, { mdx: /\.mdx$/i.test(p.file) })) await loadCommentParser();
      const markdown = twinMarkdown({ ...p, markdown: withBaseLinks(source, config.baseUrl), source: true });
      out.push({ kind, title: p.title, route: p.route, description: p.description, markdown });
    }
    return out;
  };
  const listedDocs = docs.filter((d) => !d.frontMatter.unlisted);
  const sections = [
    {
      name: 'Docs',
      pages: await fromSources(
        'doc',
        listedDocs.filter((d) => d.version === ''),
      ),
    },
    {
      name: 'Pages',
      pages: await fromSources(
        'page',
        pages.filter((p) => !p.frontMatter.unlisted),
      ),
    },
    {
      name: 'Blog',
      pages: await fromSources(
        'post',
        posts.filter((p) => !p.unlisted),
      ),
    },
  ];
  const operations: IndexedOperation[] = [];
  const histories: IndexedHistory[] = [];
  const versionedApis: IndexedPage[] = [];
  for (const { api, name, docsVersion, pages: apiPages } of apis) {
    const indexed = apiPages.map(({ route, title, description, markdown }): IndexedPage => ({
      kind: 'api',
      route,
      title,
      description,
      markdown: twinMarkdown({ route, title, description, markdown, source: false, file: '' }),
    }));
    if (docsVersion !== undefined) {
      versionedApis.push(...indexed);
      continue;
    }
    if (api.model.history) histories.push({ api: api.basePath, label: api.label, history: api.model.history });
    sections.push({ name, pages: indexed });
    const tools = new Map(apiPages.map((p) => [p.route, p.tool]));
    for (const op of api.model.operations) {
      const { tag, operationId, slug, path, title, href } = op;
      const toolName = tools.get(href) ?? slug;
      operations.push({ api: api.basePath, tag, operationId, toolName, slug, method: op.method.toUpperCase(), path, title, route: href });
    }
  }
  return {
    title: config.title,
    tagline: config.tagline,
    sections,
    versioned: [
      ...(await fromSources(
        'doc',
        listedDocs.filter((d) => d.version !== ''),
      )),
      ...versionedApis,
    ],
    operations,
    histories,
  };
}
