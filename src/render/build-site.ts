import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDefaultOpenApiPath, type SiteConfig } from '../config/schema.js';
import type { Diagnostic } from '../shared/diagnostics.js';
import type { BuildTimings, OutputFile } from '../shared/model.js';
import { contentSecurityPolicy } from '../components/layout/Document.js';
import { collectSources } from './sources/collect-sources.js';
import { createPool, poolSize } from './workers/pool.js';
import { createCodeHighlighter } from './markdown/highlight-code.js';
import { parsePages } from './markdown/parse-pages.js';
import { siteTwins } from './llms/site-twins.js';
import { renderAnnouncement } from './markdown/render-announcement.js';
import { readBlog } from './blog/parse-blog.js';
import { planBlogRoutes } from './blog/plan-blog-routes.js';
import { blogFeeds } from './blog/feeds.js';
import { planRoutes } from './routes/plan-routes.js';
import { bundleClient } from './assets/bundle-client.js';
import { siteSearch } from './search/site-search.js';
import { createSiteView } from './html/site-view.js';
import { renderPageBody, renderRoutes } from './html/render-routes.js';
import { checkPageImages } from './html/check-page-images.js';
import { siteFiles } from './html/site-files.js';
import { createLinkCheck } from './check/check-site.js';

export interface BuildSiteOptions {
  /** Absolute project root. */
  root: string;
  config: SiteConfig;
  /** Broken links, anchors and duplicate routes become errors. */
  strict?: boolean;
  /** Folder for caches kept between builds (highlighted code); none: no cache. */
  cacheDir?: string | undefined;
  /** The config file (relative to root) and its text: links written in it are reported there. */
  configFile?: { path: string; source?: string | undefined } | undefined;
  /** Takes each output file as it is made (pages as they are rendered); without it, they are returned in `files`. */
  write?: ((file: OutputFile) => Promise<void>) | undefined;
}

export interface BuildSiteResult {
  /** The output files, unless `write` took them. */
  files: OutputFile[];
  diagnostics: Diagnostic[];
  timings: BuildTimings;
  /** Routes of the HTML pages made. */
  routes: string[];
}

