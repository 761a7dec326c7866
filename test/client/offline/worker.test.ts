import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offlineWorkerFile, workerSettings } from '../../../src/render/assets/offline-worker.js';
import { asText } from '../../helpers/fixtures.js';

// sw.js as the build writes it, run in a sandbox with fake service-worker globals (events, the
// Cache API, the network): what it precaches, keeps, answers offline, never touches, and how the
// worker of a build with `offline` off removes itself. The browser test (test/browser/offline.test.ts)
// runs the same file in Chromium.

const ORIGIN = 'https://docs.example';
const BASE = '/dist/';

/** A response as the network gives it: same-origin ("basic"; a constructed one is "default"). */
class NetworkResponse extends Response {
  constructor(body: string, init?: ResponseInit) {
    super(body, init);
    Object.defineProperty(this, 'type', { value: 'basic' });
  }
}

/** Requests are resolved against the worker's location, as in a browser. */
class WorkerRequest extends Request {
  constructor(input: string | Request, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, ORIGIN).href : input, init);
  }
}

const urlOf = (key: string | { url: string }): string => new URL(typeof key === 'string' ? key : key.url, ORIGIN).href;

class FakeCache {
  readonly entries = new Map<string, Response>();
  constructor(private readonly network: (url: string) => Promise<Response>) {}
  async match(key: string | { url: string }): Promise<Response | undefined> {
    return this.entries.get(urlOf(key))?.clone();
  }
  async put(key: string | { url: string }, response: Response): Promise<void> {
    this.entries.set(urlOf(key), response);
  }
  async keys(): Promise<{ url: string }[]> {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
  async delete(key: string | { url: string }): Promise<boolean> {
    return this.entries.delete(urlOf(key));
  }
  async addAll(requests: { url: string }[]): Promise<void> {
    for (const r of requests) {
      const res = await this.network(r.url);
      if (!res.ok) throw new TypeError(`${r.url}: ${res.status}`);
      this.entries.set(urlOf(r), res);
    }
  }
}

/** The origin's CacheStorage: caches in the order they were made. */
class FakeCaches {
  readonly map = new Map<string, FakeCache>();
  constructor(private readonly network: (url: string) => Promise<Response>) {}
  async keys(): Promise<string[]> {
    return [...this.map.keys()];
  }
  async open(name: string): Promise<FakeCache> {
    if (!this.map.has(name)) this.map.set(name, new FakeCache(this.network));
    return this.map.get(name)!;
  }
  async delete(name: string): Promise<boolean> {
    return this.map.delete(name);
  }
  /** Path → what it holds, cache by cache. */
  async contents(): Promise<Record<string, string[]>> {
    return Object.fromEntries([...this.map].map(([name, cache]) => [name, [...cache.entries.keys()].map((u) => new URL(u).pathname + new URL(u).search)]));
  }
}

interface Site {
  /** Answers by path ("/a", "/a/" and "/a/index.html" alike); a path not listed is a 404. */
  files: Record<string, { body: string; type: string; headers?: Record<string, string> }>;
  online: boolean;
  /** Paths requested from the network, in order. */
  requested: string[];
}

function fakeSite(files: Site['files']): Site {
  return { files, online: true, requested: [] };
}

/** The network as the worker sees it: the site's files, or a failure offline; never an answer when slow. */
const network =
  (site: Site, slow = false) =>
  async (input: string | { url: string }): Promise<Response> => {
    const url = new URL(urlOf(input));
    site.requested.push(url.pathname + url.search);
    if (!site.online) throw new TypeError('Failed to fetch');
    if (slow) return new Promise<Response>(() => {});
    const file = site.files[url.pathname] ?? site.files[url.pathname.replace(/\/(index\.html)?$/, '')];
    if (!file) return new NetworkResponse('Not found', { status: 404 });
    return new NetworkResponse(file.body, { headers: { 'content-type': file.type, ...file.headers } });
  };

interface Worker {
  /** Calls the handlers of an event; resolves once it answered and (unless `settle` is false) everything it waited for is done. */
  dispatch(type: string, fields?: Record<string, unknown>, settle?: boolean): Promise<{ response: Response | undefined; answered: boolean }>;
  skipWaiting: number;
  unregistered: boolean;
  handlers: Map<string, ((e: unknown) => void)[]>;
}

/** Runs sw.js with fresh globals over the given caches and network; `active`: a worker already serves. */
function runWorker(code: string, site: Site, caches: FakeCaches, options: { active?: boolean; slowNetwork?: boolean } = {}): Worker {
  const handlers = new Map<string, ((e: unknown) => void)[]>();
  const worker: Worker = {
    skipWaiting: 0,
    unregistered: false,
    handlers,
    async dispatch(type, fields = {}, settle = true) {
      const waits: Promise<unknown>[] = [];
      let answer: Promise<Response> | undefined;
      const event = { ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p), respondWith: (r: Promise<Response>) => (answer = Promise.resolve(r)) };
      for (const h of handlers.get(type) ?? []) h(event);
      const response = await answer;
      // waitUntil may be called while the answer is being made: wait until nothing more comes.
      for (let n = 0; settle && n < waits.length; n = waits.length) await Promise.all(waits.slice(n));
      return { response, answered: answer !== undefined };
    },
  };
  const self = {
    location: { href: `${ORIGIN}${BASE}sw.js` },
    registration: { active: options.active ? {} : null, unregister: async () => (worker.unregistered = true) },
    clients: { claim: async () => undefined },
    skipWaiting: async () => void worker.skipWaiting++,
    addEventListener: (type: string, h: (e: unknown) => void) => handlers.set(type, [...(handlers.get(type) ?? []), h]),
  };
  // A slow network: the worker's timeout fires at once.
  const timer = options.slowNetwork ? (fn: () => void) => setImmediate(fn) : setTimeout;
  const fetch = network(site, options.slowNetwork);
  runInNewContext(code, { self, caches, fetch, Request: WorkerRequest, Response, Headers, URL, setTimeout: timer, clearTimeout, Promise });
  return worker;
}

