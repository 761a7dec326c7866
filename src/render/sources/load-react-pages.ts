import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, Message, Plugin } from 'esbuild';
import { esbuildMessageToDiagnostic } from '../../config/load-config.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { PageMeta, ReactPageSource } from '../../shared/model.js';
import { stackPosition } from './stack-position.js';

const require = createRequire(import.meta.url);

/**
 * React and its JSX runtime always resolve to shipdocs's own copy, so a page rendered by our
 * renderToString shares one React instance whatever the project has installed.
 */
export function sharedReactPlugin(): Plugin {
  return {
    name: 'shipdocs-shared-react',
    setup(b) {
      b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({
        path: pathToFileURL(require.resolve(args.path)).href,
        external: true,
      }));
    },
  };
}

/**
 * esbuild options of the bundles of the authors' React code (React pages, MDX files): ES modules
 * for Node, shared chunks, React's automatic JSX runtime, errors returned rather than logged.
 */
export const REACT_BUNDLE_OPTIONS: BuildOptions = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  outExtension: { '.js': '.mjs' },
  logLevel: 'silent',
};

export interface ReactPageEntry {
  relPath: string;
  absPath: string;
  name: string;
}

/** Compiles the .tsx/.jsx pages in one esbuild pass and imports them. */
export async function loadReactPages(root: string, entries: readonly ReactPageEntry[]): Promise<{ pages: ReactPageSource[]; diagnostics: Diagnostic[] }> {
  if (entries.length === 0) return { pages: [], diagnostics: [] };
  const { build } = await import('esbuild');
  const outdir = mkdtempSync(join(tmpdir(), 'shipdocs-pages-'));
  try {
    try {
      await build({
        absWorkingDir: root,
        entryPoints: entries.map((e, i) => ({ in: e.absPath, out: `page-${i}` })),
        outdir,
        ...REACT_BUNDLE_OPTIONS,
        // Inline source maps: a page that throws is reported at its own line (see stackPosition).
        sourcemap: 'inline',
        loader: { '.svg': 'dataurl', '.png': 'dataurl' },
        plugins: [sharedReactPlugin()],
      });
    } catch (err) {
      const errors = (err as { errors?: Message[] }).errors ?? [];
      return { pages: [], diagnostics: errors.map((m) => esbuildMessageToDiagnostic(m, 'SD2009', root)) };
    }
    const pages: ReactPageSource[] = [];
    const diagnostics: Diagnostic[] = [];
    process.setSourceMapsEnabled(true);
    for (const [i, entry] of entries.entries()) {
      try {
        const mod = (await import(pathToFileURL(join(outdir, `page-${i}.mjs`)).href)) as {
          default?: unknown;
          meta?: PageMeta;
        };
        if (typeof mod.default !== 'function') {
          diagnostics.push(diagnostic('SD2010', { message: `${entry.relPath} has no default-exported component.`, file: entry.relPath, line: 1, column: 1 }));
          continue;
        }
        pages.push({ relPath: entry.relPath, name: entry.name, component: mod.default as ReactPageSource['component'], meta: mod.meta ?? {} });
      } catch (err) {
        const pos = err instanceof Error ? stackPosition(err, entry.relPath) : undefined;
        diagnostics.push(
          diagnostic('SD2009', { message: `${entry.relPath} threw while loading: ${(err as Error).message}`, file: entry.relPath, ...(pos ?? {}) }),
        );
      }
    }
    return { pages, diagnostics };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
