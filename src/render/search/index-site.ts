import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import MiniSearch from 'minisearch';
import type { OutputFile } from '../../shared/model.js';
import { compiledWorker } from '../markdown/worker-file.js';
import { SEARCH_FIELDS, SEARCH_STORE_FIELDS, type SearchDocument, type SearchIndexAsset } from '../../shared/search.js';

/** Bumped with the asset's shape or the indexing options, so a new index never reuses a name. */
const FORMAT = `shipdocs-search-1:${SEARCH_FIELDS.join()}:${SEARCH_STORE_FIELDS.join()}`;

export function buildSearchIndex(docs: readonly SearchDocument[]): SearchIndexAsset {
  const mini = new MiniSearch<SearchDocument>({ fields: [...SEARCH_FIELDS], storeFields: [...SEARCH_STORE_FIELDS] });
  mini.addAll(docs);
  return { v: 1, fields: SEARCH_FIELDS, storeFields: SEARCH_STORE_FIELDS, index: mini.toJSON() };
}

export interface SearchIndexPlan {
  /** Output path, `assets/search/index-<hash>.json`. */
  path: string;
  /** Its URL, with baseUrl. */
  href: string;
  /** The asset's JSON, built off the main thread while pages render. */
  contents: Promise<string>;
}

/**
 * Names the index after its documents (the index is a function of them and of FORMAT) and starts
 * building it in a worker; the pages are rendered meanwhile, already pointing at its URL.
 */
export function planSearchIndex(docs: readonly SearchDocument[], url: (path: string) => string): SearchIndexPlan {
  const hash = createHash('sha256').update(FORMAT).update(JSON.stringify(docs)).digest('hex').slice(0, 10);
  const path = `assets/search/index-${hash}.json`;
  return { path, href: url(`/${path}`), contents: buildInWorker(docs) };
}

/** Output file of a planned index. */
export async function searchIndexFile(plan: SearchIndexPlan): Promise<OutputFile> {
  return { path: plan.path, contents: await plan.contents };
}

function buildInWorker(docs: readonly SearchDocument[]): Promise<string> {
  const file = compiledWorker('search-worker.js');
  // Small indexes (and tests running the sources) are built here: a worker's start costs more.
  if (!file || docs.length < 200) return Promise.resolve(JSON.stringify(buildSearchIndex(docs)));
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { docs } });
    worker.once('message', (msg: { json: string } | { error: string }) => {
      void worker.terminate();
      if ('error' in msg) reject(new Error(`search index worker failed: ${msg.error}`));
      else resolve(msg.json);
    });
    worker.once('error', reject);
  });
}
