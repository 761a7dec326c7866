import { chmodSync, closeSync, copyFileSync, ftruncateSync, lstatSync, mkdirSync, openSync, readdirSync, rmSync, unlinkSync, writeFileSync, writeSync, writevSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compiledWorker } from '../markdown/worker-file.js';

// Making thousands of folders and files is kernel work (the file system's own bookkeeping, not
// the disk): a second thread making half of them finishes the output of the 4,000-post blog about
// a third sooner. When the output is written the build's other threads are done, so the core is free.

/**
 * One file to write: its checked target path, and its bytes or the file to copy; `over`: a file of
 * a recycled output is there already, its blocks to be written over.
 */
export type WriteJob = { target: string; over?: boolean } & ({ contents: string | Uint8Array } | { copyFrom: string });

export type WriteReply = { ok: true; ready?: Ready } | { ok: false; message: string; code?: string | undefined };

/** An output folder ready to be written: the folders in it, and the files a recycled one holds. */
export interface Ready {
  /** Folders that exist (made, or found in a recycled folder); absolute paths. */
  made: Set<string>;
  /** Regular files found in a recycled folder, written over or removed as stale; absolute paths. */
  files: Set<string>;
}

/**
 * What a recycled output folder holds. Anything but folders and regular files with a single link
 * (symbolic links, hard-linked files, sockets) is removed first: a file is written over in place,
 * so this never writes through a link into something outside the output. So is a file this
 * process may not write, and folders are made writable (both as a build leaves them otherwise).
 */
export function surveyTree(dir: string): Ready {
  const ready: Ready = { made: new Set(), files: new Set() };
  const uid = process.getuid?.();
  const mine = (st: Stats): boolean => uid === undefined || uid === 0 || st.uid === uid;
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        const st = lstatSync(path);
        if ((st.mode & 0o700) !== 0o700 && mine(st)) chmodSync(path, st.mode | 0o700);
        ready.made.add(path);
        walk(path);
        continue;
      }
      const st = entry.isFile() ? lstatSync(path) : undefined;
      if (st && st.nlink === 1 && st.mode & 0o200 && mine(st)) ready.files.add(path);
      else rmSync(path, { force: true });
    }
  };
  walk(dir);
  return ready;
}

/**
 * Makes `folders` (absolute, parents first) in an output folder surveyed as `ready`: a recycled
 * file where a folder is to be is removed first. Adds the folders to `ready.made`.
 */
