import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CONFIG_FILES } from '../config/load-config.js';
import { configOrExit } from './config-or-exit.js';
import { VERSIONED_API, VERSIONED_DOCS, VERSIONS_FILE } from '../render/sources/read-versions.js';
import { buildSite, type BuildSiteResult } from '../render/build-site.js';
import { checkOutDir } from '../render/write/check-out-dir.js';
import { openOutput, type Output } from '../render/write/write-dist.js';
import { diagnostic, hasErrors, sortDiagnostics, type Diagnostic } from '../shared/diagnostics.js';
import { withSourceLines } from './source-lines.js';
import { configSchema, type SiteConfig } from '../config/schema.js';
import { changelogFiles, openApiPaths } from '../config/openapi-schema.js';

export interface RunBuildOptions {
  root: string;
  out?: string | undefined;
  strict?: boolean;
  /** Keep caches between builds (default true; `--no-cache` or SHIPDOCS_CACHE=0 turn it off). */
  cache?: boolean;
  /** Where the site is published (`--site-url`), over the config's `url` and `baseUrl`. */
  site?: { url: string; baseUrl: string } | undefined;
  /** Told each stage's name as it starts (see buildSite). */
  onStage?: ((name: string) => void) | undefined;
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
  const dirs: string[] = [config.pages.path, config.staticDir, VERSIONED_DOCS, VERSIONED_API, VERSIONS_FILE, ...CONFIG_FILES, ...config.customCss];
  if (config.docs !== false) dirs.push(config.docs.path);
  if (config.blog !== false) dirs.push(config.blog.path);
  dirs.push(...openApiPaths(config.openapi), ...changelogFiles(config.openapi));
  return dirs;
}

/** loadConfig → buildSite → writeDist. The output is left as it was when anything is wrong. */
export async function runBuild(options: RunBuildOptions): Promise<RunBuildResult> {
  const started = performance.now();
  const root = resolve(options.root);
  let failed: Diagnostic[] = [];
  const loaded = await configOrExit(root, (diagnostics) => (failed = diagnostics));
  const effective = loaded && options.site ? { ...loaded.config, ...options.site, localUrl: false } : loaded?.config;
  const outDir = resolve(root, options.out ?? 'dist');
  const result = (ok: boolean, pages: number, diagnostics: Diagnostic[], timings: BuildSiteResult['timings'] = {}): RunBuildResult => ({
    ok,
    outDir,
    pages,
    diagnostics: sortDiagnostics(diagnostics),
    seconds: (performance.now() - started) / 1000,
    timings,
    config: effective,
  });
  // Checked even when the config is broken (against the default sources), so `serve` never
  // serves a folder that may hold sources.
  const outCheck = checkOutDir(outDir, root, sourceDirs(loaded?.config ?? configSchema.parse({})));
  const refused = outCheck.ok ? [] : [diagnostic('SD1005', { message: `Refusing to write the site into ${outDir}: it is ${outCheck.reason}.` })];
  if (!loaded || !effective) return result(false, 0, [...failed, ...refused]);
  const config = effective;
  if (refused.length) return result(false, 0, refused);

  const cache = options.cache !== false && process.env.SHIPDOCS_CACHE !== '0';
  const { configFile } = loaded;
  // Pages are written into a temp folder beside the output as they are rendered; it replaces the
  // output only when the build succeeds.
  let output: Output;
  try {
    output = openOutput(outDir);
  } catch (err) {
    return result(false, 0, [diagnostic('SD5001', { message: `Could not write ${outDir}: ${(err as Error).message}` })]);
  }
  const stopOnSignal = removeOnSignal(output);
  try {
    const built = await buildSite({
      root,
      config,
      strict: options.strict ?? false,
      cacheDir: cache ? cacheDirFor(root) : undefined,
      configFile,
      write: (file) => output.write(file),
      onStage: options.onStage,
    });
    // Said only of output that is written: a build with errors writes none.
    const localUrl =
      config.localUrl && !hasErrors(built.diagnostics)
        ? [
            diagnostic('SD5004', {
              message: 'The config has no `url`: the links of llms.txt, the sitemap, feeds and exports point at http://localhost:3000.',
              file: configFile?.path,
            }),
          ]
        : [];
    const diagnostics = withSourceLines(root, [...built.diagnostics, ...localUrl]);
    if (hasErrors(diagnostics)) {
      await output.discard();
      return result(false, built.routes.length, diagnostics, built.timings);
    }
    const start = performance.now();
    try {
      await output.commit();
    } catch (err) {
      await output.discard();
      return result(false, 0, [...diagnostics, diagnostic('SD5001', { message: `Could not write ${outDir}: ${(err as Error).message}` })], built.timings);
    }
    built.timings.writeDist = performance.now() - start;
    return result(true, built.routes.length, diagnostics, built.timings);
  } catch (err) {
    await output.discard();
    if (isWriteError(err)) return result(false, 0, [diagnostic('SD5001', { message: `Could not write ${outDir}: ${(err as Error).message}` })]);
    throw err;
  } finally {
    stopOnSignal();
  }
}

/** A failure of the file system while writing the output (not a bug of the build). */
function isWriteError(err: unknown): boolean {
  return typeof (err as NodeJS.ErrnoException | undefined)?.code === 'string' && typeof (err as NodeJS.ErrnoException).syscall === 'string';
}

/**
 * Ctrl+C or SIGTERM during a build: the temp folder is removed, then the process exits (130, 143);
 * the previous output is left as it was. Returns the function that stops listening.
 */
function removeOnSignal(output: Output): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    void output.discard().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  };
}

/** node_modules/.cache/shipdocs in the project when it has node_modules, else a folder in the OS temp dir. */
export function cacheDirFor(root: string): string {
  if (existsSync(join(root, 'node_modules'))) return join(root, 'node_modules', '.cache', 'shipdocs');
  return join(tmpdir(), 'shipdocs-cache', createHash('sha256').update(root).digest('hex').slice(0, 16));
}
