import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { isDefaultOpenApiPath, type SiteConfig } from '../config/schema.js';
import { diagnostic, type Diagnostic } from '../shared/diagnostics.js';
import type { BuildTimings, OutputFile, Route, Sources, Timed } from '../shared/model.js';
import { contentSecurityPolicy } from '../components/layout/Document.js';
import { collectSources, type KnownTexts } from './sources/collect-sources.js';
import { createPool, poolSize } from './workers/pool.js';
import { pause } from './workers/pause.js';
import { createCodeHighlighter, type CodeHighlighter } from './markdown/highlight-code.js';
import { parsePages } from './markdown/parse-pages.js';
import { siteTwins } from './llms/site-twins.js';
import { siteIndex } from './llms/site-index.js';
import { withBase } from './markdown/resolve-url.js';
import { renderAnnouncement } from './markdown/render-announcement.js';
import { readBlog } from './blog/parse-blog.js';
import { planBlogRoutes } from './blog/plan-blog-routes.js';
import { blogFeeds } from './blog/feeds.js';
import { planRoutes } from './routes/plan-routes.js';
import { bundleClient } from './assets/bundle-client.js';
import { withCustomCss } from './assets/site-stylesheet.js';
import { offlineWorkerFile, shellFiles, workerSettings, WORKER_PATH } from './assets/offline-worker.js';
import { siteSearch, type SiteSearchIndex } from './search/site-search.js';
import { createSiteView, type SidebarMemo } from './html/site-view.js';
import { renderPageBody, renderRoute, renderRoutes, type RenderedPage } from './html/render-routes.js';
import { checkPageImages } from './html/check-page-images.js';
import { siteFiles } from './html/site-files.js';
import { createLinkCheck, type LinkCheck } from './check/check-site.js';
import type { RenderMemo } from './markdown/render-memo.js';
import type { ParsedContent } from './markdown/parse-pages.js';
import type { LoadedApi } from '../openapi/load-api.js';
import type { SiteView } from '../components/site-view.js';
import type { WorkerPool } from './workers/pool.js';
import type { SiteIndex } from '../shared/site-index.js';

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
  /** Told each stage's name as it starts (the CLI prints them with SHIPDOCS_TIMING=1: what an interrupted build was doing). */
  onStage?: ((name: string) => void) | undefined;
}

/** The warnings `--strict` makes errors: broken links and anchors, duplicate routes (SD4xxx), duplicate operationIds, unknown OpenAPI properties and invalid describing values. */
const STRICT_ERRORS = (code: string): boolean => code.startsWith('SD4') || code === 'SD3014' || code === 'SD3015' || code === 'SD3016';

export interface BuildSiteResult {
  /** The output files, unless `write` took them. */
  files: OutputFile[];
  diagnostics: Diagnostic[];
  timings: BuildTimings;
  /** Routes of the HTML pages made. */
  routes: string[];
}

/** Runs the pipeline from sources to checked output files, in DESIGN.md's order. Writes nothing itself. */
export async function buildSite({ write, ...options }: BuildSiteOptions): Promise<BuildSiteResult> {
  const files: OutputFile[] = [];
  const output = write ?? (async (file: OutputFile) => void files.push(file));
  const prepared = await prepareSite(options);
  try {
    const { timed, linkCheck } = prepared;
    const diagnostics = [...prepared.diagnostics];
    // Started now, so the worker pool builds the index while the pages render.
    void prepared.search?.contents().catch(() => undefined);
    diagnostics.push(
      ...(await timed('renderRoutes', () =>
        renderRoutes(prepared.routes, prepared.site, async (page) => {
          linkCheck.notePage(page.route.path, page.html);
          await output({ path: page.path, contents: page.html });
        }),
      )),
    );
    const rest = await prepared.files();
    for (const file of rest) {
      await output(file);
      await pause();
    }
    const pagePaths = prepared.routes.map((r) => r.path);
    diagnostics.push(...(await timed('checkSite', () => linkCheck.check(new Set(pagePaths), new Set(rest.map((f) => f.path))))));
    const final = options.strict ? diagnostics.map((d) => (STRICT_ERRORS(d.code) ? { ...d, severity: 'error' as const } : d)) : diagnostics;
    return { files, diagnostics: final, timings: prepared.timings, routes: pagePaths };
  } finally {
    await prepared.close();
  }
}

export interface PrepareSiteOptions extends Omit<BuildSiteOptions, 'write'> {
  /** What an earlier preparation of the same site may lend (the dev server's; see render/dev). */
  reuse?: SiteReuse | undefined;
}