const html = (title: string): { body: string; type: string } => ({
  body: `<!doctype html><title>${title} | Docs</title><h1>${title}</h1>`,
  type: 'text/html; charset=utf-8',
});
const js = { body: 'export {};', type: 'text/javascript' };
const SHELL = ['assets/css/styles.abc.css', 'js/earlyResizeObserverSuppress.js', 'assets/js/entry-X.js', 'search-index.json'];
const files = (): Site['files'] => ({
  '/dist/': html('Home'),
  '/dist/docs/intro': html('Intro'),
  '/dist/docs/guide': html('Guide'),
  '/dist/offline.html': html('Offline'),
  '/dist/assets/css/styles.abc.css': { body: 'body{}', type: 'text/css' },
  '/dist/js/earlyResizeObserverSuppress.js': js,
  '/dist/assets/js/entry-X.js': js,
  '/dist/assets/js/chunks/panel-Y.js': js,
  '/dist/search-index.json': { body: '{}', type: 'application/json' },
  '/dist/v1/parcels': { body: '{"parcels":[]}', type: 'application/json' },
  '/dist/private.json': { body: '{}', type: 'application/json', headers: { 'cache-control': 'no-store' } },
});

const navigate = (path: string) => ({ request: { method: 'GET', url: ORIGIN + path, mode: 'navigate', credentials: 'include', headers: new Headers() } });
const get = (path: string, init: { credentials?: string; headers?: Record<string, string>; method?: string } = {}) => ({
  request: {
    method: init.method ?? 'GET',
    url: ORIGIN + path,
    mode: 'cors',
    credentials: init.credentials ?? 'same-origin',
    headers: new Headers(init.headers),
  },
});
const text = async (r: { response: Response | undefined }): Promise<string> => (r.response ? await r.response.text() : '(no answer)');

/** sw.js of a build whose shell files hold `edition` (undefined: `offline` off). */
async function swJs(edition: string | undefined): Promise<string> {
  const shell = edition === undefined ? undefined : [...SHELL, 'offline.html'].map((path) => ({ path, contents: `${path} ${edition}` }));
  const file = await offlineWorkerFile(workerSettings(BASE, shell));
  return 'contents' in file ? asText(file.contents) : '';
}

let code = '';
let codeOff = '';
beforeAll(async () => {
  [code, codeOff] = await Promise.all([swJs('first'), swJs(undefined)]);
});

