import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { compiledWorker } from './worker-file.js';
import { highlightJob, type HighlightJob } from './highlight.js';
import { encodeUtf8, replaceMarked } from '../html/utf8.js';

/**
 * Collects the code blocks of a build and highlights them off the main thread: markdown leaves a
 * placeholder per block, a worker highlights while the main thread renders pages, and `fill`
 * swaps the placeholders for the highlighted HTML at the end. Without the compiled worker (tests
 * running from source) the blocks are highlighted in-process.
 */
export interface HighlightService {
  /** Queues a block; returns the placeholder to put in the HTML. */
  add(job: HighlightJob): string;
  /** Waits for every block and replaces the placeholders in `html`. */
  fill(html: readonly string[]): Promise<string[]>;
  /**
   * Waits for every block; then the returned filler replaces the placeholders of one text, or of
   * one page's UTF-8 bytes, at a time (a large site's pages are never decoded to be filled).
   */
  finish(): Promise<HighlightFiller>;
  /** Stops the worker (also done by fill). */
  close(): void;
  /** Blocks added, distinct blocks, and distinct blocks found in the cache. */
  stats(): { blocks: number; distinct: number; cached: number };
  /** Blocks sent to the workers and not highlighted yet (about: workers report every few). */
  backlog(): number;
  /** Caps the highlight workers (languages already given to a worker stay with it). */
  limitLanes(n: number): void;
}

export interface HighlightFiller {
  text(html: string): string;
  /** Returns `page` itself when it holds no placeholder. */
  bytes(page: Uint8Array): Uint8Array;
}

/** How every placeholder starts: a page without it has no code block to fill. */
const HIGHLIGHT_MARK = '\uE000sdhl:';

/** Bumped whenever the highlighted markup changes shape, so old cache entries are never reused. */
const CACHE_FORMAT = 'shiki-4-onig-github-3';

/** Cache of highlighted blocks between builds: key (hash of language, lines and code) → HTML. */
function readCache(file: string | undefined): Map<string, string> {
  if (!file) return new Map();
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { format?: string; blocks?: Record<string, string> };
    return data.format === CACHE_FORMAT && data.blocks ? new Map(Object.entries(data.blocks)) : new Map();
  } catch {
    return new Map();
  }
}

function writeCache(file: string, blocks: Map<string, string>): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ format: CACHE_FORMAT, blocks: Object.fromEntries(blocks) }));
    renameSync(tmp, file);
  } catch {
    // a cache that cannot be written only costs time on the next build
  }
}

const cacheKey = (job: HighlightJob): string => createHash('sha256').update(JSON.stringify([job.lang, job.written, job.highlight, job.code])).digest('base64url');

export interface HighlightOptions {
  /** false: highlight in this thread (tests). Default: a worker when running compiled. */
  worker?: boolean;
  /** File of the highlight cache; none disables it. */
  cacheFile?: string | undefined;
}

/** Highlight workers at most (this machine has two cores; grammars are loaded per worker). */
const LANES = 2;

/**
 * Source files from which the build's own thread is busy long enough for one highlight worker to
 * keep up on a core of its own: a second worker would only take turns with the two (measured 7%
 * slower on the 1,000-page benchmark, while a 50-file site highlighting 14 languages, where
 * highlighting is the longest task, builds 5% faster with two).
 */
export const ONE_LANE_FROM_FILES = 400;

interface Lane {
  worker: Worker;
  batch: { id: number; job: HighlightJob }[];
  /** Languages given to this worker so far. */
  languages: number;
  /** Blocks sent, and highlighted as last reported. */
  sent: number;
  done: number;
  finished?: (msg: WorkerReply) => void;
}

type WorkerReply = { type: 'done'; blocks: (string | undefined)[] } | { type: 'error'; message: string } | { type: 'progress'; done: number };

function startLane(file: string): Lane {
  const lane: Lane = { worker: new Worker(file), batch: [], languages: 0, sent: 0, done: 0 };
  lane.worker.on('message', (msg: WorkerReply) => {
    if (msg.type === 'progress') lane.done = msg.done;
    else lane.finished?.(msg);
  });
  return lane;
}

/** Tells a worker that no more blocks come; resolves with its blocks by id (holes for others'). */
function finishLane(lane: Lane): Promise<(string | undefined)[]> {
  return new Promise((resolve, reject) => {
    lane.finished = (msg) => {
      if (msg.type === 'done') resolve(msg.blocks);
      else if (msg.type === 'error') reject(new Error(`highlighting failed: ${msg.message}`));
    };
    lane.worker.once('error', reject);
    lane.worker.postMessage({ type: 'finish' });
  });
}

