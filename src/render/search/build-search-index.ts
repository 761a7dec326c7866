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

/**
 * The index's output path. It keeps its name when the site changes, so no page changes with it (the
 * dev server re-renders only the pages an edit touches); browsers revalidate it (`_headers`, and the
 * client fetches it with `cache: 'no-cache'`).
 */
export const SEARCH_INDEX_PATH = 'search-index.json';