/** Results of an earlier preparation that a new one takes instead of making them again. */
interface SiteReuse {
  /** The sources, when the caller has brought them up to date itself. */
  sources?: Sources | undefined;
  /** Otherwise, texts read before that have not changed since. */
  known?: KnownTexts | undefined;
  /** Renderings of markdown files, kept while their text and the links they resolved stay the same. */
  memo?: RenderMemo | undefined;
  /** The API reference, when its document has not changed. */
  api?: { loaded: LoadedApi | undefined } | undefined;
  /** A worker pool that outlives this preparation (closed by its owner). */
  pool?: WorkerPool | undefined;
  /** Bundles the client (the dev server's keeps the last bundle while its inputs are unchanged). */
  bundleClient?: typeof bundleClient | undefined;
  /** The highlighter of an earlier preparation, with the blocks it has highlighted (its cache file is not written again). */
  highlighter?: CodeHighlighter | undefined;
  /** Markup of the large sidebars' lists, kept by what they list (a title edit renders again only the lists that show it). */
  sidebars?: SidebarMemo | undefined;
}

/** Everything every page is rendered from, and the way to render one. */
export interface PreparedSite {
  /** The config, named after its API when it has no title of its own. */
  config: SiteConfig;
  sources: Sources;
  content: ParsedContent;
  api: LoadedApi | undefined;
  routes: readonly Route[];
  site: SiteView;
  linkCheck: LinkCheck;
  /** Highlights code blocks: the dev server's edits render markdown with it again. */
  highlighter: CodeHighlighter;
  /** Problems found so far (rendering and the link check add theirs). */
  diagnostics: Diagnostic[];
  timings: BuildTimings;
  timed: Timed;
  /** One page. */
  render(route: Route): RenderedPage;
  /** The search index (none when the navbar has no search box); made on the first call of `contents`. */
  search: SiteSearchIndex | undefined;
  /** The files pages load as they are shown: styles, the client bundle, static files, images. */
  assets(): OutputFile[];
  /** The site index: every page with its Markdown, every API operation (made on the first call). */
  index(): Promise<SiteIndex>;
  /** Every output file that is not a page: the assets, search index, feeds, exports, Markdown twins, sitemap. */
  files(): Promise<OutputFile[]>;
  /** Stops the worker pool, unless the caller lent it. */
  close(): Promise<void>;
}

