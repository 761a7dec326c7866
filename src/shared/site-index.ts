// What the pipeline knows of a site's pages and API operations, as data: made once per build from
// the parsed pages and the API model (render/llms/site-index.ts), and read by the Markdown twins,
// llms.txt and `shipdocs mcp`, so none of them parses another's output. Unlisted pages (front
// matter `unlisted`) are not in it, so none of them shows one.

import type { ApiHistory } from './api-history.js';

export type IndexedPageKind = 'doc' | 'page' | 'post' | 'api';

export interface IndexedPage {
  kind: IndexedPageKind;
  title: string;
  /** Its route, without the base path: `/docs/intro`, `/` for the home page. */
  route: string;
  description: string | undefined;
  /** Its Markdown as its twin has it: the source without front matter, under its title (API pages: made from the model). */
  markdown: string;
}

/** A part of the site as llms.txt lists it: "Docs", "Pages", "Blog", "API" (one per API on a site with several: "API: <label>"). */
interface IndexSection {
  name: string;
  pages: IndexedPage[];
}

export interface IndexedOperation {
  /** Route of its API's overview (`/api`, `/api/tracking`): tells a site's APIs apart. */
  api: string;
  /** Its primary tag; undefined in the untagged group. */
  tag: string | undefined;
  /** As the document writes it; undefined when it has none. */
  operationId: string | undefined;
  /** Its name as a tool in the exports (the operationId made safe for the vendors' name rules, else the slug). */
  toolName: string;
  slug: string;
  /** Upper case: `POST`. */
  method: string;
  path: string;
  title: string;
  /** Route of its page (`/api/quoter`); its Markdown is that page's. */
  route: string;
}

export interface SiteIndex {
  title: string;
  tagline: string;
  /** Current pages in llms.txt's order: docs, pages, blog, then each API. */
  sections: IndexSection[];
  /** Docs and API pages of older versions: they have twins but are not listed in llms.txt. */
  versioned: IndexedPage[];
  operations: IndexedOperation[];
  /** Each API's releases and their changes, when its config names them (`openapi.changelog`). */
  histories: IndexedHistory[];
}

export interface IndexedHistory {
  /** Route of its API's overview (`/api`). */
  api: string;
  /** The API's name (its label, else `info.title`). */
  label: string;
  history: ApiHistory;
}
