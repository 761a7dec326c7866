// The service worker, sw.js at the site's base: bundled on its own as a classic script, with the
// build's settings written before it (`SHIPDOCS_OFFLINE`, see cache-policy.ts). With `offline` on
// it keeps the shell and every page the reader opens; with it off, it removes itself.
import {
  cacheName,
  fileKey,
  isHtml,
  lookupOrder,
  otherVersions,
  ownCaches,
  pageKey,
  storable,
  strategyFor,
  type CacheKind,
  type Strategy,
} from './cache-policy.js';
import type { WorkerSettings } from '../../shared/offline.js';
import type { FetchEvent, WorkerScope } from './worker-scope.js';

declare const SHIPDOCS_OFFLINE: WorkerSettings;

/** How long a page or file may take from the network before the kept copy is shown instead. */
const NETWORK_TIMEOUT_MS = 3000;
/** Older builds whose pages stay kept, the newest first. */
const MAX_OLDER_VERSIONS = 3;

const settings = SHIPDOCS_OFFLINE;
const sw = self as unknown as WorkerScope;
const scope = new URL(settings.base, sw.location.href).href;
const current = (kind: CacheKind): string => cacheName(settings.base, settings.version, kind);

if (settings.enabled) {
  sw.addEventListener('install', (event) => event.waitUntil(install()));
  sw.addEventListener('activate', (event) => event.waitUntil(Promise.all([sw.clients.claim(), dropSupersededVersions()])));
  sw.addEventListener('fetch', (event) => {
    const strategy = strategyFor(event.request, scope);
    if (strategy) event.respondWith(answer(event, strategy));
  });
  sw.addEventListener('message', (event) => {
    const data = (event.data ?? {}) as { type?: unknown; page?: unknown; files?: unknown };
    if (data.type === 'skip-waiting') void sw.skipWaiting();
    else if (data.type === 'keep' && typeof data.page === 'string' && Array.isArray(data.files)) {
      event.waitUntil(
        keepLoaded(
          data.page,
          data.files.filter((f): f is string => typeof f === 'string'),
        ),
      );
    }
  });
} else {
  // Readers who installed the worker get rid of it: it takes over at once, deletes this site's
  // caches and unregisters. Without a fetch handler, pages already open go to the network.
  sw.addEventListener('install', () => void sw.skipWaiting());
  sw.addEventListener('activate', (event) => event.waitUntil(removeSelf()));
}

async function install(): Promise<void> {
  const cache = await caches.open(current('files'));
  // Hashed files may come from the HTTP cache; the others are checked with the server.
  await cache.addAll(settings.precache.map((url) => new Request(url, { cache: url.startsWith(`${settings.base}assets/`) ? 'default' : 'no-cache' })));
  // The first worker serves at once; a new version waits until the reader reloads (the page
  // offers it), so an open page never mixes two builds' files.
  if (!sw.registration.active) await sw.skipWaiting();
}

async function removeSelf(): Promise<void> {
  await Promise.all(ownCaches(await caches.keys(), settings.base).map((name) => caches.delete(name)));
  await sw.registration.unregister();
}

function answer(event: FetchEvent, strategy: Strategy): Promise<Response> {
  const { request } = event;
  if (strategy === 'asset') return cacheFirst(event, fileKey(request.url, strategy));
  if (strategy === 'file') {
    const key = fileKey(request.url, strategy);
    return networkFirst(
      event,
      () => lookup('files', key),
      (res) => store('files', key, res),
    ).then((res) => res ?? Response.error());
  }
  const key = pageKey(request.url);
  return networkFirst(
    event,
    () => lookup('pages', key),
    (res) => (isHtml(res) ? storePage(key, res) : Promise.resolve()),
  ).then(async (res) => {
    if (res) return res;
    // A page that was not kept: for a navigation, the offline page; for the client router's
    // fetch, an error, on which it loads the page for real (and gets the offline page).
    return (request.mode === 'navigate' && (await lookup('files', new URL(settings.offlinePage, scope).href))) || Response.error();
  });
}

/**
 * The network's answer when it comes within the timeout; else the kept copy (the network's answer
 * still replaces it when it comes); undefined when there is neither.
 */
