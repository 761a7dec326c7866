import type { ApiOperationCore } from '../../shared/api-model.js';
import type { Route } from '../../shared/model.js';
import { htmlToText } from '../../shared/html-text.js';
import { clip, contentHtml, headingsOf, mainHtml } from './html-text.js';
import type { SearchDocument } from '../../shared/search.js';

/** Indexed text per page, at most (long pages are found by their beginning, title and headings). */
const MAX_TEXT = 12_000;
const MAX_SNIPPET = 160;
const MAX_HEADINGS = 40;

export interface PageForSearch {
  route: Route;
  /** The rendered page: only for the pages whose text exists only once rendered (the outline's `rendered`: React pages, the home page, category indexes). */
  html?: string | undefined;
}

export interface SearchContext {
  url: (path: string) => string;
  /** Category labels leading to a doc (its breadcrumbs). */
  crumbs: (route: Route) => string[];
  /** On a site with several APIs, the label of the API at a route base: results say which API they are in. */
  apiLabel?: ((basePath: string) => string | undefined) | undefined;
}

/**
 * A page's search entry before its text is read: API entries are complete; a page's entry keeps
 * its HTML, whose text `toSearchDocuments` reads (in the search worker on large sites: it is most
 * of the cost of indexing a blog or docs).
 */
export type SearchEntry = SearchDocument | TextEntry;

interface TextEntry {
  base: { id: number; u: string; t: string };
  k: SearchDocument['k'];
  /** Rendered markdown ('content') or a whole rendered page, read from its <main> ('page'). */
  from: 'content' | 'page';
  html: string;
  description: string | undefined;
  crumbs: string[];
}

/**
 * The entries of the pages given (the site outline's: current, listed): docs, blog posts, standalone
 * pages and the API reference (operations by method, path, summary and description; webhooks the
 * same way, found on the overview at their anchor, by name as their path). Each page's text is read
 * from its parsed content, before rendering, except the pages given with their rendered HTML.
 */
export function searchDocuments(pages: readonly PageForSearch[], context: SearchContext): SearchDocument[] {
  return toSearchDocuments(searchEntries(pages, context));
}

/** The entries of `searchDocuments`, pages' text not read yet. */
export function searchEntries(pages: readonly PageForSearch[], { url, crumbs, apiLabel }: SearchContext): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const { route, html = '' } of pages) {
    const data = route.data;
    const base = { id: entries.length, u: url(route.path), t: route.title };
    switch (data.kind) {
      case 'api': {
        const label = apiLabel?.(data.page.api.basePath);
        const within = (context: string | undefined): string | undefined => (label ? [label, context].filter(Boolean).join(' › ') : context);
        // The changelog repeats what the operations say, in the diff engine's words: not searched.
        if (data.page.kind === 'changelog') break;
        if (data.page.kind === 'operation') {
          const op = data.page.operation;
          entries.push(operationDocument(base, op, within(op.tag)));
        } else {
          const { api } = data.page;
          const description = api.info.description ? htmlToText(api.info.description) : '';
          entries.push({
            ...base,
            k: 'api',
            t: api.info.title || route.title,
            h: api.tags.map((t) => t.name).join(' '),
            x: clip(description, MAX_TEXT),
            d: clip(api.info.summary ?? description, MAX_SNIPPET),
            ...(label ? { c: label } : {}),
          });
          for (const hook of api.webhooks) {
            entries.push(operationDocument({ id: entries.length, u: `${base.u}#${hook.anchor}`, t: hook.title }, hook, within(hook.tag ?? 'Webhooks')));
          }
        }
        break;
      }
      case 'doc':
        entries.push({ base, k: 'doc', from: 'content', html: data.doc.content.html, description: route.description, crumbs: crumbs(route) });
        break;
      case 'doc-index':
        entries.push({ base, k: 'doc', from: 'page', html, description: route.description ?? data.intro, crumbs: data.breadcrumbs.map((b) => b.title) });
        break;
      case 'blog-post':
        entries.push({ base, k: 'blog', from: 'content', html: data.post.content.html, description: route.description, crumbs: [] });
        break;
      case 'markdown-page':
        entries.push({ base, k: 'page', from: 'content', html: data.page.content.html, description: route.description, crumbs: [] });
        break;
      case 'react-page':
      case 'home':
        entries.push({ base, k: 'page', from: 'page', html, description: route.description, crumbs: [] });
        break;
      default:
        break;
    }
  }
  return entries;
}

/** Reads the text of the pages' entries. */
export function toSearchDocuments(entries: readonly SearchEntry[]): SearchDocument[] {
  return entries.map((e) => ('html' in e ? fromText(e.base, e.k, e.from === 'content' ? contentHtml(e.html) : mainHtml(e.html), e.description, e.crumbs) : e));
}

/** An operation or a webhook: title, method and path (a webhook's name), summary, parameters. */
function operationDocument(base: { id: number; u: string; t: string }, op: ApiOperationCore, context: string | undefined): SearchDocument {
  const description = op.description ? htmlToText(op.description) : '';
  const params = Object.values(op.parameters)
    .flat()
    .map((p) => p.name);
  return {
    ...base,
    k: 'api',
    t: op.title,
    h: [op.summary && op.summary !== op.title ? op.summary : '', op.operationId ?? ''].filter(Boolean).join(' '),
    x: clip([description, params.join(' ')].filter(Boolean).join(' '), MAX_TEXT),
    m: op.method,
    p: op.path,
    ...(context ? { c: context } : {}),
    d: clip(op.summary && op.summary !== op.title ? op.summary : description, MAX_SNIPPET),
  };
}

/** A page from the HTML of its reading text (navigation, code and UI labels already left out). */
function fromText(
  base: { id: number; u: string; t: string },
  k: SearchDocument['k'],
  main: string,
  description: string | undefined,
  crumbs: readonly string[],
): SearchDocument {
  const headings = headingsOf(main).slice(0, MAX_HEADINGS);
  const text = htmlToText(main);
  return {
    ...base,
    k,
    h: headings.map((h) => h.text).join(' · '),
    x: clip(text, MAX_TEXT),
    ...(k === 'doc' && crumbs.length ? { c: crumbs.join(' › ') } : {}),
    d: clip(description || text, MAX_SNIPPET),
    ...(headings.length ? { hs: headings.map((h): [string, string] => [h.id, h.text]) } : {}),
  };
}
