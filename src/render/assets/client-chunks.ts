import { posix, resolve } from 'node:path';
import type { Metafile, Plugin } from 'esbuild';
import type { IslandComponent } from '../markdown/remark-islands.js';
import { packageRoot } from './package-root.js';

/** The client's own lazy modules: export name in `shipdocs:chunks` → source path in the package. */
const CLIENT_LAZY_MODULES = {
  mount: 'src/client/islands/mount.tsx',
  searchUi: 'src/client/search/search-ui.ts',
  apiPanel: 'src/client/api/panel.tsx',
  offlinePage: 'src/client/offline/offline-page.ts',
} as const;

/** The client's lazy modules that belong to the offline shell: search, and the offline page's list. */
const SHELL_MODULES = ['searchUi', 'offlinePage'] as const;

/** The module's key in esbuild's metafile (namespace:path). */
const CHUNKS_INPUT = 'shipdocs:chunks';

/**
 * Where the lazy chunks went in a build: the folder of the output that holds `shipdocs:chunks`
 * (the entry's), and the output chunk of each module that `shipdocs:chunks` imports, by the
 * specifier it imports it with.
 */
export interface ChunkMap {
  dir: string;
  chunks: Map<string, string>;
}

/**
 * `shipdocs:chunks`: each lazy chunk as its import (which esbuild turns into one of the chunk) and
 * its URL, for a retry under a fresh URL: the site's islands by name, and the client's own. URLs
 * are relative to the module itself (`import.meta.url`), so they hold under any baseUrl; without
 * a chunk map (the first of the two builds) they are empty.
 */
function chunksModule(islands: readonly IslandComponent[], map: ChunkMap | undefined): string {
  const chunk = (file: string): string => {
    const out = map?.chunks.get(file);
    if (map && !out) throw new Error(`${file}: no chunk of its own in the client bundle`);
    const url = out && map ? `at(${JSON.stringify('./' + posix.relative(map.dir, out))})` : '""';
    return `load: () => import(${JSON.stringify(file)}), url: ${url}`;
  };
  const root = packageRoot();
  return [
    'const at = (path) => new URL(path, import.meta.url).href;',
    `export const islands = {${islands.map((i) => `${JSON.stringify(i.name)}: {${chunk(i.file)}, exportName: ${JSON.stringify(i.exportName)}}`).join(', ')}};`,
    ...Object.entries(CLIENT_LAZY_MODULES).map(([name, file]) => `export const ${name} = {${chunk(resolve(root, file))}};`),
  ].join('\n');
}

/** Reads the chunk map of a build from its metafile. */
export function chunkMapOf(metafile: Metafile): ChunkMap {
  let dir: string | undefined;
  const byInput = new Map<string, string>();
  for (const [out, meta] of Object.entries(metafile.outputs)) {
    // Its own name changes with the URLs it holds; the chunks' names do not.
    if (meta.inputs[CHUNKS_INPUT]) dir = posix.dirname(out);
    else if (meta.entryPoint) byInput.set(meta.entryPoint, out);
  }
  if (dir === undefined) throw new Error(`${CHUNKS_INPUT} is in no output of the client bundle`);
  const chunks = new Map<string, string>();
  for (const { kind, original, path } of metafile.inputs[CHUNKS_INPUT]?.imports ?? []) {
    const out = byInput.get(path);
    if (kind === 'dynamic-import' && original !== undefined && out) chunks.set(original, out);
  }
  return { dir, chunks };
}

/** Whether two chunk maps say the same (the second build must not move what the first found). */
export function sameChunkMap(a: ChunkMap, b: ChunkMap): boolean {
  return a.dir === b.dir && a.chunks.size === b.chunks.size && [...a.chunks].every(([k, v]) => b.chunks.get(k) === v);
}

/** Generates `shipdocs:chunks` from the chunk map the first build found (`map()`). */
export function clientChunksPlugin(islands: readonly IslandComponent[], map: () => ChunkMap | undefined): Plugin {
  return {
    name: 'shipdocs-chunks',
    setup(b) {
      b.onResolve({ filter: /^shipdocs:chunks$/ }, () => ({ path: 'chunks', namespace: 'shipdocs' }));
      b.onLoad({ filter: /.*/, namespace: 'shipdocs' }, () => ({ contents: chunksModule(islands, map()), loader: 'js', resolveDir: packageRoot() }));
    },
  };
}

/**
 * The scripts of the offline shell (output paths): the entry and the shell's lazy chunks, with the
 * chunks they import statically. The service worker fetches them when it installs.
 */
export function shellScripts(metafile: Metafile, map: ChunkMap, entry: string): string[] {
  const root = packageRoot();
  const seen = new Set<string>();
  const visit = (out: string): void => {
    if (seen.has(out)) return;
    seen.add(out);
    for (const i of metafile.outputs[out]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(entry);
  for (const name of SHELL_MODULES) {
    const out = map.chunks.get(resolve(root, CLIENT_LAZY_MODULES[name]));
    if (!out) throw new Error(`${name}: no chunk of its own in the client bundle`);
    visit(out);
  }
  return [...seen];
}
