import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkerSettings } from '../../shared/offline.js';
import type { OutputFile } from '../../shared/model.js';
import { CLIENT_TARGET } from './browser-react.js';
import { compiledLib, packageRoot } from './package-root.js';

// The service worker of `offline` (src/client/offline/worker.ts): bundled once as a classic script
// (with lib/: lib/client/sw.js, the same for every site), and written as `sw.js` at the site's base
// with the build's settings before it. With `offline` off the same file removes itself, so readers
// who installed it lose it at their next visit.

/** Where the worker lives: at the base, so its scope is the whole site. */
export const WORKER_PATH = 'sw.js';
/** The offline page's output path (the route "/offline.html"). */
const OFFLINE_PAGE_PATH = 'offline.html';

let cached: Promise<string> | undefined;

function prebuiltFile(): string | undefined {
  const lib = compiledLib();
  return lib === undefined ? undefined : join(lib, 'client', WORKER_PATH);
}

function workerCode(): Promise<string> {
  const file = prebuiltFile();
  cached ??= file && existsSync(file) ? Promise.resolve(readFileSync(file, 'utf8')) : buildOfflineWorker();
  return cached;
}

/** Builds the worker into lib/client (run by `npm run build:lib`). */
export async function prebuildOfflineWorker(): Promise<void> {
  const file = prebuiltFile();
  if (!file) throw new Error('prebuildOfflineWorker runs from lib/');
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, await buildOfflineWorker());
}

/** The worker's code, which reads its settings from `SHIPDOCS_OFFLINE`. */
export async function buildOfflineWorker(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: packageRoot(),
    entryPoints: ['src/client/offline/worker.ts'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: CLIENT_TARGET,
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

/** A file of the shell, with its contents (they name the version). */
export interface ShellFile {
  path: string;
  contents: string | Uint8Array;
}

/**
 * The worker's settings. On: the shell's files (output paths) become URLs under the base, and the
 * version is named after their paths and contents, so any change to the shell (a script, the
 * styles, the search index, the offline page) is a new version that readers are offered. Off:
 * only the base, whose caches the worker deletes.
 */
export function workerSettings(base: string, shell: readonly ShellFile[] | undefined): WorkerSettings {
  if (!shell) return { enabled: false, base, version: '', precache: [], offlinePage: '' };
  const hash = createHash('sha256');
  for (const file of [...shell].sort((a, b) => (a.path < b.path ? -1 : 1))) hash.update(file.path).update('\0').update(file.contents).update('\0');
  return {
    enabled: true,
    base,
    version: hash.digest('hex').slice(0, 12),
    precache: shell.map((f) => base + f.path),
    offlinePage: base + OFFLINE_PAGE_PATH,
  };
}

/** sw.js: the settings, then the worker's code. */
export async function offlineWorkerFile(settings: WorkerSettings): Promise<OutputFile> {
  return { path: WORKER_PATH, contents: `var SHIPDOCS_OFFLINE = ${JSON.stringify(settings)};\n${await workerCode()}` };
}

/**
 * The shell's files out of the build's: the stylesheet, the early script, the scripts of the
 * shell (the entry, search, the offline page's list), the search index and the offline page. A
 * fixed set, whatever the number of pages: pages are kept as readers open them.
 */
export function shellFiles(paths: readonly string[], files: readonly OutputFile[]): ShellFile[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  return paths.map((path) => {
    const file = byPath.get(path);
    if (!file || !('contents' in file)) throw new Error(`${path}: a file of the offline shell is not among the build's files in memory`);
    return file;
  });
}