async function networkFirst(
  event: FetchEvent,
  kept: () => Promise<Response | undefined>,
  keep: (response: Response) => Promise<void>,
): Promise<Response | undefined> {
  const network = fetch(event.request);
  // Registered before the answer is used, so the copy is taken before the page reads the body.
  event.waitUntil(network.then((res) => (storable(res) ? keep(res.clone()) : undefined)).catch(() => undefined));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), NETWORK_TIMEOUT_MS)));
  try {
    const first = await Promise.race([network, late]);
    if (first !== 'late') return first;
    return (await kept()) ?? (await network);
  } catch {
    return kept();
  } finally {
    clearTimeout(timer);
  }
}

async function cacheFirst(event: FetchEvent, key: string): Promise<Response> {
  const hit = await lookup('files', key);
  if (hit) return hit;
  const res = await fetch(event.request);
  if (storable(res)) event.waitUntil(store('files', key, res.clone()).catch(() => undefined));
  return res;
}

async function lookup(kind: CacheKind, key: string): Promise<Response | undefined> {
  for (const name of lookupOrder(await caches.keys(), settings.base, settings.version, kind)) {
    const hit = await (await caches.open(name)).match(key, { ignoreVary: true });
    if (hit) return hit;
  }
  return undefined;
}

async function store(kind: CacheKind, key: string, response: Response): Promise<void> {
  await (await caches.open(current(kind))).put(key, await unredirected(response));
}

/** Keeps a page in this version, and drops older copies of it (and the versions left without pages). */
async function storePage(key: string, response: Response): Promise<void> {
  // The offline page is the shell's, not a page to list.
  if (key === pageKey(new URL(settings.offlinePage, scope).href)) return;
  await store('pages', key, response);
  const names = await caches.keys();
  for (const version of otherVersions(names, settings.base, settings.version)) {
    const pages = cacheName(settings.base, version, 'pages');
    if (names.includes(pages)) await (await caches.open(pages)).delete(key);
  }
  await dropSupersededVersions();
}

/**
 * Deletes the caches of older versions that hold no page any more (nothing needs their files), and
 * of those past the newest few that do: each holds a copy of its build's shell, and pages left
 * that long unopened are kept no longer.
 */
async function dropSupersededVersions(): Promise<void> {
  const names = await caches.keys();
  let kept = 0;
  for (const version of otherVersions(names, settings.base, settings.version).reverse()) {
    const pages = cacheName(settings.base, version, 'pages');
    const holdsPages = names.includes(pages) && (await (await caches.open(pages)).keys()).length > 0;
    if (holdsPages && kept < MAX_OLDER_VERSIONS) {
      kept++;
      continue;
    }
    await Promise.all([caches.delete(pages), caches.delete(cacheName(settings.base, version, 'files'))]);
  }
}

/**
 * A response to answer a navigation with: one that followed a redirect cannot be (the browser
 * refuses it), so it is copied without that mark.
 */
async function unredirected(response: Response): Promise<Response> {
  if (!response.redirected) return response;
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * The first page a reader opens loads before the worker runs: the page sends its address and the
 * files it loaded, fetched again here (mostly from the HTTP cache) to be kept like any other.
 */
async function keepLoaded(page: string, files: readonly string[]): Promise<void> {
  const get = async (url: string, strategy: Strategy | undefined, accept?: string): Promise<void> => {
    if (!strategy) return;
    const res = await fetch(url, { credentials: 'same-origin', ...(accept ? { headers: { accept } } : {}) });
    if (!storable(res)) return;
    if (strategy === 'page') return isHtml(res) ? storePage(pageKey(url), res) : undefined;
    return store('files', fileKey(url, strategy), res);
  };
  const facts = (url: string, accept: string): Parameters<typeof strategyFor>[0] => ({
    method: 'GET',
    url,
    mode: 'same-origin',
    credentials: 'same-origin',
    headers: new Headers({ accept }),
  });
  await Promise.all([
    get(page, strategyFor(facts(page, 'text/html'), scope), 'text/html').catch(() => undefined),
    ...files.map((url) => get(url, strategyFor(facts(url, '*/*'), scope)).catch(() => undefined)),
  ]);
}
