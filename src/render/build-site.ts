import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDefaultOpenApiPath, type SiteConfig } from '../config/schema.js';
import { positionAt, type Diagnostic } from '../shared/diagnostics.js';
import type { BuildTimings, LinkRef, OutputFile, Route } from '../shared/model.js';
import type { SiteView } from '../components/site-view.js';
import { contentSecurityPolicy } from '../components/layout/Document.js';
import { collectSources } from './sources/collect-sources.js';
import { parsePages } from './parse-pages.js';
import { readBlog } from './blog/parse-blog.js';
import { planBlogRoutes } from './blog/plan-blog-routes.js';
import { blogFeeds } from './blog/feeds.js';
import { planRoutes } from './routes/plan-routes.js';
import { categoryKey } from './docs/categories.js';
import { bundleClient } from './assets/bundle-client.js';
import { inlineScript } from './assets/inline-script.js';
import { renderAllRoutes, type RenderPoolOptions } from './html/render-pool.js';
import { checkPageImages } from './html/check-page-images.js';
import { buildSiteIndex, pendingIndexUrl, writeIndexUrl, type BuiltSearchIndex } from './search/index-site.js';
import { needsRenderedHtml, searchEntries } from './search/search-documents.js';
import { sidebarFragment, sidebarTrail } from '../components/layout/DocSidebar.js';
import { outputPathFor, pageText, toOutputFiles, type RenderedPage } from './html/render-routes.js';
import { siteFiles } from './html/site-files.js';
import { checkSite, htmlIds } from './check/check-site.js';
import { withBase } from './markdown/resolve-url.js';
import type { LinkCollector } from './markdown/rehype-links.js';
import { createHighlightService, ONE_LANE_FROM_FILES, type HighlightService } from './markdown/highlight-service.js';

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
  /** Told the output paths of the pages once they are planned (before they are drawn). */
  onPlanned?: ((paths: string[]) => void) | undefined;
}

export interface BuildSiteResult {
  files: OutputFile[];
  diagnostics: Diagnostic[];
  timings: BuildTimings;
  /** Routes of the HTML pages written. */
  routes: string[];
}

/** Blocks left to highlight above which rendering leaves a core to the highlight workers. */
const HIGHLIGHT_BACKLOG_BUSY = 100;

type Timed = <T>(name: string, fn: () => T | Promise<T>) => Promise<T>;

/** Runs the pipeline from sources to checked output files. Writes nothing. */
export async function buildSite(options: BuildSiteOptions): Promise<BuildSiteResult> {
  const timings: BuildTimings = {};
  const timed: Timed = async (name, fn) => {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      timings[name] = (timings[name] ?? 0) + performance.now() - start;
    }
  };
  const highlighter = createHighlightService({ cacheFile: options.cacheDir ? join(options.cacheDir, 'highlight.json') : undefined });
  try {
    return { ...(await runStages(options, timed, highlighter)), timings };
  } finally {
    highlighter.close();
  }
}

