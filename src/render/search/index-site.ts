import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { OutputFile } from '../../shared/model.js';
import { compiledWorker } from '../markdown/worker-file.js';
import { overwriteAll } from '../html/utf8.js';
import { escapeAsReact } from '../../shared/html-escape.js';
import { toSearchDocuments, type SearchEntry } from './search-documents.js';
import { SEARCH_FIELDS, SEARCH_STORE_FIELDS, type SearchDocument, type SearchIndexAsset } from '../../shared/search.js';

export function buildSearchIndex(docs: readonly SearchDocument[]): SearchIndexAsset {
  return { v: 1, fields: SEARCH_FIELDS, storeFields: SEARCH_STORE_FIELDS, index: miniSearchJson(docs) };
}

/** A separator of minisearch's default tokenizer, which splits at `/[\n\r\p{Z}\p{P}]+/u`. */
const SEPARATOR = /^[\n\r\p{Z}\p{P}]$/u;

/** Which code points below 128 separate tokens (line breaks, the space, ASCII punctuation). */
const ASCII_SEPARATOR = Uint8Array.from({ length: 128 }, (_, c) => (SEPARATOR.test(String.fromCharCode(c)) ? 1 : 0));
/** Other code points met so far: separator or not. */
const separatorCache = new Map<number, boolean>();

function isSeparator(code: number): boolean {
  if (code < 128) return ASCII_SEPARATOR[code] === 1;
  let known = separatorCache.get(code);
  if (known === undefined) separatorCache.set(code, (known = SEPARATOR.test(String.fromCodePoint(code))));
  return known;
}

/**
 * `text.split(/[\n\r\p{Z}\p{P}]+/u)` (empty tokens where the text starts or ends with a
 * separator included), by a scan of the text's code points: five times faster than the
 * Unicode-property regular expression on a large site's text.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    if (isSeparator(code)) {
      tokens.push(text.slice(start, i));
      i += width;
      while (i < text.length) {
        const next = text.codePointAt(i)!;
        if (!isSeparator(next)) break;
        i += next > 0xffff ? 2 : 1;
      }
      start = i;
    } else {
      i += width;
    }
  }
  tokens.push(text.slice(start));
  return tokens;
}

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
  /** A field's tokens as split, with their counts; then its terms (lowercased), with theirs. */
  const tokenCounts = new Map<string, number>();
  const termCounts = new Map<string, number>();
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
      tokenCounts.clear();
      for (const token of tokenize(String(value))) tokenCounts.set(token, (tokenCounts.get(token) ?? 0) + 1);
      // Unique tokens as split (the empty one included), as minisearch counts a field's length.
      const length = tokenCounts.size;
      lengths[fieldId] = length;
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] || 0) * short + length) / (short + 1);
      termCounts.clear();
      for (const [token, n] of tokenCounts) {
        const term = token.toLowerCase();
        if (term) termCounts.set(term, (termCounts.get(term) ?? 0) + n);
      }
      for (const [term, n] of termCounts) {
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

/** The index's hash until it is built: pages are drawn with it, and it is overwritten in place. */
const PENDING_HASH = '_'.repeat(10);
const indexPath = (hash: string): string => `assets/search/index-${hash}.json`;

/** The URL pages carry until the index is built (`writeIndexUrl` puts the real one in its place). */
export function pendingIndexUrl(url: (path: string) => string): string {
  return url(`/${indexPath(PENDING_HASH)}`);
}

export interface BuiltSearchIndex {
  file: OutputFile;
  /** Its URL, with baseUrl. */
  href: string;
}

/**
 * Builds the index of the entries in a worker while pages render (reading the pages' text is
 * most of the work), and names it after its contents: `assets/search/index-<hash>.json`.
 */
export async function buildSiteIndex(entries: readonly SearchEntry[], url: (path: string) => string): Promise<BuiltSearchIndex> {
  const json = await buildInWorker(entries);
  const path = indexPath(createHash('sha256').update(json).digest('hex').slice(0, 10));
  return { file: { path, contents: json }, href: url(`/${path}`) };
}

/**
 * Writes the index's URL over the pending one in each page's navbar search box, in place (both
 * are as long): the search box's attribute only, never text that happens to look like it.
 */
export function writeIndexUrl(pages: readonly { bytes: Uint8Array }[], pendingHref: string, href: string): void {
  const attribute = (value: string): Uint8Array => Buffer.from(`data-search-index="${escapeAsReact(value)}"`);
  const find = attribute(pendingHref);
  const replacement = attribute(href);
  for (const page of pages) overwriteAll(page.bytes, find, replacement);
}

function buildInWorker(entries: readonly SearchEntry[]): Promise<string> {
  const file = compiledWorker('search-worker.js');
  // Small indexes (and tests running the sources) are built here: a worker's start costs more.
  if (!file || entries.length < 200) return Promise.resolve(JSON.stringify(buildSearchIndex(toSearchDocuments(entries))));
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { entries } });
    worker.once('message', (msg: { json: string } | { error: string }) => {
      void worker.terminate();
      if ('error' in msg) reject(new Error(`search index worker failed: ${msg.error}`));
      else resolve(msg.json);
    });
    worker.once('error', reject);
  });
}
