import { parentPort } from 'node:worker_threads';
import { highlightJob, type HighlightJob } from './highlight.js';

// Highlights code blocks as they arrive, so the work overlaps the main thread's rendering.
const port = parentPort!;
const pending: Promise<string>[] = [];
let tail: Promise<string> = Promise.resolve('');
let done = 0;

port.on('message', (msg: { type: 'jobs'; jobs: { id: number; job: HighlightJob }[] } | { type: 'finish' }) => {
  if (msg.type === 'jobs') {
    for (const { id, job } of msg.jobs) {
      // Sequential: grammars load once. Ids may skip (cached blocks); missing ones come back empty.
      pending[id] = tail = tail.then(async () => {
        const html = await highlightJob(job);
        // How far along this worker is: the build sizes its other workers by it.
        if (++done % 8 === 0) port.postMessage({ type: 'progress', done });
        return html;
      });
    }
    return;
  }
  Promise.all(Array.from(pending, (p) => p ?? ''))
    .then((blocks) => port.postMessage({ type: 'done', blocks }))
    .catch((err: unknown) => port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
});
