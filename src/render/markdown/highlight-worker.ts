import { parentPort } from 'node:worker_threads';
import { highlightJob, type HighlightJob } from './highlight.js';

// Highlights code blocks as they arrive, so the work overlaps the main thread's rendering.
const port = parentPort!;
const pending: Promise<string>[] = [];

port.on('message', (msg: { type: 'jobs'; jobs: { id: number; job: HighlightJob }[] } | { type: 'finish' }) => {
  if (msg.type === 'jobs') {
    for (const { id, job } of msg.jobs) {
      const previous = pending[id - 1] ?? Promise.resolve('');
      // Sequential: grammars load once and blocks come back in order.
      pending[id] = previous.then(() => highlightJob(job));
    }
    return;
  }
  Promise.all(pending)
    .then((blocks) => port.postMessage({ type: 'done', blocks }))
    .catch((err: unknown) => port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
});
