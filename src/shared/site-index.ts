// What the pipeline knows of a site's pages and API operations, as data, made in two steps
// (render/llms/site-index.ts). The outline, before the pages render: which pages the site lists,
// by kind, title and route; search indexes its pages. The index, after the exports: the outline's
// pages with their Markdown, older versions' pages and every API operation; the Markdown twins,
// llms.txt and `shipdocs mcp` read it, so none of them parses another's output. Unlisted pages are
// in neither, so none of them shows one.

import type { ApiHistory } from './api-history.js';
import type { SiteApi } from './api-model.js';

export type IndexedPageKind = 'doc' | 'page' | 'post' | 'api';

export interface OutlinedPage {
  kind: IndexedPageKind;
  title: string;
  /** Its route, without the base path: `/docs/intro`, `/` for the home page. */
  route: string;
  description: string | undefined;
}

export interface IndexedPage extends OutlinedPage {
  /** Its Markdown as its twin has it: the source without front matter, under its title (API pages: made from the model). */
  markdown: string;
}

/** A part of the site as llms.txt lists it: "Docs", "Pages", "Blog", "API" (one per API on a site with several: "API: <label>"). */
interface Section<Page> {
  name: string;
  pages: Page[];
}

export interface SiteOutline {
  /** Current pages with Markdown, in llms.txt's order: docs, pages, blog, then each API (overview, operations, changelog). */
  sections: Section<OutlinedPage>[];
  /** Current pages whose text exists only once rendered: the home page, React pages, docs category indexes. No Markdown, no twin: search finds them. */
  rendered: OutlinedPage[];
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
  /** The outline's sections, each page with its Markdown. */
  sections: Section<IndexedPage>[];
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

/** An API page as llms.txt lists it: its overview, an operation, its changelog. */
export interface ApiPageEntry {
  route: string;
  title: string;
  description: string | undefined;
}

export interface ApiSection {
  /** "API", or "API: <label>" on a site with several APIs. */
  name: string;
  api: SiteApi;
  /** The docs version of this reference, when it is an older one: its pages have twins but are not listed in llms.txt. */
  docsVersion?: string | undefined;
  pages: ApiPageEntry[];
}

/** The same with each page's Markdown, made with the API's exports. */
export interface ApiMarkdownSection extends ApiSection {
  pages: (ApiPageEntry & {
    markdown: string;
    /** An operation's tool name in the exports. */
    tool?: string | undefined;
  })[];
}
