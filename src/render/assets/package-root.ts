import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
