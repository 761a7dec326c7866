import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RenderedMarkdown } from '../../shared/model.js';
import type { HighlightJob } from './highlight.js';
import type { HighlightService } from './highlight-service.js';
import { renderMarkdown, type MarkdownOptions } from './render-markdown.js';
import { compiledWorker } from './worker-file.js';

// Renders many markdown files, sharing the work between this thread and worker threads when there
// are enough files to pay for a worker's start-up. Workers leave local placeholders for code
// blocks; their blocks go to the build's one highlighter, and the placeholders are renumbered.

export type MarkdownJob = Omit<MarkdownOptions, 'fileRoutes' | 'assetFiles' | 'staticFiles' | 'highlighter'> & { markdown: string };

export interface SharedContext {
  fileRoutes: ReadonlyMap<string, string>;
  assetFiles: ReadonlySet<string>;
  staticFiles: ReadonlySet<string>;
}

/** What a worker sends back for one file. */
export interface WorkerResult {
  rendered: RenderedMarkdown;
  blocks: HighlightJob[];
}

export const LOCAL_PLACEHOLDER = /\uE000sdlocal:(\d+)\uE001/g;
/** Below this many files a worker costs more than it saves. */
const MIN_FILES_PER_WORKER = 120;

export async function renderAll(jobs: readonly MarkdownJob[], shared: SharedContext, highlighter: HighlightService): Promise<RenderedMarkdown[]> {
  const file = compiledWorker('markdown-worker.js');
  // The highlight workers take a core of their own meanwhile: on two cores a markdown worker only
  // adds its start-up and its own warm-up (measured slower on the 1,000-page benchmark).
  const workers = file ? Math.min(Math.max(availableParallelism() - 2, 0), Math.floor(jobs.length / MIN_FILES_PER_WORKER), 3) : 0;
  if (workers === 0) return renderHere(jobs, shared, highlighter);

  // This thread starts at once while workers boot, so it takes a larger share.
  const mainShare = Math.ceil(jobs.length * (workers === 1 ? 0.5 : 0.4));
  const rest = jobs.length - mainShare;
  const per = Math.ceil(rest / workers);
  const payload = { fileRoutes: [...shared.fileRoutes], assetFiles: [...shared.assetFiles], staticFiles: [...shared.staticFiles] };
  const pending = Array.from({ length: workers }, (_, w) => {
    const slice = jobs.slice(mainShare + w * per, mainShare + (w + 1) * per);
    return runWorker(file!, slice, payload);
  });
  const mine = await renderHere(jobs.slice(0, mainShare), shared, highlighter);
  const theirs = (await Promise.all(pending)).flat();
  return [
    ...mine,
    ...theirs.map(({ rendered, blocks }) => {
      const renumber = (html: string): string => html.replace(LOCAL_PLACEHOLDER, (_, i: string) => highlighter.add(blocks[Number(i)]!));
      return { ...rendered, html: renumber(rendered.html), excerptHtml: rendered.excerptHtml === undefined ? undefined : renumber(rendered.excerptHtml) };
    }),
  ];
}

async function renderHere(jobs: readonly MarkdownJob[], shared: SharedContext, highlighter: HighlightService): Promise<RenderedMarkdown[]> {
  const out: RenderedMarkdown[] = [];
  for (const { markdown, ...options } of jobs) out.push(await renderMarkdown(markdown, { ...options, ...shared, highlighter }));
  return out;
}

function runWorker(file: string, jobs: readonly MarkdownJob[], shared: { fileRoutes: [string, string][]; assetFiles: string[]; staticFiles: string[] }): Promise<WorkerResult[]> {
  if (jobs.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { jobs, shared } });
    worker.once('message', (msg: { results: WorkerResult[] } | { error: string }) => {
      void worker.terminate();
      if ('error' in msg) reject(new Error(`markdown worker failed: ${msg.error}`));
      else resolve(msg.results);
    });
    worker.once('error', reject);
  });
}