export function makeFolders(folders: readonly string[], ready: Ready): void {
  for (const folder of folders) {
    if (ready.made.has(folder)) continue;
    if (ready.files.delete(folder)) unlinkSync(folder);
    try {
      mkdirSync(folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    ready.made.add(folder);
  }
}

/** Below this many files a second thread costs more than it saves. */
const PARALLEL_FROM = 1000;

/** Writes one file, making its folder first unless `made` holds it (each thread its own). */
export function writeOne(job: WriteJob, made: Set<string>): void {
  const dir = dirname(job.target);
  if (!made.has(dir)) {
    // Folders shared by both threads' files: `recursive` takes one made meanwhile by the other.
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  if ('copyFrom' in job) copyFileSync(job.copyFrom, job.target);
  else if (job.over) writeOver(job.target, job.contents);
  else writeFileSync(job.target, job.contents);
}

/** Zeros that round a write over a file up to whole pages of memory. */
const PAGE = 4096;
const PADDING = new Uint8Array(PAGE);

/**
 * Writes over an existing file's bytes and then cuts it to length. Truncating it first (as a
 * plain write does) frees its blocks only to allocate them again: five to six times the cost on
 * ext4, which also discards the blocks freed when mounted with `discard`. The write covers whole
 * pages (zeros after the bytes, cut off after): a page written in part is read from the disk
 * first when the file is no longer cached, one read per file (seconds for thousands).
 */
function writeOver(target: string, contents: string | Uint8Array): void {
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
  const pad = (PAGE - (bytes.byteLength % PAGE)) % PAGE;
  const fd = openSync(target, 'r+');
  try {
    const written = writevSync(fd, pad ? [bytes, PADDING.subarray(0, pad)] : [bytes], 0);
    // A short write (never seen on a regular file) is finished plainly.
    for (let at = written; at < bytes.byteLength; ) at += writeSync(fd, bytes, at, bytes.byteLength - at, at);
    ftruncateSync(fd, bytes.byteLength);
  } finally {
    closeSync(fd);
  }
}

/**
 * The byte buffers the helper can take instead of a copy (half of a large site's pages: tens of
 * megabytes): those holding exactly one file's bytes, used by no file this thread writes. They
 * are detached here once sent.
 */
function handOver(mine: readonly WriteJob[], theirs: readonly WriteJob[]): ArrayBuffer[] {
  const kept = new Set<ArrayBufferLike>();
  for (const job of mine) if ('contents' in job && job.contents instanceof Uint8Array) kept.add(job.contents.buffer);
  const moved = new Set<ArrayBuffer>();
  for (const job of theirs) {
    const contents = 'contents' in job ? job.contents : undefined;
    if (!(contents instanceof Uint8Array) || !(contents.buffer instanceof ArrayBuffer)) continue;
    if (contents.byteOffset === 0 && contents.byteLength === contents.buffer.byteLength && !kept.has(contents.buffer)) moved.add(contents.buffer);
  }
  return [...moved];
}

export interface ParallelWrites {
  /** Settles when every file is written; rejects with the first failure. */
  done: Promise<void>;
  /** Stops the helper thread (a failure or an interrupt); resolves once it can write no more. */
  stop(): Promise<void>;
}

/**
 * Writes `jobs` (`made`: folders that exist already): a worker thread takes the second half when
 * enough of them create files and there is a core to spare, this thread the rest (pausing every
 * few hundred files, so a Ctrl+C is seen mid-way). The bytes of the half written by the worker
 * are moved to it: read them no more.
 */
export function writeFiles(jobs: readonly WriteJob[], made: ReadonlySet<string> = new Set()): ParallelWrites {
  // Creating files is what a second thread shares: writing over those of a recycled output is
  // quicker in one (5,740 files: 150-230 ms against 160-530 ms).
  const creates = jobs.reduce((n, job) => (job.over ? n : n + 1), 0);
  const file = creates >= PARALLEL_FROM && availableParallelism() > 1 ? compiledWorker('write-worker.js') : undefined;
  const split = file ? Math.ceil(jobs.length / 2) : jobs.length;
  const theirJobs = jobs.slice(split);
  const worker = file ? new Worker(file, { workerData: { jobs: theirJobs, made: [...made] }, transferList: handOver(jobs.slice(0, split), theirJobs) }) : undefined;
  let theirs: Promise<void> = Promise.resolve();
  /** Set on a failure or a stop: this thread writes no more either. */
  let stopped = false;
  if (worker) {
    theirs = replyOf(worker, 'the output writer').then(() => undefined);
    // A failure here surfaces through `done`; no unhandled rejection meanwhile.
    theirs.catch(() => {
      stopped = true;
    });
  }
  const mine = (async () => {
    const mineMade = new Set(made);
    for (let i = 0; i < split && !stopped; i++) {
      writeOne(jobs[i]!, mineMade);
      if (i % 250 === 249) await new Promise((resolve) => setImmediate(resolve));
    }
    // Stopped part-way (an interrupt, or the helper failed): the output is not to be swapped in.
    if (stopped) throw new Error('the writing was stopped');
  })();
  return {
    done: Promise.all([mine, theirs]).then(() => undefined),
    async stop() {
      stopped = true;
      if (worker) await worker.terminate();
    },
  };
}

/** A write worker's one reply: what it made ready, or its failure (or its stopping first) as an error. */
function replyOf(worker: Worker, name: string): Promise<Ready | undefined> {
  return new Promise((resolve, reject) => {
    worker.once('message', (msg: WriteReply) => {
      if (msg.ok) resolve(msg.ready);
      else reject(Object.assign(new Error(msg.message), { code: msg.code }));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`${name} stopped (exit code ${code})`)));
  });
}

/** A helper thread preparing an output folder: surveying a recycled one, making folders. */
export interface FolderHelper {
  /**
   * Makes these folders (absolute, parents first) once the survey is done; resolves with what is
   * ready, rejects if a folder cannot be made. Called once.
   */
  make(folders: readonly string[]): Promise<Ready>;
  /** Ends the thread. */
  stop(): Promise<void>;
}

/**
 * Starts a helper thread on an output folder: it surveys a `recycled` one at once (reading
 * thousands of folders the disk no longer caches takes about a second: it runs while sources are
 * read and pages drawn), then makes the folders it is given. `workerFile`: the compiled worker
 * script (none when running the sources: no helper; tests name lib's).
 */
export function folderHelper(recycled: string | undefined, workerFile = compiledWorker('write-worker.js')): FolderHelper | undefined {
  if (!workerFile) return undefined;
  const worker = new Worker(workerFile, { workerData: { recycled } });
  const done = replyOf(worker, 'the folder maker').then((ready) => ready!);
  // Awaited through `make` only.
  done.catch(() => undefined);
  return {
    make(folders) {
      worker.postMessage({ folders });
      return done;
    },
    stop: async () => void (await worker.terminate()),
  };
}

/**
 * Makes the given folders (absolute paths, parents first) of a new output folder in a helper
 * thread while the build goes on, when there are enough of them and a core to spare: making
 * thousands of folders was about half of writing a large output. `done` resolves with what is
 * ready (undefined without a worker: the writers make the folders as they go) and rejects if a
 * folder cannot be made; `stop` ends the thread.
 */
export function makeFoldersAhead(folders: readonly string[], workerFile = compiledWorker('write-worker.js')): { done: Promise<Ready | undefined>; stop(): Promise<void> } {
  const helper = folders.length >= PARALLEL_FROM && availableParallelism() > 1 ? folderHelper(undefined, workerFile) : undefined;
  return helper ? { done: helper.make(folders), stop: helper.stop } : { done: Promise.resolve(undefined), stop: () => Promise.resolve() };
}
