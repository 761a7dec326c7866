import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';
import type { Metafile, Plugin } from 'esbuild';
import { compiledLib, packageRoot } from './package-root.js';

/** The React entries the client and the site's islands may import in the browser. */
const BROWSER_REACT = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'] as const;

/** The browsers the client bundle targets (no language year: these have class fields). */
export const CLIENT_TARGET = ['chrome90', 'firefox90', 'safari15'];

/** Where React's file goes: beside the lazy chunks, the only modules that import it. */
const CHUNKS_DIR = 'assets/js/chunks';

let cached: Promise<string> | undefined;

/** lib/client/react.js: built with lib/ (React is the same for every site). */
function prebuiltFile(): string | undefined {
  const lib = compiledLib();
  return lib === undefined ? undefined : join(lib, 'client', 'react.js');
}

function reactModule(): Promise<string> {
  const file = prebuiltFile();
  cached ??= file && existsSync(file) ? Promise.resolve(readFileSync(file, 'utf8')) : buildBrowserReact();
  return cached;
}

/** Builds React for the browser into lib/client (run by `npm run build:lib`). */
export async function prebuildBrowserReact(): Promise<void> {
  const file = prebuiltFile();
  if (!file) throw new Error('prebuildBrowserReact runs from lib/');
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, await buildBrowserReact());
}

/**
 * React's CommonJS packages (production build) as one ES module that exports the names of all four
 * entries (the few names two of them share hold the same value). It stays out of the client's own
 * esbuild build: there esbuild would put the helpers it adds for CommonJS in a chunk that the entry
 * imports too (one more request on every page), and parse and minify React again at each build.
 * CommonJS has no static export list: the names are those Node finds in the packages (one that the
 * production build lacks is undefined, as in React's own build).
 */
export async function buildBrowserReact(): Promise<string> {
  const load = createRequire(join(packageRoot(), 'package.json'));
  const names = [...new Set(BROWSER_REACT.flatMap((e) => Object.keys(load(e) as object)))]
    .filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default')
    .sort();
  const modules = BROWSER_REACT.map((_, i) => `r${i}`);
  const contents = [
    ...BROWSER_REACT.map((e, i) => `import * as ${modules[i]} from ${JSON.stringify(e)};`),
    `const all = Object.assign({}, ${[...modules].reverse().join(', ')});`,
    `export const { ${names.join(', ')} } = all;`,
    'export default all;',
  ].join('\n');
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents, resolveDir: packageRoot(), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: CLIENT_TARGET,
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

/**
 * React's module as an output file, named after its contents: the same file for every site and
 * build with this React, so browsers keep it cached across deployments.
 */
export async function browserReactFile(): Promise<{ path: string; contents: string }> {
  const contents = await reactModule();
  return { path: `${CHUNKS_DIR}/react-${createHash('sha256').update(contents).digest('hex').slice(0, 10)}.js`, contents };
}

/** The outputs of a client build that import React's file but are not lazy chunks beside it. */
export async function misplacedReactImports(metafile: Metafile): Promise<string[]> {
  const specifier = `./${posix.basename((await browserReactFile()).path)}`;
  return Object.entries(metafile.outputs)
    .filter(([out, meta]) => posix.dirname(out) !== CHUNKS_DIR && meta.imports.some((i) => i.path === specifier))
    .map(([out]) => out);
}

/**
 * Resolves React in the browser bundle to React's file (see buildBrowserReact), external to the
 * build and imported as `./react-….js` by the lazy chunks beside it: one copy for the client
 * runtime and the site's islands, wherever the site lives. Other entries (react-dom/server) do not
 * run in the browser: importing one is a build error that names those that do.
 */
export function browserReactPlugin(): Plugin {
  return {
    name: 'shipdocs-browser-react',
    setup(b) {
      b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, async (args) => {
        if (!(BROWSER_REACT as readonly string[]).includes(args.path)) {
          return { errors: [{ text: `"${args.path}" is not available in the browser; islands can import ${BROWSER_REACT.join(', ')}.` }] };
        }
        return { path: `./${posix.basename((await browserReactFile()).path)}`, external: true };
      });
    },
  };
}
