import { describe, expect, it } from 'vitest';
import {
  cacheName,
  fileKey,
  lookupOrder,
  otherVersions,
  ownCaches,
  pageKey,
  parseCacheName,
  storable,
  strategyFor,
  type RequestFacts,
} from '../../../src/client/offline/cache-policy.js';

// What the service worker keeps: only GETs of the site's own files under its base; never a request
// to an API (the try-it's, with or without credentials), whatever its origin.

const SCOPE = 'https://docs.example/site/';
const request = (url: string, init: Partial<Omit<RequestFacts, 'headers'>> & { headers?: Record<string, string> } = {}): RequestFacts => ({
  method: 'GET',
  mode: 'cors',
  credentials: 'same-origin',
  ...init,
  url,
  headers: new Headers(init.headers),
});

describe('strategyFor', () => {
  it('takes pages network first, whether the browser navigates or the client router fetches them', () => {
    expect(strategyFor(request(`${SCOPE}docs/intro`, { mode: 'navigate', credentials: 'include' }), SCOPE)).toBe('page');
    expect(strategyFor(request(`${SCOPE}docs/intro?utm=x`, { mode: 'navigate', credentials: 'include' }), SCOPE)).toBe('page');
    // nav/prefetch.ts: credentials 'same-origin', Accept text/html.
    expect(strategyFor(request(`${SCOPE}docs/intro`, { headers: { accept: 'text/html' } }), SCOPE)).toBe('page');
  });

  it('takes hashed assets from the cache first, and the other files of the site network first', () => {
    expect(strategyFor(request(`${SCOPE}assets/js/entry-ABC.js`), SCOPE)).toBe('asset');
    // A chunk imported again under a fresh URL (lazy-import.ts) is the same file.
    expect(strategyFor(request(`${SCOPE}assets/js/chunks/search-ui-ABC.js?retry=1`), SCOPE)).toBe('asset');
    expect(strategyFor(request(`${SCOPE}search-index.json`, { headers: { accept: '*/*' } }), SCOPE)).toBe('file');
    expect(strategyFor(request(`${SCOPE}img/logo.svg`, { mode: 'no-cors', headers: { accept: 'image/avif,image/webp,*/*' } }), SCOPE)).toBe('file');
  });

  it("never keeps the try-it's requests: no credentials, even to the site's own origin and base", () => {
    // run-request.ts, AuthPanel.tsx's token request and the no-cors probe all omit credentials.
    for (const url of [`${SCOPE}v1/parcels`, `${SCOPE}v1/parcels?page=2`, 'http://127.0.0.1:4010/v1/parcels']) {
      expect(strategyFor(request(url, { credentials: 'omit', headers: { accept: 'application/json' } }), SCOPE), url).toBeUndefined();
      expect(strategyFor(request(url, { credentials: 'omit', mode: 'no-cors' }), SCOPE), url).toBeUndefined();
    }
  });

  it('never keeps a request that carries credentials in a header, or asks for a part or a stream', () => {
    expect(strategyFor(request(`${SCOPE}v1/me`, { headers: { authorization: 'Bearer t' } }), SCOPE)).toBeUndefined();
    expect(strategyFor(request(`${SCOPE}docs/a`, { mode: 'navigate', headers: { authorization: 'Basic x' } }), SCOPE)).toBeUndefined();
    expect(strategyFor(request(`${SCOPE}files/terms.pdf`, { headers: { range: 'bytes=0-99' } }), SCOPE)).toBeUndefined();
    expect(strategyFor(request(`${SCOPE}__shipdocs/events`, { headers: { accept: 'text/event-stream' } }), SCOPE)).toBeUndefined();
  });

  it('leaves everything else to the network: other methods, origins, paths outside the base, queries', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD']) expect(strategyFor(request(`${SCOPE}docs/intro`, { method }), SCOPE), method).toBeUndefined();
    expect(strategyFor(request('https://cdn.example/site/assets/x.js'), SCOPE)).toBeUndefined();
    expect(strategyFor(request('https://docs.example/other/page', { mode: 'navigate' }), SCOPE)).toBeUndefined();
    expect(strategyFor(request('https://docs.example/site', { mode: 'navigate' }), SCOPE)).toBeUndefined();
    // A same-origin endpoint under the base, fetched with the page's credentials: not a file of the site.
    expect(strategyFor(request(`${SCOPE}v1/states?country=MX`), SCOPE)).toBeUndefined();
  });
});

