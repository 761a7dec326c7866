import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CONFIG_FILES, loadConfig } from '../config/load-config.js';
import { VERSIONED_DOCS, VERSIONS_FILE } from '../render/sources/read-versions.js';
import { buildSite, type BuildSiteResult } from '../render/build-site.js';
import { checkOutDir, stageDist, writeDist, type Staging } from '../render/write/write-dist.js';
import { diagnostic, hasErrors, sortDiagnostics, withLineText, type Diagnostic } from '../shared/diagnostics.js';
import { configSchema, type SiteConfig } from '../config/schema.js';

export interface RunBuildOptions {
  root: string;
  out?: string | undefined;
  strict?: boolean;
  /** Keep caches between builds (default true; `--no-cache` or SHIPDOCS_CACHE=0 turn it off). */
  cache?: boolean;
}

export interface RunBuildResult {
  ok: boolean;
  outDir: string;
  pages: number;
  diagnostics: Diagnostic[];
  seconds: number;
  timings: BuildSiteResult['timings'];
  config: SiteConfig | undefined;
}

/** Sources (folders and files) an output folder must never replace, contain or sit in. */
export function sourceDirs(config: SiteConfig): string[] {
  const dirs: string[] = [config.pages.path, config.staticDir, VERSIONED_DOCS, VERSIONS_FILE, ...CONFIG_FILES];
  if (config.docs !== false) dirs.push(config.docs.path);
  if (config.blog !== false) dirs.push(config.blog.path);
  if (config.openapi !== false) dirs.push(config.openapi.path);
  return dirs;
}

/** loadConfig → buildSite → writeDist. The output is left as it was when anything is wrong. */
export async function runBuild(options: RunBuildOptions): Promise<RunBuildResult> {
  const started = performance.now();
  const root = resolve(options.root);
  const loaded = await loadConfig(root);
  const outDir = resolve(root, options.out ?? 'dist');
  const result = (ok: boolean, pages: number, diagnostics: Diagnostic[], timings: BuildSiteResult['timings'] = {}): RunBuildResult => ({
    ok,
    outDir,
    pages,
    diagnostics: sortDiagnostics(diagnostics),
    seconds: (performance.now() - started) / 1000,
    timings,
    config: loaded.config,
  });
  // Checked even when the config is broken (against the default sources), so `serve` never
  // serves a folder that may hold sources.
  const outCheck = checkOutDir(outDir, root, sourceDirs(loaded.config ?? configSchema.parse({})));
  const refused = outCheck.ok ? [] : [diagnostic('SD1005', { message: `Refusing to write the site into ${outDir}: it is ${outCheck.reason}.` })];
  if (!loaded.config) return result(false, 0, [...loaded.diagnostics, ...refused]);
  const config = loaded.config;
  if (refused.length) return result(false, 0, refused);

  const cache = options.cache !== false && process.env.SHIPDOCS_CACHE !== '0';
  const configFile = loaded.configFile ? { path: loaded.configFile, source: loaded.source } : undefined;
  // The output's temp folder is made now, so its pages' folders are made while they are drawn.
  let staging: Staging;
  try {
    staging = stageDist(outDir);
  } catch (err) {
    return result(false, 0, [diagnostic('SD5001', { message: `Could not write ${outDir}: ${(err as Error).message}` })]);
  }
  let built: BuildSiteResult;
  try {
    built = await buildSite({ root, config, strict: options.strict ?? false, cacheDir: cache ? cacheDirFor(root) : undefined, configFile, onPlanned: (paths) => staging.makeFolders(paths) });
  } catch (err) {
    await staging.discard();
    throw err;
  }
  const sources = new Map<string, string | undefined>();
  const diagnostics = built.diagnostics.map((d) => {
    if (!d.file || d.lineText !== undefined || !d.line) return d;
    if (!sources.has(d.file)) sources.set(d.file, readText(resolve(root, d.file)));
    return withLineText(d, sources.get(d.file));
  });
  if (hasErrors(diagnostics)) {
    await staging.discard();
    return result(false, built.routes.length, diagnostics, built.timings);
  }

  const start = performance.now();
  try {
    await writeDist(built.files, outDir, staging);
  } catch (err) {
    return result(false, 0, [...diagnostics, diagnostic('SD5001', { message: `Could not write ${outDir}: ${(err as Error).message}` })], built.timings);
  }
  built.timings.writeDist = performance.now() - start;
  return result(true, built.routes.length, diagnostics, built.timings);
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** node_modules/.cache/shipdocs in the project when it has node_modules, else a folder in the OS temp dir. */
export function cacheDirFor(root: string): string {
  if (existsSync(join(root, 'node_modules'))) return join(root, 'node_modules', '.cache', 'shipdocs');
  return join(tmpdir(), 'shipdocs-cache', createHash('sha256').update(root).digest('hex').slice(0, 16));
}