async function runStages({ root, config, strict = false, configFile, onPlanned }: BuildSiteOptions, timed: Timed, highlighter: HighlightService): Promise<Omit<BuildSiteResult, 'timings'>> {
  const diagnostics: Diagnostic[] = [];
  const sources = await timed('collectSources', () => collectSources(root, config));
  diagnostics.push(...sources.diagnostics);
  if (sources.docs.length + sources.pages.length + sources.blog.length >= ONE_LANE_FROM_FILES) highlighter.limitLanes(1);
  const blogPlan = await timed('readBlog', () => readBlog(sources, config));
  diagnostics.push(...(blogPlan?.diagnostics ?? []));
  const content = await timed('parsePages', () => parsePages(sources, config, highlighter, blogPlan));
  diagnostics.push(...content.diagnostics);
  /** Every page rendered from markdown or MDX. */
  const contentPages = [...content.docs, ...content.pages, ...content.posts];
  /** The static folder's files, by their path in the output. */
  const staticFiles = new Set(sources.staticFiles.map((f) => f.outPath));
  diagnostics.push(...checkPageImages(content, sources, staticFiles));
  const blog = blogPlan?.hasPosts ? await timed('planBlog', () => planBlogRoutes(content.posts, blogPlan.authors, blogPlan.tags, blogPlan.base, config)) : undefined;
  // The OpenAPI stack (parsers, validators, sampler) loads only when there may be an API document:
  // the default folder may be absent (a site without an API), a path of the config must exist.
  const apiPath = config.openapi === false ? undefined : config.openapi.path;
  const api = apiPath === undefined || (isDefaultOpenApiPath(apiPath) && !existsSync(resolve(root, apiPath))) ? undefined : await timed('loadApi', async () => (await import('./openapi/load-api.js')).loadApi(root, config));
  // A site left with the config's default title (zero-config) is named after its API.
  if (api?.title && config.title === 'Documentation') config = { ...config, title: api.title, tagline: config.tagline || (api.tagline ?? '') };
  diagnostics.push(...(api?.diagnostics ?? []));

  const categoryFiles = new Map(sources.categories.map((c) => [categoryKey(c.version, c.dir), c.relPath]));
  const plan = await timed('planRoutes', () => planRoutes({ config, content, reactPages: sources.reactPages, categoryFiles, versions: sources.docsVersions, extraRoutes: [...(blog?.routes ?? []), ...(api?.routes ?? [])] }));
  diagnostics.push(...plan.diagnostics);
  onPlanned?.(plan.routes.map((r) => outputPathFor(r.path)));
  const client = await timed('bundleClient', () => bundleClient([...content.islands.values()]));

  const url = (path: string): string => withBase(path, config.baseUrl);
  const script = inlineScript(config);
  const firstOf = (kind: Route['data']['kind']): string | undefined => plan.routes.find((r) => r.data.kind === kind)?.path;
  const docsRoot = config.docs === false ? undefined : `/${config.docs.routeBasePath.replace(/^\/|\/$/g, '')}`;
  const site: SiteView = {
    config,
    url,
    assets: { css: url('/' + client.css), entry: url('/' + client.entry), earlyScript: url('/' + client.earlyScript), inlineScript: script.code, inlineScriptHash: script.hash },
    docsSidebars: plan.docsSidebars,
    docsVersions: sources.docsVersions,
    docRoutes: content.docs.reduce((m, d) => m.set(d.version, (m.get(d.version) ?? new Map<string, string>()).set(d.id, d.route)), new Map<string, Map<string, string>>()),
    blogSidebar: blog?.sidebar,
    feeds: blog && blogPlan && content.posts.length ? { rss: url(`${blogPlan.base}/rss.xml`), atom: url(`${blogPlan.base}/atom.xml`), title: config.blog === false ? '' : config.blog.title } : undefined,
    sections: {
      docs: docsRoot && plan.routes.some((r) => r.path === docsRoot) ? docsRoot : firstOf('doc'),
      blog: blog ? blogPlan!.base : undefined,
      api: firstOf('api'),
    },
    languages: config.ui.languages,
    markupCache: new Map(),
  };
  // Large sidebars: the entries of closed categories go to one file per sidebar, not every page.
  const sidebarFiles: OutputFile[] = [];
  site.sidebarFragments = new Map();
  for (const [version, items] of plan.docsSidebars) {
    const fragment = sidebarFragment(site, items);
    if (fragment === undefined) continue;
    const path = `assets/sidebar/${createHash('sha256').update(fragment).digest('hex').slice(0, 10)}.html`;
    sidebarFiles.push({ path, contents: fragment });
    site.sidebarFragments.set(version, url(`/${path}`));
  }
  const fileRoutes = new Map(contentPages.map((p) => [p.file, p.route]));
  const announcement = config.announcementBar ? await announcementBar(config.announcementBar.content, { config, fileRoutes, assetFiles: sources.assetFiles, staticFiles, configFile }) : undefined;
  diagnostics.push(...(announcement?.diagnostics ?? []));
  const announcementHtml = announcement?.html;
  // Pages are rendered with placeholders for their code blocks, which the highlight worker fills
  // meanwhile; waiting for it before rendering left this thread idle for seconds.
  let rendered: RenderedPage[];
  let searchIndex: Promise<BuiltSearchIndex> | undefined;
  // With much code still to highlight, the highlight workers hold a core: a render worker there
  // would only take turns with them (measured slower on the 1,000-page benchmark).
  const renderPool = (): RenderPoolOptions => ({ reservedCores: highlighter.backlog() > HIGHLIGHT_BACKLOG_BUSY ? 1 : 0 });
  if (config.navbar.search) {
    // The index is named after its contents, known once it is built: pages are drawn pointing at a
    // placeholder name as long as the real one, written over it at the end. Search entries come
    // from the parsed content; only pages whose text exists once rendered (home, React pages) are
    // drawn first, and the index is built in a worker while the other pages are drawn.
    site.searchIndexUrl = pendingIndexUrl(url);
    const early = plan.routes.filter(needsRenderedHtml);
    const earlyPages = await timed('renderRoutes', () => renderAllRoutes(early, site, announcementHtml));
    const earlyHtml = new Map(earlyPages.map((p) => [p.route, pageText(p)]));
    const crumbs = (route: Route): string[] => (route.data.kind === 'doc' ? sidebarTrail(site.docsSidebars.get(route.data.doc.version) ?? [], route.path).map((t) => t.title) : []);
    const entries = await timed('searchIndex', () => searchEntries(plan.routes.map((route) => ({ route, html: earlyHtml.get(route) })), { url, crumbs }));
    searchIndex = buildSiteIndex(entries, url);
    // A failure is reported where the index is awaited, after rendering.
    searchIndex.catch(() => undefined);
    const rest = await timed('renderRoutes', () => renderAllRoutes(plan.routes.filter((r) => !earlyHtml.has(r)), site, announcementHtml, renderPool()));
    const byRoute = new Map([...earlyPages, ...rest].map((p) => [p.route, p]));
    rendered = plan.routes.map((r) => byRoute.get(r)!);
  } else {
    rendered = await timed('renderRoutes', () => renderAllRoutes(plan.routes, site, announcementHtml, renderPool()));
  }
  diagnostics.push(...rendered.flatMap((r) => r.diagnostics ?? []));
  await timed('highlight', async () => {
    // Only pages holding a code block are decoded and filled, one at a time; blog posts' own HTML
    // goes into the feeds.
    const filler = await highlighter.finish();
    for (const r of rendered) r.bytes = filler.bytes(r.bytes);
    for (const p of content.posts) p.content.html = filler.text(p.content.html);
  });
  const searchFiles: OutputFile[] = [];
  if (searchIndex) {
    const pending = searchIndex;
    const built = await timed('searchIndex', () => pending);
    writeIndexUrl(rendered, site.searchIndexUrl!, built.href);
    searchFiles.push(built.file);
  }

  const files: OutputFile[] = [
    ...toOutputFiles(rendered),
    ...searchFiles,
    ...sidebarFiles,
    ...client.files,
    ...siteFiles(config, plan.routes, contentSecurityPolicy(site)),
    ...sources.staticFiles.map((f) => ({ path: f.outPath, copyFrom: f.absPath })),
    ...(api?.files ?? []),
    ...(blog && blogPlan ? blogFeeds(content.posts, blogPlan.base, config, url) : []),
  ];
  const assetCopies = new Map<string, string>();
  for (const page of contentPages) {
    for (const a of page.content.assets) assetCopies.set(a.outPath, sources.assetAbsPaths.get(a.relPath)!);
  }
  for (const a of announcement?.assets ?? []) assetCopies.set(a.outPath, sources.assetAbsPaths.get(a.relPath)!);
  for (const [path, copyFrom] of assetCopies) files.push({ path, copyFrom });

  const checks = await timed('checkSite', () => {
    const byRoute = new Map(rendered.map((r) => [r.route.path, r]));
    // Content pages know their ids already; a page's HTML is decoded and scanned only when an
    // anchor is not among them (ids of the shell, of React pages, of the API reference).
    const contentIds = new Map(contentPages.map((p) => [p.route, new Set(p.content.ids)]));
    const scanned = new Map<string, Set<string>>();
    const scan = (route: string, page: RenderedPage): Set<string> => {
      let ids = scanned.get(route);
      if (!ids) scanned.set(route, (ids = htmlIds(pageText(page))));
      return ids;
    };
    return checkSite({
      routes: new Set(byRoute.keys()),
      files: new Set(files.map((f) => f.path)),
      idsOf: (route) => {
        const page = byRoute.get(route);
        if (!page) return undefined;
        return { has: (id: string) => contentIds.get(route)?.has(id) === true || scan(route, page).has(id) };
      },
      links: [...contentPages.map((p) => ({ file: p.file, links: p.content.links })), ...(announcement ? [{ file: announcement.file, links: announcement.links }] : [])],
    });
  });
  diagnostics.push(...checks);

  const final = strict ? diagnostics.map((d) => (d.code.startsWith('SD4') ? { ...d, severity: 'error' as const } : d)) : diagnostics;
  return { files, diagnostics: final, routes: plan.routes.map((r) => r.path) };
}