describe('keys', () => {
  it('keep a page once, whatever form of its URL a host answers', () => {
    for (const url of [`${SCOPE}docs/intro`, `${SCOPE}docs/intro/`, `${SCOPE}docs/intro/index.html`, `${SCOPE}docs/intro?a=1#b`]) {
      expect(pageKey(url), url).toBe('https://docs.example/site/docs/intro');
    }
    expect(pageKey(SCOPE)).toBe('https://docs.example/site');
    expect(pageKey(`${SCOPE}index.html`)).toBe('https://docs.example/site');
    expect(pageKey('https://docs.example/')).toBe('https://docs.example/');
    expect(pageKey(`${SCOPE}404.html`)).toBe('https://docs.example/site/404.html');
  });

  it("keep an asset without the retry's query, and other files as they are", () => {
    expect(fileKey(`${SCOPE}assets/js/a-X.js?retry=2#x`, 'asset')).toBe(`${SCOPE}assets/js/a-X.js`);
    expect(fileKey(`${SCOPE}search-index.json`, 'file')).toBe(`${SCOPE}search-index.json`);
  });
});

describe('storable', () => {
  const response = (init: { status?: number; type?: string; headers?: Record<string, string> } = {}) => ({
    ok: (init.status ?? 200) >= 200 && (init.status ?? 200) < 300,
    status: init.status ?? 200,
    type: init.type ?? 'basic',
    headers: new Headers(init.headers),
  });

  it('takes complete same-origin answers only, as the server allows', () => {
    expect(storable(response())).toBe(true);
    expect(storable(response({ headers: { 'cache-control': 'public, max-age=0, must-revalidate' } }))).toBe(true);
    expect(storable(response({ status: 404 }))).toBe(false);
    expect(storable(response({ status: 206 }))).toBe(false);
    expect(storable(response({ status: 204 }))).toBe(false);
    expect(storable(response({ type: 'opaque' }))).toBe(false);
    expect(storable(response({ type: 'cors' }))).toBe(false);
    expect(storable(response({ type: 'opaqueredirect', status: 0 }))).toBe(false);
    expect(storable(response({ headers: { 'cache-control': 'private, no-store' } }))).toBe(false);
    expect(storable(response({ headers: { vary: '*' } }))).toBe(false);
  });
});

describe('cache names', () => {
  it("carry the site's base, so sites under other paths of the origin keep theirs", () => {
    const names = [
      cacheName('/a/', 'v1', 'files'),
      cacheName('/a/b/', 'v1', 'pages'),
      cacheName('/', 'v1', 'pages'),
      'workbox-precache-v2',
      cacheName('/a/', 'v1', 'pages'),
    ];
    expect(parseCacheName(cacheName('/a/', 'abc123', 'pages'), '/a/')).toEqual({ version: 'abc123', kind: 'pages' });
    expect(ownCaches(names, '/a/')).toEqual(['shipdocs /a/ v1 files', 'shipdocs /a/ v1 pages']);
    expect(ownCaches(names, '/')).toEqual(['shipdocs / v1 pages']);
    expect(parseCacheName('shipdocs /a/ v1 other', '/a/')).toBeUndefined();
  });

  it('are looked in from the current version, then from the newest to the oldest', () => {
    const names = ['v1', 'v2', 'v3', 'v4'].flatMap((v) => [cacheName('/', v, 'pages'), cacheName('/', v, 'files')]);
    expect(lookupOrder(names, '/', 'v3', 'pages')).toEqual(['v3', 'v4', 'v2', 'v1'].map((v) => cacheName('/', v, 'pages')));
    // A version whose caches are not made yet (installing) looks in the others.
    expect(lookupOrder(names, '/', 'v9', 'files')).toEqual(['v4', 'v3', 'v2', 'v1'].map((v) => cacheName('/', v, 'files')));
    expect(otherVersions([...names, cacheName('/x/', 'v7', 'pages')], '/', 'v2')).toEqual(['v1', 'v3', 'v4']);
  });
});
