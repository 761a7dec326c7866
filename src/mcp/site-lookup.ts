import MiniSearch from 'minisearch';
import { editDistance } from '../shared/edit-distance.js';
import type { IndexedOperation, IndexedPage, IndexedPageKind, SiteIndex } from '../shared/site-index.js';
import { historyMarkdown, releasesSince } from '../shared/api-history.js';

// What `shipdocs mcp` answers from: the site index the pipeline made (shared/site-index.ts), with
// a full-text search over its pages' Markdown and look-ups by route, URL and operation name.

interface SitePage extends IndexedPage {
  /** The page's address on the site. */
  url: string;
}

interface SiteOperation extends IndexedOperation {
  /** Its page's address on the site. */
  url: string;
}

interface SearchHit {
  title: string;
  url: string;
  kind: IndexedPageKind;
  excerpt: string;
}

export interface SiteLookup {
  title: string;
  pages: readonly SitePage[];
  operations: readonly SiteOperation[];
  llmsTxt: string;
  search(query: string, limit: number): SearchHit[];
  /** A page's Markdown by route, twin path or URL; else the routes closest to what was asked. */
  read(path: string): { markdown: string } | { suggestions: string[] };
  /** An operation by operationId, slug, "METHOD /path", route or URL; else the closest names. */
  operation(name: string): { operation: SiteOperation; markdown: string } | { suggestions: string[] };
  /**
   * What changed in the releases after `since` (all of them without it), as Markdown, per API with
   * a history; else why not (no history, or the versions there are).
   */
  changes(since: string | undefined): { markdown: string } | { problem: string };
}

