// Compiles src/ into lib/ with esbuild. Pure-JS dependencies are bundled in: Node loads one large
// file far faster than the hundreds of small modules the unified ecosystem is made of (cold start
// is a large share of a small site's build). Kept external: React (user pages must share our
// instance), esbuild (native binary), shiki's grammars and themes (loaded on demand), and chokidar
// (serve only). The client runtime is bundled at site build time from src/client.
import { build } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Built next to lib/ and swapped in, so a CLI started meanwhile never sees a half-written lib/.
const staging = `lib.staging-${process.pid}`;
rmSync(`${root}/${staging}`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    cli: 'src/cli/main.ts',
    index: 'src/index.ts',
    worker: 'src/render/workers/worker.ts',
    'prebuild-client': 'src/render/assets/prebuild-client.ts',
  },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: [
    'react',
    'react/*',
    'react-dom',
    'react-dom/*',
    'esbuild',
    '@shikijs/langs/*',
    '@shikijs/themes/*',
    'shiki/langs',
    'shiki/wasm',
    'chokidar',
    '@apidevtools/*',
    'swagger2openapi',
  ],
  banner: { js: "import { createRequire as __sdCreateRequire } from 'node:module'; const require = __sdCreateRequire(import.meta.url);" },
  mainFields: ['module', 'main'],
  jsx: 'automatic',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  define: { 'process.env.SHIPDOCS_SRC': 'undefined' },
  plugins: [withoutZodLocales()],
});
const old = `${root}/lib.old-${process.pid}`;
try {
  renameSync(`${root}/lib`, old);
} catch {
  // no previous lib/
}
renameSync(`${root}/${staging}`, `${root}/lib`);
rmSync(old, { recursive: true, force: true });
// The client bundle of sites without islands is the same for all of them: built once, here.
await import(pathToFileURL(`${root}/lib/prebuild-client.js`).href);

/**
 * zod re-exports its fifty-odd message locales (`z.locales`), so bundling it took all of them:
 * half of its 770 KB, compiled at every start. shipdocs writes its own messages and never reads
 * `z.locales`; zod's English default is imported by zod itself and stays.
 */
function withoutZodLocales() {
  return {
    name: 'zod-without-locales',
    setup(b) {
      b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
        /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'zod-locales' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
    },
  };
}
