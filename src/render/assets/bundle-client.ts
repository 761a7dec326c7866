import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { IslandComponent } from '../markdown/remark-islands.js';
import type { WholeFile } from '../../shared/model.js';
import { compiledLib, packageRoot } from './package-root.js';
import { browserReactFile, browserReactPlugin, CLIENT_TARGET, misplacedReactImports } from './browser-react.js';
import { chunkMapOf, clientChunksPlugin, sameChunkMap, shellScripts, type ChunkMap } from './client-chunks.js';
import type { BuildResult, Metafile, OutputFile as OutputFileOfEsbuild } from 'esbuild';

export interface ClientBundle {
  files: WholeFile[];
  /** Output path of the entry module ("assets/js/entry-HASH.js"). */
  entry: string;
  /** Output path of the stylesheet. */
  css: string;
  /** Output path of the resize-observer guard. */
  earlyScript: string;
  /** Output paths of the scripts of the offline shell (the entry, search, the offline page's list). */
  shell: string[];
}

const EARLY_SCRIPT_PATH = 'js/earlyResizeObserverSuppress.js';

/**
 * Bundles the client runtime, the site's islands and the stylesheet with esbuild, in memory. A
 * site without islands (they come from MDX) gets the bundle built with lib/, the same for every
 * such site: no esbuild at all.
 */
export async function bundleClient(islands: readonly IslandComponent[] = []): Promise<ClientBundle> {
  return (islands.length === 0 ? readPrebuilt() : undefined) ?? buildClient(islands);
}

/** The folder of the prebuilt bundle: lib/client, when this code runs compiled from lib/. */
function prebuiltDir(): string | undefined {
  const lib = compiledLib();
  return lib === undefined ? undefined : join(lib, 'client');
}

interface PrebuiltManifest {
  entry: string;
  css: string;
  earlyScript: string;
  shell: string[];
  /** Output paths, and whether the bundle holds the file as text (else as bytes). */
  files: { path: string; text: boolean }[];
}

function readPrebuilt(): ClientBundle | undefined {
  const dir = prebuiltDir();
  if (!dir || !existsSync(join(dir, 'manifest.json'))) return undefined;
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as PrebuiltManifest;
  const files = manifest.files.map(({ path, text }) => ({ path, contents: text ? readFileSync(join(dir, path), 'utf8') : readFileSync(join(dir, path)) }));
  return { files, entry: manifest.entry, css: manifest.css, earlyScript: manifest.earlyScript, shell: manifest.shell };
}

/** Builds the bundle of sites without islands into lib/client (run by `npm run build:lib`). */
export async function prebuildClient(): Promise<void> {
  const dir = prebuiltDir();
  if (!dir) throw new Error('prebuildClient runs from lib/');
  const bundle = await buildClient([]);
  const files: PrebuiltManifest['files'] = [];
  for (const f of bundle.files) {
    if (!('contents' in f)) throw new Error(`${f.path}: the client bundle's files are in memory`);
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.contents);
    files.push({ path: f.path, text: typeof f.contents === 'string' });
  }
  const manifest: PrebuiltManifest = { entry: bundle.entry, css: bundle.css, earlyScript: bundle.earlyScript, shell: bundle.shell, files };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

async function buildClient(islands: readonly IslandComponent[]): Promise<ClientBundle> {
  const bundler = await clientBundler(islands);
  try {
    return await bundler.build();
  } finally {
    await bundler.dispose();
  }
}

/** Bundles the client again and again with one esbuild context: a rebuild reads again only the files that changed. */
export interface ClientBundler {
  build(): Promise<ClientBundle>;
  dispose(): Promise<void>;
}

/** The bundler of a site's islands (the dev server keeps one while the site uses the same islands). */
export async function clientBundler(islands: readonly IslandComponent[]): Promise<ClientBundler> {
  const { context } = await import('esbuild');
  const root = packageRoot();
  // Built twice: the client needs its lazy chunks' hashed URLs (to import one again under a fresh
  // URL), known only once they are built. The second build differs from the first only in the
  // module holding the URLs, which only the entry imports, so the chunks' names stay.
  const chunks: { map?: ChunkMap } = {};
  const ctx = await context({
    absWorkingDir: root,
    entryPoints: { entry: 'src/client/entry.ts' },
    outdir: 'assets/js',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: CLIENT_TARGET,
    minify: true,
    write: false,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
    plugins: [clientChunksPlugin(islands, () => chunks.map), browserReactPlugin()],
  });
  return {
    async build() {
      chunks.map = undefined;
      chunks.map = chunkMapOf((await ctx.rebuild()).metafile);
      return bundleFiles(root, chunks.map, await ctx.rebuild());
    },
    dispose: () => ctx.dispose(),
  };
}

/** The bundle's files: the scripts esbuild made, React for the browser, the stylesheet, the early script. */
async function bundleFiles(root: string, map: ChunkMap, js: BuildResult & { metafile: Metafile; outputFiles: OutputFileOfEsbuild[] }): Promise<ClientBundle> {
  const { transform } = await import('esbuild');
  if (!sameChunkMap(map, chunkMapOf(js.metafile))) throw new Error("The client bundle's chunks moved between its two builds");
  const misplaced = await misplacedReactImports(js.metafile);
  if (misplaced.length) throw new Error(`${misplaced.join(', ')}: React may be imported by lazy chunks only`);
  const files: WholeFile[] = [await browserReactFile()];
  let entry = '';
  for (const f of js.outputFiles) {
    const rel = f.path
      .slice(root.length + 1)
      .split('\\')
      .join('/');
    files.push({ path: rel, contents: f.contents });
    if (/^assets\/js\/entry-[\w]+\.js$/.test(rel)) entry = rel;
  }

  const stylesDir = join(root, 'src/styles');
  const source = readdirSync(stylesDir)
    .filter((n) => n.endsWith('.css'))
    .sort()
    .map((n) => readFileSync(join(stylesDir, n), 'utf8'))
    .join('\n');
  const css = (await transform(source, { loader: 'css', minify: true, target: CLIENT_TARGET })).code;
  const cssPath = `assets/css/styles.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  files.push({ path: cssPath, contents: css });

  files.push({ path: EARLY_SCRIPT_PATH, contents: readFileSync(join(root, 'src/client/early-resize-observer-suppress.js'), 'utf8') });
  return { files, entry, css: cssPath, earlyScript: EARLY_SCRIPT_PATH, shell: shellScripts(js.metafile, map, entry) };
}