export function createHighlightService(options: HighlightOptions = {}): HighlightService {
  const cache = readCache(options.cacheFile);
  /** Blocks of this build: the cache is rewritten with these only, so it never grows stale. */
  const used = new Map<string, string>();
  const cached: (string | undefined)[] = [];
  /** Identical blocks of this build are highlighted once: block index → index of its first copy. */
  const firstOf = new Map<string, number>();
  const copyOf: number[] = [];
  const nonce = randomBytes(6).toString('hex');
  // A text token (private-use delimiters): it survives HTML escaping, MDX and React unchanged.
  const placeholder = (i: number): string => `\uE000sdhl:${nonce}:${i}\uE001`;
  const pattern = new RegExp(`\uE000sdhl:${nonce}:(\\d+)\uE001`, 'g');
  const file = options.worker === false ? undefined : compiledWorker('highlight-worker.js');
  const jobs: HighlightJob[] = [];
  /** Cache key of each job. */
  const keys: string[] = [];
  // Two workers, each with its own languages: loading a grammar is most of a cold build's
  // highlighting (a few hundred ms for TypeScript), and one worker loads them one after another.
  const lanes: Lane[] = [];
  let maxLanes = LANES;
  const laneOf = new Map<string, Lane>();
  let results: Promise<string[]> | undefined;
  const laneFor = (lang: string): Lane => {
    let lane = laneOf.get(lang);
    if (!lane) {
      if (lanes.length < maxLanes) lanes.push(startLane(file!));
      lane = lanes.reduce((a, b) => (b.languages < a.languages ? b : a));
      lane.languages++;
      laneOf.set(lang, lane);
    }
    return lane;
  };
  const flush = (): void => {
    for (const lane of lanes) {
      if (!lane.batch.length) continue;
      lane.worker.postMessage({ type: 'jobs', jobs: lane.batch });
      lane.sent += lane.batch.length;
      lane.batch = [];
    }
  };

  /** Replaces placeholders with their blocks (copies point at their first). */
  const filler = (blocks: readonly string[]): HighlightFiller => {
    const block = (i: number): number => copyOf[i] ?? i;
    const mark = encodeUtf8(`${HIGHLIGHT_MARK}${nonce}:`);
    const end = encodeUtf8('\uE001');
    const utf8: Uint8Array[] = [];
    return {
      text: (html) => (html.includes(HIGHLIGHT_MARK) ? html.replace(pattern, (_, i: string) => blocks[block(Number(i))] ?? '') : html),
      bytes: (page) =>
        replaceMarked(page, mark, end, (inner) => {
          const i = block(Number(inner));
          return (utf8[i] ??= encodeUtf8(blocks[i] ?? ''));
        }),
    };
  };

  return {
    add(job) {
      const i = jobs.push(job) - 1;
      const key = cacheKey(job);
      keys.push(key);
      const first = firstOf.get(key);
      if (first !== undefined) {
        copyOf[i] = first;
        return placeholder(i);
      }
      firstOf.set(key, i);
      const hit = cache.get(key);
      if (hit !== undefined) {
        cached[i] = hit;
        used.set(key, hit);
        return placeholder(i);
      }
      if (file) {
        // Sent at once: a language's first block starts its worker early (grammars load while
        // markdown is parsed), and a message costs about 6 µs (batches of 32 measured no faster).
        const lane = laneFor(job.lang);
        lane.batch.push({ id: i, job });
        flush();
      }
      return placeholder(i);
    },
    async fill(html) {
      const filler = await this.finish();
      return html.map(filler.text);
    },
    async finish() {
      if (jobs.length === 0) return { text: (h) => h, bytes: (b) => b };
      flush();
      const save = (blocks: readonly string[]): void => {
        if (!options.cacheFile) return;
        keys.forEach((key, i) => {
          if (copyOf[i] === undefined) used.set(key, blocks[i]!);
        });
        writeCache(options.cacheFile, used);
      };
      if (!lanes.length && !results) {
        const blocks: string[] = [];
        for (const [i, job] of jobs.entries()) blocks.push(copyOf[i] !== undefined ? '' : (cached[i] ?? (await highlightJob(job))));
        save(blocks);
        return filler(blocks);
      }
      const running = lanes.splice(0);
      results ??= Promise.all(running.map(finishLane)).then((parts) => jobs.map((_, i) => parts.map((p) => p[i]).find((b) => b !== undefined && b !== '') ?? ''));
      try {
        const fromWorkers = await results;
        const blocks = jobs.map((_, i) => cached[i] ?? fromWorkers[i] ?? '');
        save(blocks);
        return filler(blocks);
      } finally {
        for (const lane of running) void lane.worker.terminate();
      }
    },
    limitLanes(n) {
      maxLanes = Math.max(1, Math.min(n, LANES));
    },
    backlog() {
      return lanes.reduce((n, lane) => n + lane.sent + lane.batch.length - lane.done, 0);
    },
    stats() {
      return { blocks: jobs.length, distinct: firstOf.size, cached: cached.filter((c) => c !== undefined).length };
    },
    close() {
      for (const lane of lanes.splice(0)) void lane.worker.terminate();
    },
  };
}
