import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { compiledWorker } from './worker-file.js';
import { highlightJob, type HighlightJob } from './highlight.js';

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
  /** Stops the worker (also done by fill). */
  close(): void;
}

export function createHighlightService(options: { worker?: boolean } = {}): HighlightService {
  const nonce = randomBytes(6).toString('hex');
  // A text token (private-use delimiters): it survives HTML escaping, MDX and React unchanged.
  const placeholder = (i: number): string => `\uE000sdhl:${nonce}:${i}\uE001`;
  const pattern = new RegExp(`\uE000sdhl:${nonce}:(\\d+)\uE001`, 'g');
  const file = options.worker === false ? undefined : compiledWorker('highlight-worker.js');
  const jobs: HighlightJob[] = [];
  let worker: Worker | undefined;
  let results: Promise<string[]> | undefined;
  let batch: { id: number; job: HighlightJob }[] = [];
  const flush = (): void => {
    if (!batch.length) return;
    worker ??= new Worker(file!);
    worker.postMessage({ type: 'jobs', jobs: batch });
    batch = [];
  };

  const substitute = (html: readonly string[], blocks: readonly string[]): string[] =>
    html.map((h) => (h.includes('\uE000sdhl:') ? h.replace(pattern, (_, i: string) => blocks[Number(i)] ?? '') : h));

  return {
    add(job) {
      const i = jobs.push(job) - 1;
      if (file) {
        // The first block starts the worker early (grammars load while markdown is parsed).
        worker ??= new Worker(file);
        batch.push({ id: i, job });
        if (batch.length >= 32 || i === 0) flush();
      }
      return placeholder(i);
    },
    async fill(html) {
      if (jobs.length === 0) return [...html];
      flush();
      if (!worker) {
        const blocks: string[] = [];
        for (const job of jobs) blocks.push(await highlightJob(job));
        return substitute(html, blocks);
      }
      const w = worker;
      results ??= new Promise<string[]>((resolve, reject) => {
        w.once('message', (msg: { type: 'done'; blocks: string[] } | { type: 'error'; message: string }) => {
          if (msg.type === 'done') resolve(msg.blocks);
          else reject(new Error(`highlighting failed: ${msg.message}`));
        });
        w.once('error', reject);
        w.postMessage({ type: 'finish' });
      });
      try {
        return substitute(html, await results);
      } finally {
        void w.terminate();
        worker = undefined;
      }
    },
    close() {
      void worker?.terminate();
      worker = undefined;
    },
  };
}
