import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/load-config.js';
import { buildSite, prepareSite, type BuildSiteResult } from '../../src/render/build-site.js';
import { configSchema } from '../../src/config/schema.js';
import { createSiteLookup } from '../../src/mcp/site-lookup.js';
import { indexSite } from '../../src/render/stages/emit-files.js';
import { FIXTURES, outputText, tempProject } from '../helpers/fixtures.js';

// A site with two APIs (the list form of `openapi`), built whole through buildSite, and the
// zero-config folder holding two documents.

const root = join(FIXTURES, 'sites/two-apis');
let result: BuildSiteResult;
const file = (path: string): string => outputText(result.files, path);
const navbar = (html: string): string => html.slice(html.indexOf('<nav class="navbar"'), html.indexOf('</nav>'));
const sidebar = (html: string): string => html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));
const pageData = (html: string): { apiBase: string; authKey: string; proxyUrl?: string } =>
  JSON.parse(/<script type="application\/json" data-api-site="">([^<]*)<\/script>/.exec(html)![1]!);

beforeAll(async () => {
  const { config } = await loadConfig(root);
  result = await buildSite({ root, config: config! });
});

describe('a site with two APIs', () => {
  it('builds without a problem: each API has its overview and operation pages under its own route base', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.routes.filter((r) => r.startsWith('/api') || r.startsWith('/tracking-api')).sort()).toEqual([
      '/api/shipping',
      '/api/shipping/quotes',
      '/api/shipping/status',
      '/tracking-api',
      '/tracking-api/events-id',
      '/tracking-api/status',
    ]);
    expect(file('api/shipping/index.html')).toContain('<title>Shipping API | Two APIs</title>');
    expect(file('tracking-api/index.html')).toContain('<title>Tracking API | Two APIs</title>');
    expect(file('tracking-api/status/index.html')).toContain('Tracking status');
    expect(file('api/shipping/status/index.html')).toContain('Shipping status');
  });

  it('gives each API its own sidebar', () => {
    const shipping = sidebar(file('api/shipping/quotes/index.html'));
    expect(shipping).toContain('href="/api/shipping/quotes"');
    expect(shipping).toContain('href="/api/shipping/status"');
    expect(shipping).not.toContain('tracking-api');
    const tracking = sidebar(file('tracking-api/events-id/index.html'));
    expect(tracking).toContain('href="/tracking-api/events-id"');
    expect(tracking).not.toContain('/api/shipping');
  });

  it('offers the APIs in a navbar menu: a button with aria-expanded, the labels, the current API marked', () => {
    const nav = navbar(file('tracking-api/status/index.html'));
    expect(nav).toMatch(
      /<button type="button" class="navbar__link api-select__button navbar__link--active" aria-expanded="false" aria-controls="api-select-menu">API/,
    );
    expect(nav).toContain('<ul class="api-select__menu" id="api-select-menu" hidden="">');
    expect(nav).toContain('<a class="api-select__link" href="/api/shipping">Shipping</a>');
    expect(nav).toContain('<a class="api-select__link api-select__link--active" href="/tracking-api" aria-current="page">Tracking API</a>');
    // The mobile menu lists each API; the no-JavaScript link goes to the first.
    expect(nav).toContain('<a class="mobile-menu__link" href="/api/shipping">Shipping</a>');
    expect(nav).toContain('<a class="navbar__link api-select__fallback navbar__link--active" href="/api/shipping">API</a>');
    const docs = navbar(file('docs/intro/index.html'));
    expect(docs).toContain('class="navbar__link api-select__button" aria-expanded="false"');
    expect(docs).not.toContain('aria-current="page">Tracking API');
    expect(file('index.html')).toMatch(/href="\/api\/shipping"[^>]*>API reference/);
  });

  it('keys credentials, the remembered server and the proxy per API', () => {
    expect(pageData(file('api/shipping/status/index.html'))).toMatchObject({ apiBase: '/api/shipping', authKey: 'shipdocs.auth:/api/shipping' });
    expect(pageData(file('api/shipping/status/index.html')).proxyUrl).toBeUndefined();
    expect(pageData(file('tracking-api/status/index.html'))).toMatchObject({
      apiBase: '/tracking-api',
      authKey: 'shipdocs.auth:/tracking-api',
      proxyUrl: 'https://cors.example.com/',
    });
  });

  it("allows every API's servers and the proxy in connect-src, on every page", () => {
    for (const page of ['index.html', 'docs/intro/index.html', 'api/shipping/index.html', 'tracking-api/events-id/index.html']) {
      expect(file(page)).toContain('connect-src &#x27;self&#x27; https://cors.example.com https://shipping.example.com https://tracking.example.net;');
    }
    expect(file('_headers')).toContain("connect-src 'self' https://cors.example.com https://shipping.example.com https://tracking.example.net;");
  });

  it('writes the exports, the document and the Markdown twins of each API under its route base', () => {
    for (const base of ['api/shipping', 'tracking-api']) {
      for (const name of ['postman-collection.json', 'universal.md', 'claude.json', 'gpt-tools.json', 'operations/status/universal.md'])
        expect(file(`${base}/exports/${name}`).length).toBeGreaterThan(0);
      expect(result.files.some((f) => f.path === `${base}/openapi.yaml`)).toBe(true);
    }
    expect(JSON.parse(file('api/shipping/exports/postman-collection.json')).info.name).toBe('Shipping API');
    expect(JSON.parse(file('tracking-api/exports/postman-collection.json')).info.name).toBe('Tracking API');
    expect(file('tracking-api/status.md')).toContain('Tracking status');
    expect(file('api/shipping/quotes/index.html')).toContain('href="/api/shipping/exports/operations/quotes/');
    const llms = file('llms.txt');
    expect(llms).toContain('## API: Shipping\n\n- [Shipping API](https://docs.example.com/api/shipping.md)');
    expect(llms).toContain('## API: Tracking API\n\n- [Tracking API](https://docs.example.com/tracking-api.md)');
  });

  it('says in search results which API an operation belongs to', () => {
    const index = JSON.parse(file('search-index.json')) as { index: { storedFields: Record<string, { t: string; u: string; c?: string }> } };
    const stored = Object.values(index.index.storedFields);
    expect(stored.find((s) => s.u === '/api/shipping/status')).toMatchObject({ t: 'Shipping status', c: 'Shipping › Health' });
    expect(stored.find((s) => s.u === '/tracking-api/status')).toMatchObject({ t: 'Tracking status', c: 'Tracking API › Health' });
    expect(stored.find((s) => s.u === '/tracking-api')).toMatchObject({ c: 'Tracking API' });
  });
});

