import { parentPort, workerData } from 'node:worker_threads';
import { buildSearchIndex } from './index-site.js';
import type { SearchDocument } from '../../shared/search.js';

// Builds and serializes the search index while the main thread renders pages.
const { docs } = workerData as { docs: SearchDocument[] };
try {
  parentPort!.postMessage({ json: JSON.stringify(buildSearchIndex(docs)) });
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}
