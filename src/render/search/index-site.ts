import { createHash } from 'node:crypto';
import MiniSearch from 'minisearch';
import type { OutputFile } from '../../shared/model.js';
import { searchDocuments, SEARCH_FIELDS, SEARCH_STORE_FIELDS, type PageForSearch, type SearchDocument } from './search-documents.js';

/**
 * Written by the navbar's search box (`data-search-index`) and replaced by the index's URL once
 * the index exists: the index is built from the rendered pages, so its hashed name comes after them.
 */
export const SEARCH_INDEX_PLACEHOLDER = '@@shipdocs-search-index@@';

/** The search index asset: minisearch's serialized index plus the options it was built with. */
export interface SearchIndexAsset {
  v: 1;
  fields: readonly string[];
  storeFields: readonly string[];
  index: unknown;
}

export function buildSearchIndex(docs: readonly SearchDocument[]): SearchIndexAsset {
  const mini = new MiniSearch<SearchDocument>({ fields: [...SEARCH_FIELDS], storeFields: [...SEARCH_STORE_FIELDS] });
  mini.addAll(docs);
  return { v: 1, fields: SEARCH_FIELDS, storeFields: SEARCH_STORE_FIELDS, index: mini.toJSON() };
}

/**
 * The search stage: indexes the rendered pages, writes the index as a hashed JSON asset, and
 * points every page's search box at it (the placeholder in their HTML is replaced in place).
 */
export function indexSite(pages: PageForSearch[], url: (path: string) => string): OutputFile[] {
  if (!pages.some((p) => p.html.includes(SEARCH_INDEX_PLACEHOLDER))) return [];
  const json = JSON.stringify(buildSearchIndex(searchDocuments(pages, url)));
  const path = `assets/search/index-${createHash('sha256').update(json).digest('hex').slice(0, 10)}.json`;
  const href = url(`/${path}`);
  // Once per page, in the navbar near its top: indexOf stops there, however large the page.
  for (const page of pages) {
    const at = page.html.indexOf(SEARCH_INDEX_PLACEHOLDER);
    if (at >= 0) page.html = page.html.slice(0, at) + href + page.html.slice(at + SEARCH_INDEX_PLACEHOLDER.length);
  }
  return [{ path, contents: json }];
}
