import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { OutputFile } from '../../shared/model.js';
import { compiledWorker } from '../markdown/worker-file.js';
import { SEARCH_FIELDS, SEARCH_STORE_FIELDS, type SearchDocument, type SearchIndexAsset } from '../../shared/search.js';

/** Bumped with the asset's shape or the indexing options, so a new index never reuses a name. */
const FORMAT = `shipdocs-search-1:${SEARCH_FIELDS.join()}:${SEARCH_STORE_FIELDS.join()}`;

export function buildSearchIndex(docs: readonly SearchDocument[]): SearchIndexAsset {
  return { v: 1, fields: SEARCH_FIELDS, storeFields: SEARCH_STORE_FIELDS, index: miniSearchJson(docs) };
}

/** minisearch's default tokenizer. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/**
 * The index minisearch's `addAll` then `toJSON` give (default tokenizer and term processing),
 * built without its radix tree: a term's postings are counted per document and field in a plain
 * map, then merged once. Half the work on a large site, in the worker that shares a core with
 * rendering. Terms come in first-seen order (minisearch lists them in its tree's order);
 * `MiniSearch.loadJS` reads either the same (`test/render/search-index.test.ts` holds them equal).
 */
export function miniSearchJson(docs: readonly SearchDocument[]): MiniSearchJson {
  /** term → field id → document short id → frequency. */
  const index = new Map<string, Map<number, Record<number, number>>>();
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  const storedFields: Record<number, Partial<SearchDocument>> = {};
  const averageFieldLength: number[] = [];
  const fieldIds = Object.fromEntries(SEARCH_FIELDS.map((f, i) => [f, i]));
  const seen = new Set<unknown>();
  const counts = new Map<string, number>();
  docs.forEach((doc, short) => {
    if (doc.id == null) throw new Error('search index: a document has no id');
    if (seen.has(doc.id)) throw new Error(`search index: duplicate id ${doc.id}`);
    seen.add(doc.id);
    documentIds[short] = doc.id;
    const stored: Partial<SearchDocument> = {};
    for (const f of SEARCH_STORE_FIELDS) if (doc[f] !== undefined) (stored as Record<string, unknown>)[f] = doc[f];
    storedFields[short] = stored;
    const lengths: number[] = [];
    fieldLength[short] = lengths;
    SEARCH_FIELDS.forEach((field, fieldId) => {
      const value = doc[field];
      if (value == null) return;
      const tokens = String(value).split(SPACE_OR_PUNCTUATION);
      // Unique tokens as split (the empty one included), as minisearch counts a field's length.
      const length = new Set(tokens).size;
      lengths[fieldId] = length;
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] || 0) * short + length) / (short + 1);
      counts.clear();
      for (const token of tokens) {
        const term = token.toLowerCase();
        if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, n] of counts) {
        let fields = index.get(term);
        if (!fields) index.set(term, (fields = new Map()));
        let postings = fields.get(fieldId);
        if (!postings) fields.set(fieldId, (postings = {}));
        postings[short] = n;
      }
    });
  });
  return {
    documentCount: docs.length,
    nextId: docs.length,
    documentIds,
    fieldIds,
    fieldLength,
    averageFieldLength,
    storedFields,
    dirtCount: 0,
    index: Array.from(index, ([term, fields]) => [term, Object.fromEntries(fields)] as [string, Record<number, Record<number, number>>]),
    serializationVersion: 2,
  };
}

/** minisearch's serialized index (version 2). */
export interface MiniSearchJson {
  documentCount: number;
  nextId: number;
  documentIds: Record<number, unknown>;
  fieldIds: Record<string, number>;
  fieldLength: Record<number, number[]>;
  averageFieldLength: number[];
  storedFields: Record<number, Partial<SearchDocument>>;
  dirtCount: number;
  index: [string, Record<number, Record<number, number>>][];
  serializationVersion: 2;
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