describe('the MCP index of a site with two APIs', () => {
  it('knows the pages and operations of both, each operation with its API, told apart by URL', async () => {
    const { config } = await loadConfig(root);
    const prepared = await prepareSite({ root, config: config! });
    const index = createSiteLookup(await indexSite(prepared), 'https://docs.example.com/', '');
    await prepared.close();
    expect(index.pages.filter((p) => p.kind === 'api').map((p) => p.route)).toEqual([
      '/api/shipping',
      '/api/shipping/status',
      '/api/shipping/quotes',
      '/tracking-api',
      '/tracking-api/status',
      '/tracking-api/events-id',
    ]);
    expect(index.operations.map((o) => [o.api, o.method, o.path]).sort()).toEqual([
      ['/api/shipping', 'GET', '/status'],
      ['/api/shipping', 'POST', '/quotes'],
      ['/tracking-api', 'GET', '/events/{id}'],
      ['/tracking-api', 'GET', '/status'],
    ]);
    const found = index.operation('https://docs.example.com/tracking-api/status');
    expect('operation' in found && found.operation.api).toBe('/tracking-api');
  });
});

describe('the zero-config openapi/ folder', () => {
  const spec = (title: string, path: string): string =>
    `openapi: 3.1.0\ninfo: {title: ${title}, version: '1'}\npaths:\n  ${path}:\n    get:\n      responses: {'200': {description: OK}}\n`;

  it('makes one API per document, under api/<id>, labelled by info.title; the home page and API link go to the first', async () => {
    const project = tempProject({ 'openapi/Billing API.yaml': spec('Billing', '/invoices'), 'openapi/orders.yaml': spec('Orders', '/orders/{id}') });
    const built = await buildSite({ root: project, config: configSchema.parse({}) });
    expect(built.diagnostics).toEqual([]);
    expect(built.routes.filter((r) => r.startsWith('/api')).sort()).toEqual([
      '/api/billing-api',
      '/api/billing-api/invoices',
      '/api/orders',
      '/api/orders/orders-id',
    ]);
    const home = outputText(built.files, 'index.html');
    expect(home).toContain('<title>Billing | ');
    expect(home).toMatch(/href="\/api\/billing-api"[^>]*>API reference/);
    expect(navbar(home)).toContain('<a class="api-select__link" href="/api/billing-api">Billing</a><');
    expect(navbar(home)).toContain('<a class="api-select__link" href="/api/orders">Orders</a>');
  });

  it('names an untitled site after its first API, and keeps a title the config gives, even "Documentation"', async () => {
    const project = tempProject({ 'openapi/orders.yaml': spec('Orders', '/orders') });
    const home = async (config: unknown): Promise<string> =>
      outputText((await buildSite({ root: project, config: configSchema.parse(config) })).files, 'index.html');
    expect(await home({})).toContain('<b class="navbar__title">Orders</b>');
    expect(await home({ title: 'Documentation' })).toContain('<b class="navbar__title">Documentation</b>');
  });

  it('keeps a folder with one document as one API under /api, with a plain API link', async () => {
    const project = tempProject({ 'openapi/orders.yaml': spec('Orders', '/orders'), 'openapi/parts.yaml': 'Order: {type: object}\n' });
    const built = await buildSite({ root: project, config: configSchema.parse({}) });
    expect(built.diagnostics).toEqual([]);
    expect(built.routes.filter((r) => r.startsWith('/api')).sort()).toEqual(['/api', '/api/orders']);
    const nav = navbar(outputText(built.files, 'api/orders/index.html'));
    expect(nav).not.toContain('api-select');
    expect(nav).toContain('<a class="navbar__link navbar__link--active" href="/api" aria-current="page">API</a>');
  });
});
