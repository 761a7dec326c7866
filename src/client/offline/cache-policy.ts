// What the service worker keeps and how it answers, as pure functions of plain request and cache
// facts: the rules are unit-tested without a browser (test/client/offline/).

/** The parts of a Request the rules read (a Request is one). */
export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
  credentials: string;
  headers: { get(name: string): string | null };
}

/**
 * `page`: an HTML page, fresh from the network when it answers in time, else the copy kept;
 * `asset`: a content-hashed file under `assets/`, never changing: the copy kept first;
 * `file`: another file of the site (search index, static files), fresh first like a page.
 */
export type Strategy = 'page' | 'asset' | 'file';

/**
 * How the worker answers a request, or undefined when it leaves it to the network untouched (and
 * keeps nothing of it): anything but a GET of the site's own files. Requests the page makes to an
 * API (the try-it, its token requests and probes, the mock, a proxy) send no credentials
 * (`credentials: 'omit'`) or carry an `Authorization` header; they are never kept, even when the
 * API lives under the site's own origin and base.
 */
export function strategyFor(request: RequestFacts, scope: string): Strategy | undefined {
  if (request.method !== 'GET' || request.credentials === 'omit') return undefined;
  const header = (name: string): string => request.headers.get(name) ?? '';
  if (header('authorization') || header('range') || header('accept').includes('text/event-stream')) return undefined;
  if (!request.url.startsWith(scope)) return undefined;
  if (request.mode === 'navigate' || header('accept').includes('text/html')) return 'page';
  const url = new URL(request.url);
  if (url.pathname.startsWith(new URL(scope).pathname + 'assets/')) return 'asset';
  // The site's files have no query string; a URL with one is someone's endpoint.
  return url.search ? undefined : 'file';
}

/**
 * The key a page is kept under: its URL without query or fragment, and the same for the forms a
 * host may answer it under ("/a", "/a/", "/a/index.html").
 */
export function pageKey(href: string): string {
  const url = new URL(href);
  let path = url.pathname.replace(/\/index\.html$/, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return url.origin + path;
}

/** The key a file is kept under: `?retry=N` (a chunk imported again) is the same file. */
export function fileKey(href: string, strategy: Strategy): string {
  const url = new URL(href);
  url.hash = '';
  if (strategy === 'asset') url.search = '';
  return url.href;
}

/** Whether a response may be kept: a complete same-origin answer the server lets caches store. */
export function storable(response: { ok: boolean; status: number; type: string; headers: { get(name: string): string | null } }): boolean {
  const cacheControl = response.headers.get('cache-control') ?? '';
  return response.ok && response.status === 200 && response.type === 'basic' && !/\bno-store\b/i.test(cacheControl) && response.headers.get('vary') !== '*';
}

export const isHtml = (response: { headers: { get(name: string): string | null } }): boolean =>
  /^text\/html\b/i.test(response.headers.get('content-type') ?? '');

export type CacheKind = 'pages' | 'files';

// A cache per build ("generation") and kind: pages, and the files (shell included) loaded while
// that build was live. A page kept from an older build stays with the files it was shown with,
// and a generation goes once newer ones hold all of its pages. Names carry the base, so sites
// under other paths of the same origin keep theirs.
const PREFIX = 'shipdocs';

export function cacheName(base: string, version: string, kind: CacheKind): string {
  return `${PREFIX} ${base} ${version} ${kind}`;
}

/** The version and kind of one of this site's caches, or undefined for any other cache. */
export function parseCacheName(name: string, base: string): { version: string; kind: CacheKind } | undefined {
  const own = `${PREFIX} ${base} `;
  if (!name.startsWith(own)) return undefined;
  const m = /^(\w+) (pages|files)$/.exec(name.slice(own.length));
  return m ? { version: m[1]!, kind: m[2] as CacheKind } : undefined;
}

/**
 * This site's caches of one kind, to look in: the current version's first, then the others from
 * the newest (cache names come in the order they were made).
 */
export function lookupOrder(names: readonly string[], base: string, version: string, kind: CacheKind): string[] {
  const own = names.filter((n) => parseCacheName(n, base)?.kind === kind);
  const current = cacheName(base, version, kind);
  return [...(own.includes(current) ? [current] : []), ...own.filter((n) => n !== current).reverse()];
}

/** The versions other than `version` that have caches of this site, the oldest first. */
export function otherVersions(names: readonly string[], base: string, version: string): string[] {
  const versions = names.map((n) => parseCacheName(n, base)?.version).filter((v): v is string => v !== undefined && v !== version);
  return [...new Set(versions)];
}

/** Every cache of this site (what the removing worker deletes). */
export const ownCaches = (names: readonly string[], base: string): string[] => names.filter((n) => parseCacheName(n, base) !== undefined);
