import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, realpathSync } from 'node:fs';
import { copyFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, parse, relative, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import type { OutputFile } from '../../shared/model.js';

// Writes the output tree atomically: everything goes into a temporary sibling folder, which
// replaces the output folder only when complete. A failed, interrupted or killed build leaves the
// previous output as it was; leftovers of killed builds are cleaned (or restored) by the next run.

const TMP = '.shipdocs-tmp-';
const OLD = '.shipdocs-old-';

export interface OutDirCheck {
  ok: boolean;
  reason?: string;
}

/** Refuses output folders whose replacement would destroy sources: the root, its parents, `/`, content folders. */
export function checkOutDir(outDir: string, root: string, sourceDirs: readonly string[]): OutDirCheck {
  const out = resolve(outDir);
  const realish = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return resolve(p);
    }
  };
  const o = realish(out);
  const r = realish(root);
  if (o === parse(o).root) return { ok: false, reason: `the file-system root (${o})` };
  if (o === r) return { ok: false, reason: 'the project root' };
  if (r.startsWith(o + sep)) return { ok: false, reason: 'a folder that contains the project' };
  for (const dir of sourceDirs) {
    const s = realish(resolve(root, dir));
    if (o === s || o.startsWith(s + sep) || s.startsWith(o + sep)) return { ok: false, reason: `the source folder ${relative(r, s) || s}` };
  }
  const home = process.env.HOME ? realish(process.env.HOME) : undefined;
  if (home && o === home) return { ok: false, reason: 'your home folder' };
  return { ok: true };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes temp folders of dead builds next to `outDir`, restoring an output a killed swap left aside. */
export function cleanStale(outDir: string): void {
  const parent = dirname(resolve(outDir));
  const name = basename(resolve(outDir));
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    for (const prefix of [TMP, OLD]) {
      if (!entry.startsWith(`${prefix}${name}-`)) continue;
      const pid = Number(entry.slice(prefix.length + name.length + 1).split('-')[0]);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) continue;
      const path = join(parent, entry);
      if (prefix === OLD && !existsSync(resolve(outDir))) renameSync(path, resolve(outDir));
      else rmSync(path, { recursive: true, force: true });
    }
  }
}

/**
 * Deleting a large previous output takes seconds; a detached process does it while we exit.
 * Should it die, the next build's cleanStale removes the folder.
 */
function removeInBackground(dir: string): void {
  try {
    const child = spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', dir], { detached: true, stdio: 'ignore' });
    child.on('error', () => rmSync(dir, { recursive: true, force: true }));
    child.unref();
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes `files` into a fresh temp folder and swaps it in for `outDir`. */
export async function writeDist(files: readonly OutputFile[], outDir: string): Promise<void> {
  const out = resolve(outDir);
  const parent = dirname(out);
  const name = basename(out);
  mkdirSync(parent, { recursive: true });
  cleanStale(out);
  const suffix = `${name}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const tmp = join(parent, TMP + suffix);
  const old = join(parent, OLD + suffix);
  const cleanup = (): void => rmSync(tmp, { recursive: true, force: true });
  const onSignal = (signal: NodeJS.Signals): void => {
    cleanup();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    mkdirSync(tmp);
    const made = new Set<string>([tmp]);
    for (const file of files) {
      const target = join(tmp, file.path);
      if (!target.startsWith(tmp + sep)) throw new Error(`refusing to write outside the output folder: ${file.path}`);
      const dir = dirname(target);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
    }
    // Many writes in flight keep the thread pool busy: far faster than one write at a time.
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < files.length) {
        const file = files[next++]!;
        const target = join(tmp, file.path);
        if ('copyFrom' in file) await copyFile(file.copyFrom, target);
        else await writeFile(target, file.contents);
      }
    };
    await Promise.all(Array.from({ length: Math.min(16, files.length) }, worker));
    if (existsSync(out)) {
      renameSync(out, old);
      renameSync(tmp, out);
      removeInBackground(old);
    } else {
      renameSync(tmp, out);
    }
  } catch (err) {
    cleanup();
    if (existsSync(old) && !existsSync(out)) renameSync(old, out);
    throw err;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}