/** The pipeline up to the pages: sources read and parsed, the API loaded, routes planned, the shell's view made. */
export async function prepareSite({ root, config, cacheDir, configFile, onStage, reuse = {} }: PrepareSiteOptions): Promise<PreparedSite> {
  const timings: BuildTimings = {};
  const timed = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
    // A stage starts on a turn of the event loop of its own when the one before ran long (see pause).
    await pause();
    onStage?.(name);
    const start = performance.now();
    try {
      return await fn();
    } finally {
      timings[name] = (timings[name] ?? 0) + performance.now() - start;
    }
  };
  const diagnostics: Diagnostic[] = [];
  const report = <T extends { diagnostics: readonly Diagnostic[] } | undefined>(result: T): T => (diagnostics.push(...(result?.diagnostics ?? [])), result);

  const sources = report(reuse.sources ?? (await timed('collectSources', () => collectSources(root, config, reuse.known))));
  const blogPlan = report(await timed('readBlog', () => readBlog(sources, config)));
  const pool = reuse.pool ?? createPool(poolSize(sources.docs.length + sources.pages.length + sources.blog.length));
  try {
    const highlighter = reuse.highlighter ?? createCodeHighlighter({ pool, cacheFile: cacheDir && join(cacheDir, 'highlight.json') });
    const content = report(await timed('parsePages', () => parsePages(sources, config, highlighter, blogPlan, reuse.memo)));
    // A reused one was saved by the preparation that made it; writing it again at each edit would cost as much as the site's blocks.
    if (!reuse.highlighter) await highlighter.save();
    const contentPages = [...content.docs, ...content.pages, ...content.posts];
    const staticFiles = new Set(sources.staticFiles.map((f) => f.outPath));
    diagnostics.push(...checkPageImages(content, sources, staticFiles, { image: config.image, configFile }));
    const staticWorker = sources.staticFiles.find((f) => f.outPath === WORKER_PATH);
    if (config.offline && staticWorker) {
      const file = relative(root, staticWorker.absPath).split(sep).join('/');
      diagnostics.push(diagnostic('SD5003', { message: `${file} would take the place of the service worker that \`offline: true\` writes.`, file }));
    }

    const api = report(reuse.api ? reuse.api.loaded : await timed('loadApi', () => loadApiIfAny(root, config, timed)));
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
    const bundled = await timed('bundleClient', () => (reuse.bundleClient ?? bundleClient)([...content.islands.values()]));
    const { client } = report(await timed('stylesheet', () => withCustomCss(bundled, root, config.customCss)));

    const fileRoutes = new Map(contentPages.map((p) => [p.file, p.route]));
    const announcement = config.announcementBar
      ? report(await renderAnnouncement(config.announcementBar.content, { config, fileRoutes, assetFiles: sources.assetFiles, staticFiles, configFile }))
      : undefined;
    const blogView = blog && blogPlan ? { base: blogPlan.base, sidebar: blog.sidebar, hasFeeds: content.posts.length > 0 } : undefined;
    const view = await timed('siteView', () =>
      createSiteView({
        config,
        plan,
        docs: content.docs,
        docsVersions: sources.docsVersions,
        client,
        blog: blogView,
        announcementHtml: announcement?.html,
        apis: api?.apis ?? [],
        memo: reuse.sidebars,
      }),
    );
    const search = config.navbar.search ? siteSearch(plan.routes, view.site, (route) => renderPageBody(route, view.site), pool) : undefined;
    const site = { ...view.site, searchIndexUrl: search?.href };

    const links = [
      ...contentPages.map((p) => ({ file: p.file, links: p.content.links })),
      ...(announcement ? [{ file: announcement.file, links: announcement.links }] : []),
      ...(api?.links ?? []),
    ];
    const linkCheck = await timed('links', () => createLinkCheck(links, new Map(contentPages.map((p) => [p.route, new Set(p.content.ids)]))));

    // The files pages load as they are shown (styles, scripts, images), cheap to list.
    const assets = (): OutputFile[] => {
      const assetCopies = new Map<string, string>();
      for (const a of [...contentPages.flatMap((p) => p.content.assets), ...(announcement?.assets ?? [])])
        assetCopies.set(a.outPath, sources.assetAbsPaths.get(a.relPath)!);
      return [
        ...view.files,
        ...client.files,
        ...sources.staticFiles.map((f) => ({ path: f.outPath, copyFrom: f.absPath })),
        ...[...assetCopies].map(([path, copyFrom]) => ({ path, copyFrom })),
      ];
    };
    // sw.js: with `offline` on, the worker of this build's shell; off, one that removes itself
    // (unless the static folder has a worker of the site's own).
    const offlineWorker = async (searchIndex: OutputFile | undefined): Promise<OutputFile[]> => {
      if (!config.offline) return staticWorker ? [] : [await offlineWorkerFile(workerSettings(config.baseUrl, undefined))];
      const page = renderRoute(
        plan.routes.find((r) => r.data.kind === 'offline')!,
        site,
      );
      const shell = shellFiles(
        [client.css, client.earlyScript, ...client.shell, ...(searchIndex ? [searchIndex.path] : [])],
        [...client.files, ...(searchIndex ? [searchIndex] : [])],
      );
      return [await offlineWorkerFile(workerSettings(config.baseUrl, [...shell, { path: page.path, contents: page.html }]))];
    };
    // The site index (pages with their Markdown, operations): the twins and llms.txt are written from it, `shipdocs mcp` answers from it.
    let indexed: Promise<SiteIndex> | undefined;
    const index = (): Promise<SiteIndex> =>
      (indexed ??= (async () => {
        const markdown = (await api?.exports?.())?.markdown ?? [];
        // One Markdown section per API, in the order of `api.apis`.
        const apis = (api?.apis ?? []).map((a, i) => ({ api: a, ...markdown[i]! }));
        return siteIndex({ config, sources, docs: content.docs, pages: content.pages, posts: content.posts, apis });
      })());
    const files = async (): Promise<OutputFile[]> => {
      const searchIndex = search ? { path: search.path, contents: await timed('searchIndex', () => search.contents()) } : undefined;
      const apiExports = api?.exports ? await timed('apiExports', api.exports) : undefined;
      return [
        ...(searchIndex ? [searchIndex] : []),
        ...assets(),
        ...(await timed('offlineWorker', () => offlineWorker(searchIndex))),
        ...siteFiles(config, plan.routes, contentSecurityPolicy(site)),
        ...(api?.files ?? []),
        ...(apiExports?.files ?? []),
        ...(blog && blogPlan ? blogFeeds(content.posts, blogPlan.base, config, site.url) : []),
        ...(await timed('twins', async () => siteTwins(await index(), (path) => config.url.replace(/\/+$/, '') + withBase(path, config.baseUrl)))),
      ];
    };
    return {
      config,
      sources,
      content,
      api,
      routes: plan.routes,
      site,
      linkCheck,
      highlighter,
      diagnostics,
      timings,
      timed,
      render: (route) => renderRoute(route, site),
      search,
      assets,
      index,
      files,
      close: () => (reuse.pool ? Promise.resolve() : pool.close()),
    };
  } catch (err) {
    if (!reuse.pool) await pool.close();
    throw err;
  }
}

/**
 * The API reference, when the site may have one: the OpenAPI stack (parsers, validators, sampler)
 * loads only then. The default folder may be absent (a site without an API); a configured path must exist.
 */
async function loadApiIfAny(root: string, config: SiteConfig, timed: Timed): Promise<LoadedApi | undefined> {
  if (config.openapi === false) return undefined;
  if (!Array.isArray(config.openapi) && isDefaultOpenApiPath(config.openapi.path) && !existsSync(resolve(root, config.openapi.path))) return undefined;
  return (await import('../openapi/load-api.js')).loadApi(root, config, { timed });
}
