import { mkdtempSync, mkdirSync, writeFileSync, cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const FIXTURES = join(REPO, 'test/fixtures');

/** Temporary folders made by this test file, removed after it (test/helpers/setup.ts). */
const made: string[] = [];

/** A fresh empty temporary folder, removed when the test file is done. */
export function tempDir(prefix = 'shipdocs-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** A throwaway project folder holding `files` (path → contents). */
export function tempProject(files: Record<string, string> = {}, from?: string): string {
  const dir = tempDir();
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

/** An output file's contents as text: pages come as UTF-8 bytes, other files as strings. */
export function asText(contents: string | Uint8Array): string {
  return typeof contents === 'string' ? contents : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength).toString('utf8');
}

/** A file's bytes, read from disk when it has a source there (what `serve` makes on request is on disk). */
export function fileBytes(file: { contents: string | Uint8Array } | { copyFrom: string }): Buffer {
  return 'copyFrom' in file ? readFileSync(file.copyFrom) : Buffer.from(file.contents);
}

/** The text of the output file at `path` of a build; throws when there is none. */
export function outputText(files: readonly ({ path: string } & ({ contents: string | Uint8Array } | { copyFrom: string }))[], path: string): string {
  const f = files.find((x) => x.path === path);
  if (!f || !('contents' in f)) throw new Error(`no output file ${path}`);
  return asText(f.contents);
}
