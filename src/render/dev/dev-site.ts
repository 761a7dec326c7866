import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import type { SiteConfig } from '../../config/schema.js';
import { changelogFiles, openApiPaths } from '../../config/openapi-schema.js';
import { VERSIONED_API, VERSIONS_FILE } from '../sources/read-versions.js';
import { hasErrors, type Diagnostic } from '../../shared/diagnostics.js';
import type { Route, WholeFile, SourceFile, Sources } from '../../shared/model.js';
import { prepareSite, type PreparedSite } from '../build-site.js';
import { emitFiles, pageAssets } from '../stages/emit-files.js';
import { openOutput, type Output } from '../write/write-dist.js';
import type { SiteCache } from '../stages/site-cache.js';
import { renderRoute } from '../html/render-routes.js';
import { createRenderMemo, type LinkContext } from '../markdown/render-memo.js';
import { createSidebarMemo } from '../html/site-view.js';
import type { KnownTexts } from '../sources/collect-sources.js';
import { createPool, poolSize, type WorkerPool } from '../workers/pool.js';
import { bundleClient, clientBundler, type ClientBundle, type ClientBundler } from '../assets/bundle-client.js';
import type { IslandComponent } from '../markdown/remark-islands.js';
import { sameRoute, sameSite } from './same-inputs.js';
import { checkLinks, type KeptLinks } from './kept-links.js';
import { editBodies } from './page-edit.js';
import { indexSources, withTexts, type EditedSources, type SourcePlace } from './edited-sources.js';

// The site as `shipdocs serve` holds it: prepared once like a build, then kept in memory and brought
// up to date file by file. Pages are rendered when they are asked for, by the same code as `build`
// from the same inputs, so a page served is the page `build` would write. An edit re-reads only the
// files that changed, renders again only the markdown whose text or resolved links changed, loads
// the API again only when its document changed, and forgets the rendered pages whose inputs (their
// route, the site's view) changed; they come back on request. An edit of a page's body alone touches
// that page only (page-edit.ts): its cost does not grow with the site. Pages are never written to
// disk; the files made from every page (feeds, exports, twins, llms.txt), made on first request,
// are written to a temporary folder as they are made, as `build` writes them: a large API's add up
// to gigabytes, which held in memory ended the server (Microsoft Graph's, at a request of llms.txt).

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
  file(path: string): Promise<WholeFile | undefined>;
  /** Takes the files changed on disk (absolute paths) into account. A failed update keeps the last good site. */
  update(changed: readonly string[]): Promise<UpdateResult>;
  close(): Promise<void>;
}

