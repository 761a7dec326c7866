import { relative, resolve, sep } from 'node:path';
import type { SiteConfig } from '../../config/schema.js';
import { openApiPaths } from '../../config/openapi-schema.js';
import { hasErrors, type Diagnostic } from '../../shared/diagnostics.js';
import type { OutputFile, Route, Sources } from '../../shared/model.js';
import { prepareSite, type PreparedSite } from '../build-site.js';
import { createRenderMemo } from '../markdown/render-memo.js';
import type { LinkCheck } from '../check/check-site.js';
import { readUtf8 } from '../sources/read-utf8.js';
import type { KnownTexts } from '../sources/collect-sources.js';
import { createPool, poolSize, type WorkerPool } from '../workers/pool.js';
import { bundleClient, clientBundler, type ClientBundle, type ClientBundler } from '../assets/bundle-client.js';
import type { IslandComponent } from '../markdown/remark-islands.js';
import { sameRoute, sameSite } from './same-inputs.js';

// The site as `shipdocs serve` holds it: prepared once like a build, then kept in memory and brought
// up to date file by file. Pages are rendered when they are asked for, by the same code as `build`
// from the same inputs, so a page served is the page `build` would write. An edit re-reads only the
// files that changed, renders again only the markdown whose text or resolved links changed, loads
// the API again only when its document changed, and forgets the rendered pages whose inputs (their
// route, the site's view) changed; they come back on request. Nothing is written to disk.

export interface DevSiteOptions {
  root: string;
  config: SiteConfig;
  configFile?: { path: string; source?: string | undefined } | undefined;
  cacheDir?: string | undefined;
}

export interface UpdateResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** Milliseconds the update took. */
  ms: number;
  /** Pages of the site served (the last good one's, when this update failed). */
  pages: number;
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** Routes whose page this update changed (added, or made from other inputs): rendered again when asked for. */
  invalidated: string[];
  /** The new stylesheet's URL, when nothing but the stylesheet changed (pages may keep theirs and swap it in). */
  stylesheet?: string | undefined;
}

export interface DevSite {
  /** Problems of the site as last prepared (an update that failed: its own). */
  diagnostics(): Diagnostic[];
  /** Whether a preparation has succeeded (pages can be served). */
  ready(): boolean;
  /** The HTML page at a route path ("/docs/intro"), rendered now or kept from before; undefined when there is none. */
  page(path: string): string | undefined;
  /** The 404 page. */
  notFound(): string | undefined;
  /** A file of the output that is not a page ("assets/app-1a2b.css"), or undefined. */
  file(path: string): Promise<OutputFile | undefined>;
  /** Takes the files changed on disk (absolute paths) into account. A failed update keeps the last good site. */
  update(changed: readonly string[]): Promise<UpdateResult>;
  close(): Promise<void>;
}

