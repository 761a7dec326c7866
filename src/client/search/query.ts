// Search queries over the site's minisearch index. Pure: no DOM; the UI and the tests share it.
import type MiniSearch from 'minisearch';
import type { SearchOptions, SearchResult } from 'minisearch';
import type { StoredPage } from '../../shared/search.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface ParsedQuery {
  /** The words to search. */
  text: string;
  /** "GET /tracking": the method, lowercase. */
  method: string | undefined;
  /** The query names a path ("/shiphero/orders/{orderId}"). */
  path: string | undefined;
}

export interface SearchHit {
  id: number;
  kind: StoredPage['k'];
  title: string;
  /** Where the result leads: the page, or the heading that matched. */
  url: string;
  method: string | undefined;
  path: string | undefined;
  context: string | undefined;
  snippet: string;
  heading: string | undefined;
  /** Words of the page that matched, for highlighting. */
  terms: string[];
  score: number;
}

/** "GET /tracking" → method get, path /tracking; "/quoter" → path; anything else → words. */
export function parseQuery(raw: string): ParsedQuery {
  const text = raw.trim().replace(/\s+/g, ' ');
  const m = /^([a-z]+)\s+(\S.*)$/i.exec(text);
  if (m && METHODS.includes(m[1]!.toLowerCase())) {
    const rest = m[2]!;
    return { text: rest, method: m[1]!.toLowerCase(), path: rest.startsWith('/') ? normalizePath(rest) : undefined };
  }
  return { text, method: undefined, path: text.startsWith('/') ? normalizePath(text) : undefined };
}

/** Case, trailing slash and parameter names do not matter when comparing paths. */
export function normalizePath(path: string): string {
  return (
    path
      .trim()
      .toLowerCase()
      .replace(/\{[^}]*\}/g, '{}')
      .replace(/\/+$/, '') || '/'
  );
}

const BOOST = { t: 3, p: 3, h: 1.5, c: 1.2, m: 1, x: 1 };

function searchOptions(parsed: ParsedQuery, combineWith: 'AND' | 'OR'): SearchOptions {
  return {
    boost: BOOST,
    prefix: true,
    fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    combineWith,
    ...(parsed.method ? { filter: (r: SearchResult) => r.m === parsed.method } : {}),
    boostDocument: (_id, _term, stored) => {
      const s = stored as Partial<StoredPage> | undefined;
      // An exact path (and method) wins outright: that is what someone typing a path wants.
      if (parsed.path && s?.p && normalizePath(s.p) === parsed.path) return 20;
      if (parsed.path && s?.p && normalizePath(s.p).startsWith(parsed.path)) return 3;
      return 1;
    },
  };
}

/** The heading whose words best match, if any matched at all. */
export function bestHeading(headings: readonly [string, string][] | undefined, terms: readonly string[]): [string, string] | undefined {
  if (!headings?.length || !terms.length) return undefined;
  let best: [string, string] | undefined;
  let bestCount = 0;
  for (const h of headings) {
    const words = tokenize(h[1]);
    const count = terms.filter((t) => words.some((w) => w.startsWith(t))).length;
    if (count > bestCount) {
      best = h;
      bestCount = count;
    }
  }
  return best;
}

/** Words as minisearch's default tokenizer splits them (spaces and punctuation), lowercased. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\n\r\p{Z}\p{P}]+/u)
    .filter(Boolean);
}

/** Runs a query: all words must match; when nothing does, any word may. */
export function runSearch(index: MiniSearch, raw: string, limit = 10): SearchHit[] {
  const parsed = parseQuery(raw);
  if (!parsed.text) return [];
  let results = index.search(parsed.text, searchOptions(parsed, 'AND'));
  if (results.length === 0) results = index.search(parsed.text, searchOptions(parsed, 'OR'));
  // "POST /nothing-like-this": drop the method rather than find nothing.
  if (results.length === 0 && parsed.method) results = index.search(parsed.text, searchOptions({ ...parsed, method: undefined }, 'OR'));
  return results.slice(0, limit).map((r) => toHit(r));
}

function toHit(r: SearchResult): SearchHit {
  const s = r as unknown as SearchResult & StoredPage;
  const heading = s.k === 'api' ? undefined : bestHeading(s.hs, r.terms);
  return {
    id: r.id as number,
    kind: s.k,
    title: s.t,
    url: heading ? `${s.u}#${encodeURIComponent(heading[0])}` : s.u,
    method: s.m,
    path: s.p,
    context: s.c,
    snippet: s.d,
    heading: heading?.[1],
    terms: r.terms,
    score: r.score,
  };
}