/** Runs the pipeline from sources to checked output files, in DESIGN.md's order. Writes nothing itself. */
export async function buildSite({ root, config, strict = false, cacheDir, configFile, write }: BuildSiteOptions): Promise<BuildSiteResult> {
  const timings: BuildTimings = {};
  const timed = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      timings[name] = (timings[name] ?? 0) + performance.now() - start;
    }
  };
  const files: OutputFile[] = [];
  const output = write ?? (async (file: OutputFile) => void files.push(file));
  const diagnostics: Diagnostic[] = [];
  const report = <T extends { diagnostics: readonly Diagnostic[] } | undefined>(result: T): T => (diagnostics.push(...(result?.diagnostics ?? [])), result);

  const sources = report(await timed('collectSources', () => collectSources(root, config)));
  const blogPlan = report(await timed('readBlog', () => readBlog(sources, config)));
  const pool = createPool(poolSize(sources.docs.length + sources.pages.length + sources.blog.length));
  try {
    const highlighter = createCodeHighlighter({ pool, cacheFile: cacheDir && join(cacheDir, 'highlight.json') });
    const content = report(await timed('parsePages', () => parsePages(sources, config, highlighter, blogPlan)));
    await highlighter.save();
    const contentPages = [...content.docs, ...content.pages, ...content.posts];
    const staticFiles = new Set(sources.staticFiles.map((f) => f.outPath));
    diagnostics.push(...checkPageImages(content, sources, staticFiles));

    const api = report(await timed('loadApi', () => loadApiIfAny(root, config)));
    // A site left with the config's default title (zero-config) is named after its API.
    if (api?.title && config.title === 'Documentation') config = { ...config, title: api.title, tagline: config.tagline || (api.tagline ?? '') };
    const blog = blogPlan?.hasPosts
      ? await timed('planBlog', () => planBlogRoutes(content.posts, blogPlan.authors, blogPlan.tags, blogPlan.base, config))
      : undefined;
    const plan = report(
      await timed('planRoutes', () =>
        planRoutes({
          config,
          content,
          reactPages: sources.reactPages,
          categories: sources.categories,
          versions: sources.docsVersions,
          extraRoutes: [...(blog?.routes ?? []), ...(api?.routes ?? [])],
        }),
      ),
    );
    const client = await timed('bundleClient', () => bundleClient([...content.islands.values()]));

    const fileRoutes = new Map(contentPages.map((p) => [p.file, p.route]));
    const announcement = config.announcementBar
      ? report(await renderAnnouncement(config.announcementBar.content, { config, fileRoutes, assetFiles: sources.assetFiles, staticFiles, configFile }))
      : undefined;
    const blogView = blog && blogPlan ? { base: blogPlan.base, sidebar: blog.sidebar, hasFeeds: content.posts.length > 0 } : undefined;
    const view = createSiteView({
      config,
      plan,
      docs: content.docs,
      docsVersions: sources.docsVersions,
      client,
      blog: blogView,
      announcementHtml: announcement?.html,
    });
    const search = config.navbar.search
      ? await timed('searchIndex', () => siteSearch(plan.routes, view.site, (route) => renderPageBody(route, view.site), pool))
      : undefined;
    const site = { ...view.site, searchIndexUrl: search?.href };

    const links = [
      ...contentPages.map((p) => ({ file: p.file, links: p.content.links })),
      ...(announcement ? [{ file: announcement.file, links: announcement.links }] : []),
    ];
    const linkCheck = createLinkCheck(links, new Map(contentPages.map((p) => [p.route, new Set(p.content.ids)])));
    diagnostics.push(
      ...(await timed('renderRoutes', () =>
        renderRoutes(plan.routes, site, async (page) => {
          linkCheck.notePage(page.route.path, page.html);
          await output({ path: page.path, contents: page.html });
        }),
      )),
    );

    const assetCopies = new Map<string, string>();
    for (const a of [...contentPages.flatMap((p) => p.content.assets), ...(announcement?.assets ?? [])])
      assetCopies.set(a.outPath, sources.assetAbsPaths.get(a.relPath)!);
    const rest: OutputFile[] = [
      ...(search ? [{ path: search.path, contents: await timed('searchIndex', () => search.contents) }] : []),
      ...view.files,
      ...client.files,
      ...siteFiles(config, plan.routes, contentSecurityPolicy(site)),
      ...sources.staticFiles.map((f) => ({ path: f.outPath, copyFrom: f.absPath })),
      ...(api?.files ?? []),
      ...(blog && blogPlan ? blogFeeds(content.posts, blogPlan.base, config, site.url) : []),
      ...(await timed('twins', () =>
        siteTwins({
          config,
          sources,
          docs: content.docs,
          pages: content.pages,
          posts: content.posts,
          extra: api?.markdown?.length ? [{ name: 'API', pages: api.markdown.map((p) => ({ ...p, source: false, file: '' })) }] : [],
        }),
      )),
      ...[...assetCopies].map(([path, copyFrom]) => ({ path, copyFrom })),
    ];
    for (const file of rest) await output(file);

    const pagePaths = plan.routes.map((r) => r.path);
    diagnostics.push(...(await timed('checkSite', () => linkCheck.check(new Set(pagePaths), new Set(rest.map((f) => f.path))))));
    const final = strict ? diagnostics.map((d) => (d.code.startsWith('SD4') ? { ...d, severity: 'error' as const } : d)) : diagnostics;
    return { files, diagnostics: final, timings, routes: pagePaths };
  } finally {
    await pool.close();
  }
}

/**
 * The API reference, when the site may have one: the OpenAPI stack (parsers, validators, sampler)
 * loads only then. The default folder may be absent (a site without an API); a configured path must exist.
 */
async function loadApiIfAny(root: string, config: SiteConfig): Promise<import('./openapi/load-api.js').LoadedApi | undefined> {
  if (config.openapi === false) return undefined;
  if (isDefaultOpenApiPath(config.openapi.path) && !existsSync(resolve(root, config.openapi.path))) return undefined;
  return (await import('./openapi/load-api.js')).loadApi(root, config);
}
