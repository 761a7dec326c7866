import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputFile } from '../../shared/model.js';
import { packageRoot } from './package-root.js';

export interface ClientBundle {
  files: OutputFile[];
  /** Output path of the entry module ("assets/js/entry-HASH.js"). */
  entry: string;
  /** Output path of the stylesheet. */
  css: string;
  /** Output path of the resize-observer guard. */
  earlyScript: string;
}

export const EARLY_SCRIPT_PATH = 'js/earlyResizeObserverSuppress.js';

/** Bundles the client runtime and the stylesheet with esbuild, in memory, with hashed names. */
export async function bundleClient(): Promise<ClientBundle> {
  const { build, transform } = await import('esbuild');
  const root = packageRoot();
  const js = await build({
    absWorkingDir: root,
    entryPoints: { entry: 'src/client/entry.ts' },
    outdir: 'assets/js',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
    minify: true,
    write: false,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
  });
  const files: OutputFile[] = [];
  let entry = '';
  for (const f of js.outputFiles) {
    const rel = f.path.slice(root.length + 1).split('\\').join('/');
    files.push({ path: rel, contents: f.contents });
    if (/^assets\/js\/entry-[\w]+\.js$/.test(rel)) entry = rel;
  }

  const stylesDir = join(root, 'src/styles');
  const source = readdirSync(stylesDir)
    .filter((n) => n.endsWith('.css'))
    .sort()
    .map((n) => readFileSync(join(stylesDir, n), 'utf8'))
    .join('\n');
  const css = (await transform(source, { loader: 'css', minify: true, target: ['chrome90', 'firefox90', 'safari15'] })).code;
  const cssPath = `assets/css/styles.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  files.push({ path: cssPath, contents: css });

  files.push({ path: EARLY_SCRIPT_PATH, contents: readFileSync(join(root, 'src/client/early-resize-observer-suppress.js'), 'utf8') });
  return { files, entry, css: cssPath, earlyScript: EARLY_SCRIPT_PATH };
}