/** Prepares the site (as `build` does, without rendering a page) and returns it with its first result. */
export async function createDevSite(options: DevSiteOptions): Promise<{ site: DevSite; first: UpdateResult }> {
  const root = resolve(options.root);
  const memo = createRenderMemo();
  let pool: WorkerPool | undefined;
  /** The last preparation that succeeded. */
  let current: PreparedSite | undefined;
  /** Its sources, with the texts of the pages edited since. */
  let sources: Sources | undefined;
  /** Where each markdown file of `sources` is: its list and its place in it. */
  let sourceIndex = new Map<string, SourcePlace>();
  /**
   * The link targets the last preparation parsed against, while the memo holds its texts: an edit
   * of pages' bodies alone is parsed against them. None after a failed update (the memo holds
   * the failed texts): the next edit prepares the site again.
   */
  let linkTargets: LinkContext | undefined;
  /** Pages edited since `current` was prepared: the files made from every page come from a new preparation. */
  let edited = false;
  /** The problems of the last preparation, with those of the pages edited since (the link check's apart). */
  let problems: Diagnostic[] = [];
  let links: KeptLinks | undefined;
  let lastDiagnostics: Diagnostic[] = [];
  let pages = new Map<string, string>();
  /** The files made from every page but the pages, by path, and the temporary folder they are written to. */
  let files: { made: Promise<Map<string, WholeFile>>; output: Output } | undefined;
  /**
   * Makes those files, written to a temporary folder beside the system's others (a server that was
   * killed leaves its own there, removed by the next one, as a build's: write-dist.ts); those with a
   * source of their own are served from it.
   */
  const writeFiles = (prepared: PreparedSite): NonNullable<typeof files> => {
    const output = openOutput(join(tmpdir(), 'shipdocs-serve'));
    const served = new Map<string, WholeFile>();
    const made = emitFiles(prepared, async (f) => {
      if ('copyFrom' in f) return void served.set(f.path, f);
      await output.write(f);
      served.set(f.path, { path: f.path, copyFrom: join(output.tmp, f.path) });
    }).then(() => served);
    return { made, output };
  };
  /**
   * Removes the folder of the files made from the previous preparation (a request still reading
   * one loses it): in the background after an edit, at once (`now`) when the server closes.
   */
  const forgetFiles = (now = false): void => {
    const output = files?.output;
    files = undefined;
    void (now ? output?.discard() : output?.discardInBackground())?.catch(() => undefined);
  };
  let assets: Map<string, WholeFile> | undefined;
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

  // Updates run one at a time: a request for a file may start one (below) while the CLI's runs.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn);
    queue = run.catch(() => undefined);
    return run;
  };

  // What each preparation leaves for the next (stages/site-cache.ts); the API is dropped when its document changes.
  const cache: SiteCache = { memo, sidebars: createSidebarMemo(), bundleClient: bundle };

  const prepare = async (given: Sources | undefined, reloadApi: boolean, known?: KnownTexts): Promise<UpdateResult> => {
    const start = performance.now();
    if (reloadApi) cache.api = undefined;
    pool ??= createPool(poolSize(0));
    const next = await prepareSite({
      root,
      // No service worker while previewing: it would keep pages the next edit changes. sw.js is the
      // one that removes itself, for a worker left on this origin by a served build.
      config: { ...options.config, offline: false },
      configFile: options.configFile,
      cacheDir: options.cacheDir,
      sources: given,
      known,
      pool,
      cache,
    });
    if (hasErrors(next.diagnostics)) {
      lastDiagnostics = next.diagnostics;
      linkTargets = undefined;
      return { ok: false, diagnostics: next.diagnostics, ms: performance.now() - start, pages: byPath.size, timings: next.timings, invalidated: [] };
    }
    const compared = performance.now();
    const previous = current;
    const sameView = previous !== undefined && sameSite(previous.viewed.site, next.viewed.site);
    // Only the stylesheet changed: a browser can swap it without reloading the page (when no route changed either).
    const cssOnly =
      previous !== undefined &&
      !sameView &&
      sameSite(previous.viewed.site, { ...next.viewed.site, assets: { ...next.viewed.site.assets, css: previous.viewed.site.assets.css } });
    const before = byPath;
    const kept = new Map<string, string>();
    const invalidated: string[] = [];
    let sameRoutes = before.size === next.planned.plan.routes.length;
    for (const route of next.planned.plan.routes) {
      // Another view (a sidebar changed) changes every page: their routes need no comparing.
      const old = sameView || cssOnly ? before.get(route.path) : undefined;
      const same = old !== undefined && sameRoute(old, route);
      sameRoutes &&= same;
      if (sameView && same) {
        const html = pages.get(route.path);
        if (html !== undefined) kept.set(route.path, html);
      } else invalidated.push(route.path);
    }
    const stylesheet = cssOnly && sameRoutes ? next.viewed.site.assets.css : undefined;
    current = next;
    sources = next.loaded.sources;
    sourceIndex = indexSources(next.loaded.sources);
    linkTargets = memo.site;
    edited = false;
    byPath = new Map(next.planned.plan.routes.map((r) => [r.path, r]));
    pages = kept;
    forgetFiles();
    assets = undefined;
    next.timings.invalidate = performance.now() - compared;
    problems = next.diagnostics;
    // The link check's warnings (never errors here) come last: the pages it scans may be kept ones.
    links = await next.timed('linkCheck', () => checkLinks(next.viewed.linkCheck, byPath, (route) => site.page(route.path)!));
    lastDiagnostics = [...problems, ...links.problems()];
    return { ok: true, diagnostics: lastDiagnostics, ms: performance.now() - start, pages: byPath.size, timings: next.timings, invalidated, stylesheet };
  };

  /** An edit of the bodies of docs or markdown pages alone (page-edit.ts): their routes take the new pages, nothing else is made again. */
  const editPages = async (edit: EditedSources): Promise<UpdateResult | undefined> => {
    const start = performance.now();
    if (!current || !linkTargets || !links) return undefined;
    // A post's text shows in the blog's lists and tag pages too.
    const changed = edit.files.filter((f): f is { kind: 'docs' | 'pages'; file: SourceFile } => f.kind !== 'blog');
    if (changed.length !== edit.files.length) return undefined;
    const body = await editBodies({
      config: current.loaded.config,
      sources: edit.sources,
      changed,
      routes: byPath,
      site: linkTargets,
      memo,
      highlighter: current.loaded.highlighter,
    });
    if (!body) return undefined;
    const parsed = performance.now();
    const replaced = new Set(body.pages.flatMap((p) => p.before.diagnostics));
    problems = [...problems.filter((d) => !replaced.has(d)), ...body.pages.flatMap((p) => p.after.diagnostics)];
    const invalidated: string[] = [];
    for (const { route, before, after } of body.pages) {
      byPath.set(route.path, route);
      // A file saved unchanged keeps its rendering (the memo's): its page stays.
      if (after === before) continue;
      pages.delete(route.path);
      invalidated.push(route.path);
      links.editPage({ file: route.file!, route: route.path, links: after.links, ids: after.ids });
    }
    sources = edit.sources;
    edited = true;
    lastDiagnostics = [...problems, ...links.problems()];
    const timings = { editPages: parsed - start, linkCheck: performance.now() - parsed };
    return { ok: true, diagnostics: lastDiagnostics, ms: performance.now() - start, pages: byPath.size, timings, invalidated };
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
      if (html === undefined) pages.set(route.path, (html = renderRoute(route, current.viewed.site).html));
      return html;
    },
    notFound: () => site.page('/404.html'),
    async file(path) {
      if (!current) return undefined;
      // What a page loads as it is shown comes first (page edits leave it as it was: the same
      // images); the rest (feeds, exports, twins) is made on first use.
      assets ??= new Map(pageAssets(current).map((f) => [f.path, f]));
      const asset = assets.get(path);
      if (asset) return asset;
      // Those files are made from every page: after edits of pages alone, the site is prepared again first.
      if (edited)
        await serially(async () => {
          if (edited) await prepare(sources, false);
        });
      const prepared = current;
      const { search } = prepared.viewed;
      if (search?.path === path) return { path, contents: await search.contents() };
      const making = (files ??= writeFiles(prepared));
      try {
        return (await making.made).get(path);
      } catch (err) {
        // The site changed while they were made (their folder is gone): from the new preparation.
        if (making !== files) return site.file(path);
        throw err;
      }
    },
    update(changed) {
      return serially(async () => {
        const config = options.config;
        // The changelog's snapshots are compared with the document when the API loads: an edit of one reloads it too.
        // So are the documents that docs versions keep (versioned_api/), and the list of versions.
        const openapi = [...openApiPaths(config.openapi), ...changelogFiles(config.openapi), VERSIONED_API, VERSIONS_FILE];
        const inApi = (f: string): boolean => openapi.some((path) => isUnder(f, path));
        const reloadApi = !current || changed.some(inApi);
        const relPaths = changed.map((f) => relative(root, f).split(sep).join('/'));
        // Only markdown files of the site whose text changed: the sources are brought up to date
        // here; anything else (a file added or removed, a category, a component, a static file) makes
        // collectSources walk the folders again, reading only the files that changed.
        const edit = sources && withTexts(sources, sourceIndex, relPaths);
        // A component, partial or other file MDX may import: the MDX files and the bundle are made again.
        const notImported = (f: string, relPath: string): boolean =>
          inApi(f) || config.customCss.some((css) => isUnder(f, css)) || (/\.mdx?$/i.test(relPath) && !relPath.split('/').some((seg) => seg.startsWith('_')));
        if (!changed.every((f, i) => notImported(f, relPaths[i]!))) {
          memo.mdx = undefined;
          if (client) client.bundle = undefined;
        }
        const pagesOnly = edit && !reloadApi ? await editPages(edit) : undefined;
        return pagesOnly ?? prepare(edit?.sources, reloadApi, sources && { previous: sources, changed: new Set(relPaths) });
      });
    },
    async close() {
      // First, and synchronously: a server that exits right after calling this leaves no folder.
      forgetFiles(true);
      await disposeBundler();
      await pool?.close();
    },
  };
  const first = await prepare(undefined, true);
  return { site, first };
}
