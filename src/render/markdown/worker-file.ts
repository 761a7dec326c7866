import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The lib/ folder, when this code itself runs compiled from it (not when tests run the sources). */
export function compiledLib(): string | undefined {
  const here = fileURLToPath(import.meta.url);
  const at = here.lastIndexOf(`${sep}lib${sep}`);
  return at < 0 ? undefined : join(here.slice(0, at), 'lib');
}

/**
 * A compiled worker script of lib/ ("highlight-worker.js"), used only when this code itself runs
 * compiled from lib/ (tests running the TypeScript sources work in-process instead).
 */
export function compiledWorker(name: string): string | undefined {
  const lib = compiledLib();
  const file = lib === undefined ? undefined : join(lib, name);
  return file !== undefined && existsSync(file) ? file : undefined;
}