/**
 * The announcement bar's text, rendered like content: its links get the base URL and are checked,
 * and problems name the config file (at the line where the URL is written, when it can be found).
 */
async function announcementBar(
  text: string,
  ctx: { config: SiteConfig; fileRoutes: ReadonlyMap<string, string>; assetFiles: ReadonlySet<string>; staticFiles: ReadonlySet<string>; configFile: BuildSiteOptions['configFile'] },
): Promise<{ html: string; file: string; links: LinkRef[]; assets: LinkCollector['assets']; diagnostics: Diagnostic[] }> {
  // Its markdown renderer (remark, and parse5 for raw HTML) loads only for sites that have a bar.
  const { renderInline } = await import('./markdown/render-description.js');
  const file = ctx.configFile?.path ?? 'site.config.ts';
  const out: LinkCollector = { links: [], assets: [], diagnostics: [] };
  const html = renderInline(text, { options: { file, route: '/', baseUrl: ctx.config.baseUrl, fileRoutes: ctx.fileRoutes, assetFiles: ctx.assetFiles, staticFiles: ctx.staticFiles, lineOffset: 0 }, out });
  const source = ctx.configFile?.source;
  const place = <T extends { line?: number; column?: number }>(item: T, written: string | undefined): T => {
    const at = written && source ? source.indexOf(written) : -1;
    return { ...item, ...(at < 0 ? { line: 1, column: 1 } : positionAt(source!, at)) };
  };
  return {
    html,
    file,
    assets: out.assets,
    links: out.links.map((l) => place(l, l.written)),
    diagnostics: out.diagnostics.map((d) => place(d, /"([^"]+)"|(\S+\.mdx?)/.exec(d.message)?.slice(1).find(Boolean))),
  };
}
