import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { OutputFile } from '../../shared/model.js';
import { MARKER_TEXT, OUTPUT_MARKER } from './check-out-dir.js';
import { pause } from '../workers/pause.js';

// Writes the output tree atomically: files go into a temporary sibling folder as they are made,
// and that folder replaces the output folder only when the build succeeds. A failed or interrupted
// build removes it and leaves the previous output as it was; a killed build's folder is removed by
// the next run. Files are written one at a time, synchronously, as they come: asynchronous writes
// in flight cost more per file (promises, the thread pool, the pages they hold) than they saved
// (bench/README.md).

const TMP = '.shipdocs-tmp-';
const OLD = '.shipdocs-old-';
/** A copy of the previous output that earlier versions of shipdocs kept beside it. */
const LEGACY_SPARE = '.shipdocs-spare-';

export interface Output {
  /** The temporary folder being filled. */
  readonly tmp: string;
  /** Writes a file into the temporary folder. */
  write(file: OutputFile): Promise<void>;
  /** Swaps the folder in for the output and removes the previous output. */
  commit(): Promise<void>;
  /** Removes the temporary folder: the output stays as it was. */
  discard(): Promise<void>;
  /** The same, deleting the files without blocking the event loop (seconds for the largest sites), for a caller that goes on. */
  discardInBackground(): Promise<void>;
}

/** A new temporary folder beside `outDir`, to be filled and swapped in. */
export function openOutput(outDir: string): Output {
  const out = resolve(outDir);
  mkdirSync(dirname(out), { recursive: true });
  cleanStale(out);
  const tmp = join(dirname(out), `${TMP}${basename(out)}-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(tmp);
  /** Folders made in the temp folder. */
  const folders = new Set<string>([tmp]);
  let closed = false;
  return {
    tmp,
    async write(file) {
      if (closed) throw new Error('the output was closed');
      const target = join(tmp, file.path);
      if (!target.startsWith(tmp + sep)) throw new Error(`refusing to write outside the output folder: ${file.path}`);
      const folder = dirname(target);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      if ('copyFrom' in file) copyFileSync(file.copyFrom, target);
      else if ('parts' in file) await writeParts(target, file.parts, () => closed);
      else writeFileSync(target, file.contents);
    },
    async commit() {
      closed = true;
      writeFileSync(join(tmp, OUTPUT_MARKER), MARKER_TEXT);
      if (!existsSync(out)) return rename(tmp, out);
      const old = join(dirname(out), OLD + basename(tmp).slice(TMP.length));
      await rename(out, old);
      try {
        await rename(tmp, out);
      } catch (err) {
        await rename(old, out);
        throw err;
      }
      await rm(old, { recursive: true, force: true });
    },
    async discard() {
      closed = true;
      rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
    },
    async discardInBackground() {
      closed = true;
      await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/**
 * A file's parts, one after another. Parts are made as they are written, for seconds on the
 * largest APIs (Microsoft Graph's Bruno zip, 9 s): the event loop turns between them, so an
 * interrupt is not kept waiting, and the output discarded meanwhile stops the file.
 */
async function writeParts(target: string, parts: Iterable<string> | Iterable<Uint8Array>, discarded: () => boolean): Promise<void> {
  const fd = openSync(target, 'w');
  try {
    for (const part of parts) {
      // Two calls of one function: its overloads take text or bytes, not a value that may be either.
      if (typeof part === 'string') writeSync(fd, part);
      else writeSync(fd, part);
      await pause();
      if (discarded()) throw new Error('the output was closed');
    }
  } finally {
    closeSync(fd);
  }
}

/** Writes `files` as the new output folder (`openOutput`, every file, `commit`). */
export async function writeDist(files: readonly OutputFile[], outDir: string): Promise<void> {
  const output = openOutput(outDir);
  try {
    for (const file of files) await output.write(file);
    await output.commit();
  } catch (err) {
    await output.discard();
    throw err;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what dead builds left beside `outDir`: temp folders, and a previous output set aside by a
 * swap that was killed halfway (put back when the output is missing). Also removes the copy of the
 * previous output that earlier versions kept there.
 */
export function cleanStale(outDir: string): void {
  const out = resolve(outDir);
  const name = basename(out);
  let entries: string[];
  try {
    entries = readdirSync(dirname(out));
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dirname(out), entry);
    if (entry === LEGACY_SPARE + name) {
      rmSync(path, { recursive: true, force: true });
      continue;
    }
    const prefix = [TMP, OLD].find((p) => entry.startsWith(`${p}${name}-`));
    if (!prefix) continue;
    const pid = Number(entry.slice(prefix.length + name.length + 1).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) continue;
    if (prefix === OLD && !existsSync(out)) renameSync(path, out);
    else rmSync(path, { recursive: true, force: true });
  }
}
