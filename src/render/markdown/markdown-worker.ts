import { parentPort, workerData } from 'node:worker_threads';
import type { HighlightJob } from './highlight.js';
import type { HighlightService } from './highlight-service.js';
import { renderMarkdown } from './render-markdown.js';
import type { MarkdownJob, WorkerResult } from './render-pool.js';

// Renders its share of the markdown files; code blocks are returned for the main highlighter.
const { jobs, shared } = workerData as { jobs: MarkdownJob[]; shared: { fileRoutes: [string, string][]; assetFiles: string[]; staticFiles: string[] } };
const context = { fileRoutes: new Map(shared.fileRoutes), assetFiles: new Set(shared.assetFiles), staticFiles: new Set(shared.staticFiles) };

async function main(): Promise<WorkerResult[]> {
  const results: WorkerResult[] = [];
  for (const { markdown, ...options } of jobs) {
    const blocks: HighlightJob[] = [];
    const collector: HighlightService = {
      add: (job) => `\uE000sdlocal:${blocks.push(job) - 1}\uE001`,
      fill: (html) => Promise.resolve([...html]),
      finish: () => Promise.resolve({ text: (html: string) => html, bytes: (page: Uint8Array) => page }),
      close: () => undefined,
      stats: () => ({ blocks: blocks.length, distinct: blocks.length, cached: 0 }),
      backlog: () => 0,
      limitLanes: () => undefined,
    };
    results.push({ rendered: await renderMarkdown(markdown, { ...options, ...context, highlighter: collector }), blocks });
  }
  return results;
}

main().then(
  (results) => parentPort!.postMessage({ results }),
  (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
);
