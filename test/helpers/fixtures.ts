import { mkdtempSync, mkdirSync, writeFileSync, cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const FIXTURES = join(REPO, 'test/fixtures');

/** A throwaway project folder holding `files` (path → contents). */
export function tempProject(files: Record<string, string> = {}, from?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'shipdocs-test-'));
  if (from) cpSync(from, dir, { recursive: true });
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  return dir;
}

/** A stable fingerprint of a folder: every file's path and bytes. */
export function treeHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else hash.update(relative(dir, p)).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}
