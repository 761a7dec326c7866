import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A compiled worker script of lib/ ("highlight-worker.js"), used only when this code itself runs
 * compiled from lib/ (tests running the TypeScript sources work in-process instead).
 */
export function compiledWorker(name: string): string | undefined {
  const here = fileURLToPath(import.meta.url);
  const at = here.lastIndexOf(`${sep}lib${sep}`);
  if (at < 0) return undefined;
  const file = join(here.slice(0, at), 'lib', name);
  return existsSync(file) ? file : undefined;
}
