import { parentPort, workerData } from 'node:worker_threads';
import { buildSearchIndex } from './index-site.js';
import { toSearchDocuments, type SearchEntry } from './search-documents.js';

// Reads the pages' text, builds and serializes the search index while the main thread renders pages.
const { entries } = workerData as { entries: SearchEntry[] };
try {
  parentPort!.postMessage({ json: JSON.stringify(buildSearchIndex(toSearchDocuments(entries))) });
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}
