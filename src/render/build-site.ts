import type { SiteConfig } from '../config/schema.js';
import { withStrict, type Diagnostic } from '../shared/diagnostics.js';
import { joinedParts, type BuildTimings, type OutputFile, type Sources, type Timed, type WholeFile } from '../shared/model.js';
import type { KnownTexts } from './sources/collect-sources.js';
import { createPool, poolSize, type WorkerPool } from './workers/pool.js';
import { pause } from './workers/pause.js';
import { renderRoutes } from './html/render-routes.js';
import { loadSite, type LoadedSite } from './stages/load-site.js';
import { planSite, type PlannedSite } from './stages/plan-site.js';
import { viewSite, type ViewedSite } from './stages/view-site.js';
import { emitFiles } from './stages/emit-files.js';
import type { SiteCache } from './stages/site-cache.js';

// The build, stage by stage (DESIGN.md's order): load the project, plan the routes, make the view
// every page is drawn from, render the pages, emit the other files, check the links. `prepareSite`
// is the first three, shared by `build`, `serve` (render/dev) and `shipdocs mcp`.

export interface BuildSiteOptions {
  /** Absolute project root. */
  root: string;
  config: SiteConfig;
  /** Broken links, anchors and duplicate routes become errors (the catalogue's `strict` warnings). */
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

export interface BuildSiteResult {
  /** The output files, unless `write` took them. */
  files: WholeFile[];
  diagnostics: Diagnostic[];
  timings: BuildTimings;
  /** Routes of the HTML pages made. */
  routes: string[];
}

/** Runs the pipeline from sources to checked output files. Writes nothing itself. */
export async function buildSite({ write, strict, ...options }: BuildSiteOptions): Promise<BuildSiteResult> {
  const files: WholeFile[] = [];
  const output = write ?? (async (file: OutputFile) => void files.push(joinedParts(file)));
  const prepared = await prepareSite(options);
  try {
    const { viewed, timed } = prepared;
    const diagnostics = [...prepared.diagnostics];
    // Started now, so the worker pool builds the index while the pages render.
    void viewed.search?.contents().catch(() => undefined);
    const routes = prepared.planned.plan.routes;
    diagnostics.push(
      ...(await timed('renderRoutes', () =>
        renderRoutes(routes, viewed.site, async (page) => {
          viewed.linkCheck.notePage(page.route.path, page.html);
          await output({ path: page.path, contents: page.html });
        }),
      )),
    );
    const emitted = await emitFiles(prepared, output);
    diagnostics.push(...emitted.diagnostics);
    const pagePaths = routes.map((r) => r.path);
    diagnostics.push(...(await timed('checkSite', () => viewed.linkCheck.check(new Set(pagePaths), emitted.paths))));
    return { files, diagnostics: strict ? withStrict(diagnostics) : diagnostics, timings: prepared.timings, routes: pagePaths };
  } finally {
    await prepared.close();
  }
}

export interface PrepareSiteOptions extends Omit<BuildSiteOptions, 'write' | 'strict'> {
  /** What earlier preparations of the same site left (the dev server's); each stage takes its part and leaves what it made. */
  cache?: SiteCache | undefined;
  /** A worker pool that outlives this preparation (closed by its owner). */
  pool?: WorkerPool | undefined;
  /** The sources, when the caller has brought them up to date itself. */
  sources?: Sources | undefined;
  /** Otherwise, texts read before that have not changed since. */
  known?: KnownTexts | undefined;
}

/** The site up to its pages: everything every page is rendered from (`renderRoute(route, viewed.site)`). */
export interface PreparedSite {
  loaded: LoadedSite;
  planned: PlannedSite;
  viewed: ViewedSite;
  /** Problems found so far (rendering and the link check add theirs). */
  diagnostics: Diagnostic[];
  timings: BuildTimings;
  /** Runs a step under its name, timed (the later stages' steps too). */
  timed: Timed;
  /** Stops the worker pool, unless the caller lent it. */
  close(): Promise<void>;
}

/** The stages up to the pages: load, plan, view. */
export async function prepareSite({ root, config, cacheDir, configFile, onStage, cache = {}, ...given }: PrepareSiteOptions): Promise<PreparedSite> {
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
  // The pool is sized by the site's pages once they are known (the load stage asks for it then).
  let made: WorkerPool | undefined;
  const pool = (pages: number): WorkerPool => given.pool ?? (made ??= createPool(poolSize(pages)));
  const close = async (): Promise<void> => made?.close();
  try {
    const loaded = await loadSite({ root, config, cacheDir, configFile, pool, cache, sources: given.sources, known: given.known, timed });
    const planned = await planSite(loaded, timed);
    const viewed = await viewSite(root, loaded, planned, { pool: loaded.pool, cache, configFile, timed });
    const diagnostics = [...loaded.diagnostics, ...planned.plan.diagnostics, ...viewed.diagnostics];
    return { loaded, planned, viewed, diagnostics, timings, timed, close };
  } catch (err) {
    await close();
    throw err;
  }
}
