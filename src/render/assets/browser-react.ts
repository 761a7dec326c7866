import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { compiledLib } from '../markdown/worker-file.js';
import { packageRoot } from './package-root.js';

/** The React entries the client and the site's islands may import in the browser. */
const BROWSER_REACT = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'] as const;

/** The browsers the client bundle targets (no language year: these have class fields). */
export const CLIENT_TARGET = ['chrome90', 'firefox90', 'safari15'];

const NAMESPACE = 'shipdocs-react';

/** React for the browser: one ES module exporting each entry as `r<i>`, and each entry's names. */
export interface BrowserReact {
  module: string;
  names: string[][];
}

let cached: Promise<BrowserReact> | undefined;

/** lib/client/react.json: built with lib/ (React is the same for every site). */
function prebuiltFile(): string | undefined {
  const lib = compiledLib();
  return lib === undefined ? undefined : join(lib, 'client', 'react.json');
}

function browserReact(): Promise<BrowserReact> {
  const file = prebuiltFile();
  cached ??= file && existsSync(file) ? Promise.resolve(JSON.parse(readFileSync(file, 'utf8')) as BrowserReact) : buildBrowserReact();
  return cached;
}

/** Builds React for the browser into lib/client (run by `npm run build:lib`). */
export async function prebuildBrowserReact(): Promise<void> {
  const file = prebuiltFile();
  if (!file) throw new Error('prebuildBrowserReact runs from lib/');
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(await buildBrowserReact()));
}

/**
 * React's CommonJS packages (production build) as one ES module, built apart because esbuild puts
 * its CommonJS helpers in a chunk that every entry point imports: inside this module they stay in
 * React's chunk, and pages without an island load nothing more. CommonJS has no static export
 * list: an entry's names are those Node finds in the package (one that the production build lacks
 * is undefined, as in React's own build).
 */
export async function buildBrowserReact(): Promise<BrowserReact> {
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents: BROWSER_REACT.map((e, i) => `export * as r${i} from ${JSON.stringify(e)};`).join('\n'), resolveDir: packageRoot(), loader: 'js' },
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
  const load = createRequire(join(packageRoot(), 'package.json'));
  const names = BROWSER_REACT.map((e) => Object.keys(load(e) as object).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default'));
  return { module: result.outputFiles[0]!.text, names };
}

/**
 * Resolves React in the browser bundle: the real packages from shipdocs' own folder, one copy for
 * the client runtime and the site's islands, wherever the site lives. Other entries (react-dom/
 * server) do not run in the browser: importing one is a build error that names those that do.
 */
export function browserReactPlugin(): Plugin {
  return {
    name: 'shipdocs-browser-react',
    setup(b) {
      b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
        if (!(BROWSER_REACT as readonly string[]).includes(args.path)) {
          return { errors: [{ text: `"${args.path}" is not available in the browser; islands can import ${BROWSER_REACT.join(', ')}.` }] };
        }
        return { path: args.path, namespace: NAMESPACE };
      });
      b.onResolve({ filter: /^shipdocs-react:all$/ }, () => ({ path: 'all', namespace: NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const react = await browserReact();
        if (args.path === 'all') return { contents: react.module, loader: 'js' };
        const i = (BROWSER_REACT as readonly string[]).indexOf(args.path);
        const contents = [`import { r${i} as m } from "shipdocs-react:all";`, `export const { ${react.names[i]!.join(', ')} } = m;`, 'export default m.default;'].join('\n');
        return { contents, loader: 'js' };
      });
    },
  };
}
