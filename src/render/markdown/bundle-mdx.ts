import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Message, Plugin } from 'esbuild';
import { diagnostic } from '../../shared/diagnostics.js';
import type { RenderedMarkdown } from '../../shared/content-model.js';
import { REACT_BUNDLE_OPTIONS, sharedReactPlugin } from '../sources/load-react-pages.js';
import { isInside } from '../sources/walk.js';
import { SITE_ALIAS } from './remark-islands.js';
import { relativePaths } from './mdx-checks.js';

// Compiled MDX files bundled with their imports by esbuild (`@site/` resolving from the project
// root, React shared with ours), then imported: each file's default export is its component.

const IMPORT_HINT =
  'Check the path: `./` and `../` start from the .mdx file, `@site/` from the project root (`@site/content/components/Widget`); the extension may be left out.';

export type MdxComponent = React.ComponentType<{ components: Record<string, unknown> }>;
/** An MDX file to bundle: where it is and where its front matter ends (positions of problems). */
export interface MdxFile {
  file: string;
  absPath: string;
  lineOffset: number;
}

type Entry = { job: MdxFile; i: number; code: string };

/** The index of the MDX file an esbuild message is located in (its location reads "mdx-entry:mdx-entry:3"), or -1. */
function entryOf(m: Message): number {
  return Number(/(?:^|:)mdx-entry:(\d+)$/.exec(m.location?.file ?? '')?.[1] ?? -1);
}

/** `@site/…` resolves from the project root, like Docusaurus's alias. */
function siteAliasPlugin(root: string): Plugin {
  return {
    name: 'shipdocs-site-alias',
    setup(b) {
      b.onResolve({ filter: /^@site\// }, async (args) => {
        const found = await b.resolve(`./${args.path.slice(SITE_ALIAS.length)}`, { resolveDir: root, kind: args.kind, importer: args.importer });
        if (found.errors.length || !isInside(found.path, root)) return { errors: [{ text: `Could not resolve "${args.path}"` }] };
        return { path: found.path };
      });
    },
  };
}

/**
 * Bundles every compiled file with its imports (React shared with ours) and imports the modules.
 * A file whose imports fail is reported at its import line and left out; the others still build.
 */
export async function bundleAndImport(
  jobs: readonly MdxFile[],
  compiled: readonly (string | undefined)[],
  root: string,
  results: RenderedMarkdown[],
  importAt: readonly Map<string, { line: number; column: number }>[],
): Promise<(MdxComponent | undefined)[]> {
  let entries = jobs.map((job, i) => ({ job, i, code: compiled[i] })).filter((e): e is Entry => e.code !== undefined);
  const { build } = await import('esbuild');
  while (entries.length) {
    const outdir = mkdtempSync(join(tmpdir(), 'shipdocs-mdx-'));
    try {
      try {
        await build({
          absWorkingDir: root,
          entryPoints: entries.map((e) => ({ in: `mdx-entry:${e.i}`, out: `mdx-${e.i}` })),
          outdir,
          ...REACT_BUNDLE_OPTIONS,
          plugins: [
            sharedReactPlugin(),
            siteAliasPlugin(root),
            {
              name: 'shipdocs-mdx-entries',
              setup(b) {
                b.onResolve({ filter: /^mdx-entry:/ }, (args) => ({ path: args.path, namespace: 'mdx-entry' }));
                b.onLoad({ filter: /.*/, namespace: 'mdx-entry' }, (args) => {
                  const entry = entries.find((e) => `mdx-entry:${e.i}` === args.path)!;
                  return { contents: entry.code, loader: 'js', resolveDir: dirname(entry.job.absPath) };
                });
              },
            },
          ],
        });
      } catch (err) {
        const errors = (err as { errors?: Message[] }).errors ?? [];
        const failed = new Set<number>();
        for (const m of errors) {
          const i = entryOf(m);
          if (i >= 0) {
            failed.add(i);
            const specifier = /"([^"]+)"/.exec(m.text)?.[1];
            const pos = (specifier && importAt[i]!.get(specifier)) || { line: 1, column: 1 };
            results[i]!.diagnostics.push(
              diagnostic('SD2017', {
                message: `MDX import: ${relativePaths(m.text, root)}`,
                hint: IMPORT_HINT,
                file: jobs[i]!.file,
                line: pos.line + jobs[i]!.lineOffset,
                column: pos.column,
              }),
            );
          } else {
            // A problem inside an imported file: reported there, with its own position.
            const loc = m.location;
            const file = loc ? relative(root, join(root, loc.file)).split('\\').join('/') : undefined;
            results[entries[0]!.i]!.diagnostics.push(
              diagnostic('SD2017', {
                message: `MDX import: ${relativePaths(m.text, root)}`,
                ...(loc && file ? { file, line: loc.line, column: loc.column + 1, lineText: loc.lineText } : { file: entries[0]!.job.file }),
              }),
            );
          }
        }
        // Only when every error belongs to an MDX file can the others be built without them.
        const attributable = errors.every((m) => entryOf(m) >= 0);
        if (!attributable || failed.size === 0) return [];
        entries = entries.filter((e) => !failed.has(e.i));
        continue;
      }
      const modules: (MdxComponent | undefined)[] = [];
      for (const e of entries) {
        const mod = (await import(pathToFileURL(join(outdir, `mdx-${e.i}.mjs`)).href)) as { default: MdxComponent };
        modules[e.i] = mod.default;
      }
      return modules;
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }
  return [];
}
