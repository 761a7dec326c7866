// Compiles src/ into lib/ with esbuild: one ESM bundle for the CLI and one for the library entry.
// Dependencies stay external (they are installed next to us); the client runtime is bundled
// separately at site build time from src/client, which is shipped as source.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(`${root}/lib`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli/main.ts', index: 'src/index.ts' },
  outdir: 'lib',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  define: { 'process.env.SHIPDOCS_SRC': 'undefined' },
});
