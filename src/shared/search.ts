// The search index's contract between the build (render/search) and the browser (client/search).

/** One search result candidate. Short keys: they repeat in the index for every stored page. */
export interface SearchDocument {
  id: number;
  /** Kind: doc, blog post, page, API operation (or overview). */
  k: 'doc' | 'blog' | 'page' | 'api';
  /** Title. */
  t: string;
  /** URL (with baseUrl). */
  u: string;
  /** Headings' text (indexed). */
  h: string;
  /** Body text (indexed, not stored). */
  x: string;
  /** HTTP method, lowercase (operations). */
  m?: string;
  /** Path template (operations). */
  p?: string;
  /** Context: categories of a doc, tag of an operation (after its API's label on a site with several APIs). */
  c?: string;
  /** Short description shown under the title. */
  d: string;
  /** Headings with their anchors, for results that point into a page. */
  hs?: [string, string][];
}

export const SEARCH_FIELDS = ['t', 'h', 'x', 'm', 'p', 'c'] as const;
export const SEARCH_STORE_FIELDS = ['k', 't', 'u', 'm', 'p', 'c', 'd', 'hs'] as const;

/** What the index stores per page (the text is indexed, not stored). */
export type StoredPage = Pick<SearchDocument, (typeof SEARCH_STORE_FIELDS)[number]>;

/** The search index asset: minisearch's serialized index plus the options it was built with. */
export interface SearchIndexAsset {
  v: 1;
  fields: readonly string[];
  storeFields: readonly string[];
  index: unknown;
}