/** A worker installed and activated, as for a first visit. */
async function installed(site: Site): Promise<{ worker: Worker; caches: FakeCaches }> {
  const caches = new FakeCaches(network(site));
  const worker = runWorker(code, site, caches);
  await worker.dispatch('install');
  await worker.dispatch('activate');
  return { worker, caches };
}

describe('the service worker (offline on)', () => {
  it('precaches the shell, and only the shell, on install; the first worker serves at once', async () => {
    const site = fakeSite(files());
    const { worker, caches } = await installed(site);
    const version = Object.keys(await caches.contents())[0]!.split(' ')[2]!;
    expect(await caches.contents()).toEqual({ [`shipdocs /dist/ ${version} files`]: [...SHELL, 'offline.html'].map((p) => BASE + p) });
    expect(site.requested).toEqual([...SHELL, 'offline.html'].map((p) => BASE + p));
    expect(worker.skipWaiting).toBe(1);
    // A new version waits for the reader to reload.
    const next = runWorker(code, site, caches, { active: true });
    await next.dispatch('install');
    expect(next.skipWaiting).toBe(0);
  });

  it('keeps the pages and files readers open, and answers from them offline', async () => {
    const site = fakeSite(files());
    const { worker, caches } = await installed(site);
    expect(await text(await worker.dispatch('fetch', navigate('/dist/docs/intro/')))).toContain('<h1>Intro</h1>');
    expect(await text(await worker.dispatch('fetch', get('/dist/assets/js/chunks/panel-Y.js')))).toBe('export {};');
    site.online = false;
    // The page under another form of its address, and a chunk imported again under a fresh URL.
    expect(await text(await worker.dispatch('fetch', navigate('/dist/docs/intro')))).toContain('<h1>Intro</h1>');
    expect(await text(await worker.dispatch('fetch', get('/dist/assets/js/chunks/panel-Y.js?retry=1')))).toBe('export {};');
    expect(await text(await worker.dispatch('fetch', get('/dist/search-index.json')))).toBe('{}');
    // A page never opened: the offline page for a navigation, an error for the client router.
    expect(await text(await worker.dispatch('fetch', navigate('/dist/docs/guide')))).toContain('<h1>Offline</h1>');
    const routed = await worker.dispatch('fetch', get('/dist/docs/guide', { headers: { accept: 'text/html' } }));
    expect(routed.response?.type).toBe('error');
    const pages = Object.entries(await caches.contents()).find(([name]) => name.endsWith(' pages'))![1];
    expect(pages).toEqual(['/dist/docs/intro']);
  });

  it('shows fresh pages online, and the kept copy when the network is too slow', async () => {
    const site = fakeSite(files());
    const { caches } = await installed(site);
    const worker = runWorker(code, site, caches, { active: true });
    expect(await text(await worker.dispatch('fetch', navigate('/dist/docs/intro')))).toContain('<h1>Intro</h1>');
    site.files['/dist/docs/intro'] = html('Intro, edited');
    expect(await text(await worker.dispatch('fetch', navigate('/dist/docs/intro')))).toContain('Intro, edited');
    const slow = runWorker(code, site, caches, { active: true, slowNetwork: true });
    expect(await text(await slow.dispatch('fetch', navigate('/dist/docs/intro'), false))).toContain('Intro, edited');
  });

  it('never answers or keeps requests to APIs, other methods, other origins or what the server forbids', async () => {
    const site = fakeSite(files());
    const { worker, caches } = await installed(site);
    const before = await caches.contents();
    for (const event of [
      get('/dist/v1/parcels', { credentials: 'omit', headers: { accept: 'application/json' } }),
      get('/dist/v1/parcels', { headers: { authorization: 'Bearer secret' } }),
      get('/dist/v1/parcels?page=2'),
      get('/dist/v1/parcels', { method: 'POST' }),
      { request: { ...get('/x').request, url: 'http://127.0.0.1:4010/v1/parcels' } },
      { request: { ...get('/x').request, url: `${ORIGIN}/elsewhere/page` } },
    ]) {
      expect((await worker.dispatch('fetch', event)).answered, event.request.url).toBe(false);
    }
    expect(await text(await worker.dispatch('fetch', get('/dist/private.json')))).toBe('{}');
    expect(await caches.contents()).toEqual(before);
  });

  it('keeps the first page the reader opened, sent by the page, with its files but no API answer', async () => {
    const site = fakeSite(files());
    const { worker, caches } = await installed(site);
    await worker.dispatch('message', {
      data: {
        type: 'keep',
        page: `${ORIGIN}/dist/`,
        files: [`${ORIGIN}/dist/assets/js/chunks/panel-Y.js`, `${ORIGIN}/dist/v1/parcels?x=1`, 'https://cdn.example/x.js'],
      },
    });
    const contents = await caches.contents();
    expect(Object.values(contents).flat()).toEqual(expect.arrayContaining(['/dist', '/dist/assets/js/chunks/panel-Y.js']));
    expect(
      Object.values(contents)
        .flat()
        .filter((p) => p.includes('v1') || p.includes('cdn')),
    ).toEqual([]);
  });

  it('keeps pages of an older build with their files until a newer build holds them all', async () => {
    const site = fakeSite(files());
    const { worker, caches } = await installed(site);
    await worker.dispatch('fetch', navigate('/dist/docs/intro'));
    await worker.dispatch('fetch', navigate('/dist/docs/guide'));
    // A new build: another shell, so another version.
    const next = runWorker(await swJs('second'), site, caches, { active: true });
    await next.dispatch('install');
    await next.dispatch('activate');
    const versions = (): Promise<string[]> => caches.keys().then((names) => [...new Set(names.map((n) => n.split(' ')[2]!))]);
    expect(await versions()).toHaveLength(2);
    await next.dispatch('fetch', navigate('/dist/docs/intro'));
    expect(await versions()).toHaveLength(2);
    // Offline, the page the new build has not fetched yet is the old build's copy.
    site.online = false;
    expect(await text(await next.dispatch('fetch', navigate('/dist/docs/guide')))).toContain('<h1>Guide</h1>');
    site.online = true;
    await next.dispatch('fetch', navigate('/dist/docs/guide'));
    expect(await versions()).toHaveLength(1);
  });

  it('keeps the pages of the three newest older builds, not of every build ever deployed', async () => {
    const site = fakeSite({ ...files(), '/dist/docs/more': html('More') });
    const { caches } = await installed(site);
    // Each build's reader opens one page; the last opens the offline page, which is no page to keep.
    const opened = ['/dist/', '/dist/docs/intro', '/dist/docs/guide', '/dist/docs/more', '/dist/offline.html'];
    for (const [i, path] of opened.entries()) {
      const worker = runWorker(await swJs(`build ${i + 2}`), site, caches, { active: true });
      await worker.dispatch('install');
      await worker.dispatch('activate');
      await worker.dispatch('fetch', navigate(path));
    }
    const kept = Object.entries(await caches.contents()).filter(([name]) => name.endsWith(' pages'));
    expect(kept.map(([, paths]) => paths)).toEqual([['/dist/docs/intro'], ['/dist/docs/guide'], ['/dist/docs/more']]);
    // Those three builds' pages and files, and the current build's files.
    expect(await caches.keys()).toHaveLength(7);
  });
});

describe('the service worker of a build with offline off', () => {
  it("takes over at once, deletes this site's caches (only) and unregisters", async () => {
    const site = fakeSite(files());
    const caches = new FakeCaches(network(site));
    for (const name of [
      'shipdocs /dist/ 0123abcd files',
      'shipdocs /dist/ 0123abcd pages',
      'shipdocs /dist/other/ 99 pages',
      'shipdocs / 99 pages',
      'my-app-cache',
    ]) {
      await caches.open(name);
    }
    const worker = runWorker(codeOff, site, caches, { active: true });
    expect([...worker.handlers.keys()].sort()).toEqual(['activate', 'install']);
    await worker.dispatch('install');
    expect(worker.skipWaiting).toBe(1);
    await worker.dispatch('activate');
    expect(await caches.keys()).toEqual(['shipdocs /dist/other/ 99 pages', 'shipdocs / 99 pages', 'my-app-cache']);
    expect(worker.unregistered).toBe(true);
    expect(site.requested).toEqual([]);
  });
});
