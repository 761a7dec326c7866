import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The shipdocs package folder (works from src/ under vitest and from the lib/ bundle). */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'shipdocs') return (cached = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error('shipdocs package root not found');
    dir = parent;
  }
}

/**
 * The lib/ folder, when this code runs compiled from it; undefined when the tests run the
 * TypeScript sources (worker threads and the prebuilt client bundle are then not used).
 */
export function compiledLib(): string | undefined {
  const here = fileURLToPath(import.meta.url);
  const at = here.lastIndexOf(`${sep}lib${sep}`);
  return at < 0 ? undefined : join(here.slice(0, at), 'lib');
}