/** Prepares the site (as `build` does, without rendering a page) and returns it with its first result. */
export async function createDevSite(options: DevSiteOptions): Promise<{ site: DevSite; first: UpdateResult }> {
  const root = resolve(options.root);
  const memo = createRenderMemo();
  let pool: WorkerPool | undefined;
  let current: PreparedSite | undefined;
  let lastDiagnostics: Diagnostic[] = [];
  let pages = new Map<string, string>();
  let files: Promise<Map<string, OutputFile>> | undefined;
  let assets: Map<string, OutputFile> | undefined;
  let byPath = new Map<string, Route>();
  // The client bundle of the last preparation and the esbuild context that made it: the same
  // islands with unchanged modules give the same bundle; after a module changed (`bundle` dropped),
  // the context rebuilds it, reading again only what changed. Other islands: a new context.
  let client: { key: string; bundler: Promise<ClientBundler> | undefined; bundle: Promise<ClientBundle> | undefined } | undefined;
  const bundle = (islands: readonly IslandComponent[] = []): Promise<ClientBundle> => {
    const key = JSON.stringify(islands);
    if (client?.key !== key) {
      void disposeBundler();
      // A site without islands takes the prebuilt bundle: no esbuild.
      client = { key, bundler: islands.length ? clientBundler(islands) : undefined, bundle: undefined };
    }
    const { bundler } = client;
    return (client.bundle ??= bundler ? bundler.then((b) => b.build()) : bundleClient([]));
  };
  const disposeBundler = async (): Promise<void> => {
    const bundler = client?.bundler;
    client = undefined;
    await bundler?.then((b) => b.dispose()).catch(() => undefined);
  };

  const prepare = async (sources: Sources | undefined, reloadApi: boolean, known?: KnownTexts): Promise<UpdateResult> => {
    const start = performance.now();
    pool ??= createPool(poolSize(0));
    const next = await prepareSite({
      root,
      // No service worker while previewing: it would keep pages the next edit changes. sw.js is the
      // one that removes itself, for a worker left on this origin by a served build.
      config: { ...options.config, offline: false },
      configFile: options.configFile,
      cacheDir: options.cacheDir,
      reuse: { sources, known, memo, pool, api: current && !reloadApi ? { loaded: current.api } : undefined, bundleClient: bundle },
    });
    if (hasErrors(next.diagnostics)) {
      lastDiagnostics = next.diagnostics;
      return { ok: false, diagnostics: next.diagnostics, ms: performance.now() - start, pages: byPath.size, timings: next.timings, invalidated: [] };
    }
    const compared = performance.now();
    const previous = current;
    const sameView = previous !== undefined && sameSite(previous.site, next.site);
    const before = byPath;
    const kept = new Map<string, string>();
    const invalidated: string[] = [];
    let sameRoutes = before.size === next.routes.length;
    for (const route of next.routes) {
      const old = before.get(route.path);
      const same = old !== undefined && sameRoute(old, route);
      sameRoutes &&= same;
      if (sameView && same) {
        const html = pages.get(route.path);
        if (html !== undefined) kept.set(route.path, html);
      } else invalidated.push(route.path);
    }
    // Only the stylesheet changed: a browser can swap it without reloading the page.
    const stylesheet =
      previous && !sameView && sameRoutes && sameSite(previous.site, { ...next.site, assets: { ...next.site.assets, css: previous.site.assets.css } })
        ? next.site.assets.css
        : undefined;
    current = next;
    byPath = new Map(next.routes.map((r) => [r.path, r]));
    pages = kept;
    files = undefined;
    assets = undefined;
    next.timings.invalidate = performance.now() - compared;
    // The link check's warnings (never errors here) come last: the pages it scans may be kept ones.
    const diagnostics = [
      ...next.diagnostics,
      ...(await next.timed('linkCheck', () => linkProblems(next.linkCheck, byPath, (route) => site.page(route.path)!))),
    ];
    lastDiagnostics = diagnostics;
    return { ok: true, diagnostics, ms: performance.now() - start, pages: byPath.size, timings: next.timings, invalidated, stylesheet };
  };

  const isUnder = (file: string, dir: string): boolean => {
    const abs = resolve(root, dir);
    return file === abs || file.startsWith(abs + sep);
  };

  const site: DevSite = {
    diagnostics: () => lastDiagnostics,
    ready: () => current !== undefined,
    page(path) {
      if (!current) return undefined;
      const route = byPath.get(path);
      if (!route) return undefined;
      let html = pages.get(route.path);
      if (html === undefined) pages.set(route.path, (html = current.render(route).html));
      return html;
    },
    notFound: () => site.page('/404.html'),
    async file(path) {
      if (!current) return undefined;
      const prepared = current;
      // What a page loads as it is shown comes first; the rest (feeds, exports, twins) is made on first use.
      assets ??= new Map(prepared.assets().map((f) => [f.path, f]));
      const asset = assets.get(path);
      if (asset) return asset;
      if (prepared.search?.path === path) return { path, contents: await prepared.search.contents() };
      files ??= prepared.files().then((list) => new Map(list.map((f) => [f.path, f])));
      return (await files).get(path);
    },
    async update(changed) {
      const config = options.config;
      const openapi = openApiPaths(config.openapi);
      const inApi = (f: string): boolean => openapi.some((path) => isUnder(f, path));
      const reloadApi = !current || changed.some(inApi);
      const relPaths = changed.map((f) => relative(root, f).split(sep).join('/'));
      // Only markdown files of the site whose text changed: the sources are brought up to date
      // here; anything else (a file added or removed, a category, a component, a static file) makes
      // collectSources walk the folders again, reading only the files that changed.
      const sources = current && changedTextOnly(current.sources, relPaths);
      // A component, partial or other file MDX may import: the MDX files and the bundle are made again.
      const notImported = (f: string, relPath: string): boolean =>
        inApi(f) || config.customCss.some((css) => isUnder(f, css)) || (/\.mdx?$/i.test(relPath) && !relPath.split('/').some((seg) => seg.startsWith('_')));
      if (!changed.every((f, i) => notImported(f, relPaths[i]!))) {
        memo.mdx = undefined;
        if (client) client.bundle = undefined;
      }
      return prepare(sources, reloadApi, current && { previous: current.sources, changed: new Set(relPaths) });
    },
    async close() {
      await disposeBundler();
      await pool?.close();
    },
  };
  const first = await prepare(undefined, true);
  return { site, first };
}

/**
 * The sources with the new text of the changed files, when every changed file is a markdown page
 * of the site (a doc, a page or a blog post) that still exists; else undefined (read everything again).
 */
function changedTextOnly(sources: Sources, changed: readonly string[]): Sources | undefined {
  const texts = new Map<string, string>();
  const known = new Set([...sources.docs, ...sources.pages, ...sources.blog].map((f) => f.relPath));
  for (const relPath of changed) {
    if (!known.has(relPath) || !/\.mdx?$/i.test(relPath)) return undefined;
    const text = readUtf8(resolve(sources.root, relPath), relPath);
    if (typeof text !== 'string') return undefined;
    texts.set(relPath, text);
  }
  const update = <T extends { relPath: string; contents: string }>(list: T[]): T[] =>
    list.some((f) => texts.has(f.relPath)) ? list.map((f) => (texts.has(f.relPath) ? { ...f, contents: texts.get(f.relPath)! } : f)) : list;
  return { ...sources, docs: update(sources.docs), pages: update(sources.pages), blog: update(sources.blog) };
}

/**
 * The link check of a build, for the pages it needs rendered to see their ids (React pages, the API
 * reference): a few pages, taken from those served (rendered now when they are not).
 */
function linkProblems(linkCheck: LinkCheck, routes: ReadonlyMap<string, Route>, page: (route: Route) => string): Diagnostic[] {
  for (const path of linkCheck.toScan) {
    const route = routes.get(path);
    if (route) linkCheck.notePage(path, page(route));
  }
  // Links to files other than pages (feeds, exports, twins, static files) are left to `build`: the
  // files are made only when asked for.
  return linkCheck.check(new Set(routes.keys()), { has: () => true });
}
