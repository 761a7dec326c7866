import type { SiteConfig } from '../../config/schema.js';
import type { OutputFile, Sources } from '../../shared/model.js';
import type { BlogPost } from '../../shared/blog-model.js';
import type { DocPage, MarkdownPage } from '../../shared/model.js';
import { withBase } from '../markdown/resolve-url.js';
import { llmsFiles, type LlmsSection } from './llms-txt.js';
import { twinFiles, withBaseLinks, type TwinPage } from './twins.js';

// The site's Markdown for assistants: a twin of every doc, page and blog post, and llms.txt with
// llms-full.txt over them (current docs, pages, blog, then the extra sections given: the API's).

export interface SiteTwinsInput {
  config: SiteConfig;
  sources: Sources;
  docs: readonly DocPage[];
  pages: readonly MarkdownPage[];
  posts: readonly BlogPost[];
  /** More sections (the API reference), with the Markdown their own stage made. */
  extra?: LlmsSection[];
}

export async function siteTwins({ config, sources, docs, pages, posts, extra = [] }: SiteTwinsInput): Promise<OutputFile[]> {
  const text = new Map([...sources.docs, ...sources.pages, ...sources.blog].map((f) => [f.relPath, f.contents]));
  const twin = (p: { route: string; title: string; description: string | undefined; file: string }): TwinPage[] => {
    const markdown = text.get(p.file);
    return markdown === undefined
      ? []
      : [{ route: p.route, title: p.title, description: p.description, markdown: withBaseLinks(markdown, config.baseUrl), source: true, file: p.file }];
  };
  const sections: LlmsSection[] = [
    { name: 'Docs', pages: docs.filter((d) => d.version === '').flatMap(twin) },
    { name: 'Pages', pages: pages.flatMap(twin) },
    { name: 'Blog', pages: posts.flatMap(twin) },
    ...extra,
  ];
  const versioned = docs.filter((d) => d.version !== '').flatMap(twin);
  const origin = config.url.replace(/\/+$/, '');
  return [
    ...(await twinFiles([...sections.flatMap((s) => s.pages), ...versioned])),
    ...(await llmsFiles({ title: config.title, tagline: config.tagline, url: (path) => origin + withBase(path, config.baseUrl) }, sections)),
  ];
}
