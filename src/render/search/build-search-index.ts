import { createHash } from 'node:crypto';
import MiniSearch from 'minisearch';
import type { OutputFile } from '../../shared/model.js';
import { SEARCH_FIELDS, SEARCH_STORE_FIELDS, type SearchDocument, type SearchIndexAsset } from '../../shared/search.js';
import { toSearchDocuments, type SearchEntry } from './search-documents.js';

export interface BuiltSearchIndex {
  file: OutputFile;
  /** Its URL, with baseUrl. */
  href: string;
}

/** minisearch's index of the documents, with the options the browser loads it with. */
export function searchIndexAsset(docs: readonly SearchDocument[]): SearchIndexAsset {
  const index = new MiniSearch<SearchDocument>({ fields: [...SEARCH_FIELDS], storeFields: [...SEARCH_STORE_FIELDS] });
  index.addAll(docs);
  return { v: 1, fields: SEARCH_FIELDS, storeFields: SEARCH_STORE_FIELDS, index: index.toJSON() };
}

/**
 * The search index of the site's entries, named after its contents
 * (`assets/search/index-<hash>.json`): built before the pages, which link to it.
 */
export function buildSearchIndex(entries: readonly SearchEntry[], url: (path: string) => string): BuiltSearchIndex {
  const json = JSON.stringify(searchIndexAsset(toSearchDocuments(entries)));
  const path = `assets/search/index-${createHash('sha256').update(json).digest('hex').slice(0, 10)}.json`;
  return { file: { path, contents: json }, href: url(`/${path}`) };
}
