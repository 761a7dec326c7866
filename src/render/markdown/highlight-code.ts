import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { WorkerPool } from '../workers/pool.js';
import { pause } from '../workers/pause.js';
import type { HighlightJob } from './highlight.js';

// Code blocks of a build: each distinct block is highlighted once, by the worker pool, unless the
// cache kept from an earlier build has it already.

export interface CodeHighlighter {
  /** The block's highlighted `<pre>` HTML. */
  highlight(job: HighlightJob): Promise<string>;
  /** Writes the cache file with this build's blocks (so it never grows stale). */
  save(): Promise<void>;
}

/** Bumped whenever the highlighted markup changes shape or colours, so old cache entries are never reused. */
const CACHE_FORMAT = 'shiki-4-onig-github-5';

export function createCodeHighlighter({ pool, cacheFile }: { pool: WorkerPool; cacheFile?: string | undefined }): CodeHighlighter {
  const cached = readCache(cacheFile);
  /** This build's blocks by key, highlighted or on their way. */
  const blocks = new Map<string, Promise<string>>();
  return {
    highlight(job) {
      const key = cacheKey(job);
      let html = blocks.get(key);
      if (!html) {
        const hit = cached.get(key);
        // A language's blocks go to one worker: its grammar is loaded once. The pause lets the event loop
        // turn between blocks when the pool runs them in this thread (one core): 32 files are in flight.
        html = hit !== undefined ? Promise.resolve(hit) : pause().then(() => pool.run('highlight', job, job.lang));
        blocks.set(key, html);
      }
      return html;
    },
    async save() {
      if (!cacheFile) return;
      writeCache(cacheFile, await Promise.all([...blocks].map(async ([key, html]) => [key, await html] as const)));
    },
  };
}

const cacheKey = (job: HighlightJob): string =>
  createHash('sha256')
    .update(JSON.stringify([job.lang, job.written, job.highlight, job.code]))
    .digest('base64url');

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

function writeCache(file: string, entries: readonly (readonly [string, string])[]): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ format: CACHE_FORMAT, blocks: Object.fromEntries(entries) }));
    renameSync(tmp, file);
  } catch {
    // A cache that cannot be written only costs time on the next build.
  }
}