/** `/docs/intro.md`, `docs/intro`, `https://site/base/docs/intro/` → `/docs/intro`. */
function toRoute(input: string, basePath: string): string {
  let path = input.trim();
  if (/^[a-z]+:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      // Not a URL after all: taken as a path.
    }
  }
  path = path.replace(/[?#].*$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  if (basePath !== '/' && (path === basePath.replace(/\/$/, '') || path.startsWith(basePath))) path = path.slice(basePath.replace(/\/$/, '').length) || '/';
  path = path
    .replace(/\.(md|html)$/, '')
    .replace(/\/index$/, '/')
    .replace(/\/+$/, '');
  return path || '/';
}

/** The candidates closest to what was asked: those containing it first, then by edit distance. */
function closest(asked: string, candidates: readonly string[], count = 5): string[] {
  const a = asked.toLowerCase();
  const last = a.split('/').filter(Boolean).pop() ?? a;
  return candidates
    .map((c) => {
      const lc = c.toLowerCase();
      const contains = lc.includes(last) || (lc.length > 2 && a.includes(lc));
      return { c, score: (contains ? 0 : 1000) + editDistance(a, lc) };
    })
    .sort((x, y) => x.score - y.score)
    .slice(0, count)
    .map((x) => x.c);
}

function excerpt(text: string, terms: readonly string[], size = 240): string {
  const plain = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`|[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const lower = plain.toLowerCase();
  const at = terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0);
  const start = at.length ? Math.max(0, Math.min(...at) - size / 3) : 0;
  const cut = plain.slice(start, start + size);
  return `${start > 0 ? '…' : ''}${cut}${start + size < plain.length ? '…' : ''}`;
}

/** The longest query `search` reads (`search_docs` refuses longer ones); the rest is cut. */
export const MAX_QUERY_CHARS = 1000;
/** The most words of a query searched: each is looked up (by prefix and fuzzily) on its own. */
const MAX_QUERY_WORDS = 32;
/** Longer words are matched by prefix only, not fuzzily. */
const MAX_FUZZY_TERM_CHARS = 32;

/** The query as searched: its first distinct words, so the work stays bounded whatever is asked. */
function searchedWords(query: string): string {
  const words = query
    .slice(0, MAX_QUERY_CHARS)
    .toLowerCase()
    .split(/[\s\p{P}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS).join(' ');
}

/** Looks up the pages and operations of a site index. `siteUrl` is the site's address with its base path; `llmsTxt` the site's llms.txt. */
export function createSiteLookup(index: SiteIndex, siteUrl: string, llmsTxt: string): SiteLookup {
  const basePath = new URL(siteUrl.replace(/\/*$/, '/')).pathname;
  const urlOf = (route: string): string => siteUrl.replace(/\/*$/, '/') + route.replace(/^\/+/, '');
  const pages: SitePage[] = index.sections.flatMap((s) => s.pages.map((p) => ({ ...p, url: urlOf(p.route) })));
  // Docs of older versions can be read too; they are not searched or listed.
  const byRoute = new Map<string, IndexedPage>([...pages, ...index.versioned].map((p) => [p.route, p]));
  const operations: SiteOperation[] = index.operations.map((o) => ({ ...o, url: urlOf(o.route) }));
  const names = (o: SiteOperation): string[] => [...(o.operationId !== undefined ? [o.operationId] : []), o.toolName, o.slug];

  const search = new MiniSearch<{ id: number; title: string; text: string }>({
    fields: ['title', 'text'],
    // Fuzzy matching allocates a matrix of the square of the term's length (30,000 characters: 900 MB):
    // only words of a usual length are matched fuzzily; prefixes are cheap.
    searchOptions: { boost: { title: 3 }, prefix: true, fuzzy: (term) => (term.length <= MAX_FUZZY_TERM_CHARS ? 0.2 : false) },
  });
  search.addAll(pages.map((p, id) => ({ id, title: p.title, text: p.markdown })));

  return {
    title: index.title,
    pages,
    operations,
    llmsTxt,
    search(query, limit) {
      // A page or operation titled exactly as asked comes first, then MiniSearch's order.
      const exact = (id: number): number => (pages[id]!.title.trim().toLowerCase() === query.trim().toLowerCase() ? 0 : 1);
      return search
        .search(searchedWords(query))
        .map((r, rank) => ({ r, rank }))
        .sort((a, b) => exact(a.r.id as number) - exact(b.r.id as number) || a.rank - b.rank)
        .slice(0, limit)
        .map(({ r }) => {
          const page = pages[r.id as number]!;
          return { title: page.title, url: page.url, kind: page.kind, excerpt: excerpt(page.markdown, r.terms.slice(0, MAX_QUERY_WORDS)) };
        });
    },
    read(path) {
      const route = toRoute(path, basePath);
      const page = byRoute.get(route);
      if (page) return { markdown: page.markdown };
      return {
        suggestions: closest(
          route,
          pages.map((p) => p.route),
        ),
      };
    },
    changes(since) {
      if (!index.histories.length) return { problem: 'This site names no API releases (config `openapi.changelog`): there is no history of changes to tell.' };
      const several = index.histories.length > 1;
      const parts: string[] = [];
      const versions: string[] = [];
      for (const { label, history } of index.histories) {
        versions.push(...history.releases.map((r) => (several ? `${label} ${r.version}` : r.version)));
        const releases = releasesSince(history, since);
        if (!releases) continue;
        const head = `# ${label}: ${since === undefined ? 'every release' : `changes since ${since.trim()}`}\n\nChangelog: ${urlOf(history.href)}\n\n`;
        parts.push(
          head +
            (releases.length
              ? historyMarkdown(releases, { heading: 2, link: urlOf })
              : `${since?.trim()} is the current release: nothing has changed since.\n`),
        );
      }
      if (!parts.length) return { problem: `No release "${since}" in the history. Releases, newest first: ${versions.join(', ')}.` };
      return { markdown: parts.join('\n---\n\n') };
    },
    operation(name) {
      const asked = name.trim();
      const methodPath = /^([a-z]+)\s+(\/\S*)$/i.exec(asked);
      const route = toRoute(asked, basePath);
      const found =
        operations.find((o) => names(o).includes(asked)) ??
        operations.find((o) => names(o).some((n) => n.toLowerCase() === asked.toLowerCase())) ??
        (methodPath ? operations.find((o) => o.method === methodPath[1]!.toUpperCase() && o.path === methodPath[2]) : undefined) ??
        operations.find((o) => o.route === route);
      if (found) return { operation: found, markdown: byRoute.get(found.route)?.markdown ?? '' };
      return {
        suggestions: closest(
          asked,
          operations.flatMap((o) => [`${o.method} ${o.path}`, o.operationId ?? o.slug]),
        ),
      };
    },
  };
}
