import { createHash } from 'node:crypto';
import MiniSearch from 'minisearch';
import { SEARCH_FIELDS, SEARCH_STORE_FIELDS, type SearchDocument, type SearchIndexAsset } from '../../shared/search.js';
import { toSearchDocuments, type SearchEntry } from './search-documents.js';

/** minisearch's index of the documents, with the options the browser loads it with. */
export function searchIndexAsset(docs: readonly SearchDocument[]): SearchIndexAsset {
  const index = new MiniSearch<SearchDocument>({ fields: [...SEARCH_FIELDS], storeFields: [...SEARCH_STORE_FIELDS] });
  index.addAll(docs);
  return { v: 1, fields: SEARCH_FIELDS, storeFields: SEARCH_STORE_FIELDS, index: index.toJSON() };
}

/** The serialized index of the entries (their pages' text read first): a task of the worker pool. */
export function searchIndexJson(entries: readonly SearchEntry[]): string {
  return JSON.stringify(searchIndexAsset(toSearchDocuments(entries)));
}

/** Changes whenever the index built from the same entries would: its format, minisearch's serialization. */
const INDEX_FORMAT = JSON.stringify([1, SEARCH_FIELDS, SEARCH_STORE_FIELDS, new MiniSearch({ fields: ['x'] }).toJSON().serializationVersion]);

/**
 * The index's output path, named after the entries it is built from (so the pages that link to it
 * can be rendered while it is built): `assets/search/index-<hash>.json`.
 */
export function searchIndexPath(entries: readonly SearchEntry[]): string {
  const hash = createHash('sha256').update(INDEX_FORMAT);
  for (const entry of entries) {
    // A page's HTML as it is (a large site's text: not copied into JSON to be hashed), the rest as JSON.
    if ('html' in entry) hash.update(JSON.stringify({ ...entry, html: entry.html.length })).update(entry.html);
    else hash.update(JSON.stringify(entry));
  }
  return `assets/search/index-${hash.digest('hex').slice(0, 10)}.json`;
}
