import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import MiniSearch from 'minisearch';
import { loadConfig } from '../../src/config/load-config.js';
import { buildSite, type BuildSiteResult } from '../../src/render/build-site.js';
import { clip, headingsOf, mainHtml } from '../../src/render/search/html-text.js';
import { decodeEntities, htmlToText } from '../../src/shared/html-text.js';
import type { SearchIndexAsset } from '../../src/shared/search.js';
import { bestHeading, normalizePath, parseQuery, runSearch, tokenize } from '../../src/client/search/query.js';
import { highlight } from '../../src/client/search/highlight.js';
import { outputText, REPO } from '../helpers/fixtures.js';

describe('page text for the index', () => {
  const page = [
    '<html><body><nav class="navbar">Docs Blog</nav><div class="page-wrapper"><aside>Sidebar</aside>',
    '<main id="main-content"><nav class="breadcrumbs"><a class="breadcrumbs__link" href="/"><svg></svg><span class="sr-only"><span lang="es" data-l="es">Inicio</span><span lang="en" data-l="en">Home</span></span></a>',
    '<a class="breadcrumbs__link" href="/docs/category/basics">Tutorial &amp; Basics</a></nav>',
    '<header><h1>Create a page</h1></header><div class="markdown"><p>Pages are <strong>standalone</strong>&nbsp;files &lt;3.</p>',
    '<h2 id="mdx-pages">MDX <code>pages</code><a class="hash-link" href="#mdx-pages">#</a></h2><p>Use MDX.</p>',
    '<pre class="shiki"><code>const secret = 1;</code></pre><h3 id="r%C3%A9sum%C3%A9">Résumé</h3>',
    '<script type="application/json">{"x":1}</script><span lang="es" data-l="es">Anterior</span><span lang="en" data-l="en">Previous</span>',
    '</div><nav class="toc"><a href="#mdx-pages">MDX pages</a></nav></main></div><footer>Footer</footer></body></html>',
  ].join('');

  it('keeps the reading text of <main> only: no navigation, title header, code, labels or anchors', () => {
    const text = htmlToText(mainHtml(page));
    expect(text).toBe('Pages are standalone files <3. MDX pages Use MDX. Résumé');
  });
  it('finds h2/h3 headings with their ids', () => {
    expect(headingsOf(mainHtml(page))).toEqual([
      { id: 'mdx-pages', text: 'MDX pages' },
      { id: 'r%C3%A9sum%C3%A9', text: 'Résumé' },
    ]);
  });
  it('decodes entities and clips at a word', () => {
    expect(decodeEntities('&lt;a&gt; &amp;amp; &#39;x&#x27; &#8212; &bogus;')).toBe("<a> &amp; 'x' — &bogus;");
    expect(clip('one two three four', 100)).toBe('one two three four');
    expect(clip('one two three four five', 16)).toBe('one two three…');
    expect(clip('abcdefghijklmnop', 5)).toBe('abcde…');
  });
});

describe('queries', () => {
  it('reads "METHOD /path" and paths', () => {
    expect(parseQuery('  GET   /tracking ')).toEqual({ text: '/tracking', method: 'get', path: '/tracking' });
    expect(parseQuery('post quoter')).toEqual({ text: 'quoter', method: 'post', path: undefined });
    expect(parseQuery('/shiphero/orders/{orderId}')).toEqual({ text: '/shiphero/orders/{orderId}', method: undefined, path: '/shiphero/orders/{}' });
    expect(parseQuery('getting started')).toEqual({ text: 'getting started', method: undefined, path: undefined });
  });
  it('compares paths without case, trailing slash or parameter names', () => {
    expect(normalizePath('/Shiphero/Orders/{order_id}/')).toBe(normalizePath('/shiphero/orders/{orderId}'));
    expect(normalizePath('/')).toBe('/');
  });
  it('tokenizes like minisearch', () => {
    expect(tokenize('/shiphero/orders/{orderId}')).toEqual(['shiphero', 'orders', 'orderid']);
  });
  it('highlights words starting with a term, case-insensitive, not inside words', () => {
    expect(highlight('Track a tracking number, backtrack', ['track'])).toEqual([
      { text: 'Track', hit: true },
      { text: ' a ', hit: false },
      { text: 'track', hit: true },
      { text: 'ing number, backtrack', hit: false },
    ]);
    expect(highlight('Quote rates', [])).toEqual([{ text: 'Quote rates', hit: false }]);
    expect(highlight('', ['x'])).toEqual([]);
    expect(
      highlight('a <b> & c', ['b'])
        .map((s) => s.text)
        .join(''),
    ).toBe('a <b> & c');
  });
  it('points a result at the heading that matches best', () => {
    const hs: [string, string][] = [
      ['intro', 'Introduction'],
      ['front-matter', 'Front matter'],
      ['front-matter-ref', 'Front matter reference'],
    ];
    expect(bestHeading(hs, ['front', 'matter'])).toEqual(['front-matter', 'Front matter']);
    expect(bestHeading(hs, ['zzz'])).toBeUndefined();
    expect(bestHeading(undefined, ['front'])).toBeUndefined();
  });
});

describe('the default site index (build stage → client queries)', () => {
  let result: BuildSiteResult;
  let index: MiniSearch;
  let asset: SearchIndexAsset;
  let indexPath: string;
  const html = (path: string): string => {
    return outputText(result.files, path);
  };

  beforeAll(async () => {
    const { config } = await loadConfig(REPO);
    result = await buildSite({ root: REPO, config: config! });
    const file = result.files.find((f) => f.path === 'search-index.json');
    expect(file).toBeDefined();
    indexPath = file!.path;
    asset = JSON.parse((file as { contents: string }).contents) as SearchIndexAsset;
    index = MiniSearch.loadJS(asset.index as never, { fields: [...asset.fields], storeFields: [...asset.storeFields] });
  });

  it('is a hashed JSON asset every page points to', () => {
    for (const page of [
      'index.html',
      'docs/intro/index.html',
      'api/quoter/index.html',
      '404.html',
      'docs/category/tutorial---basics/index.html',
      'blog/welcome/index.html',
    ]) {
      expect(html(page)).toContain(`data-search-index="/${indexPath}"`);
    }
    expect(asset.v).toBe(1);
  });

  it('holds docs, blog posts, pages and every API operation, but not lists or the 404 page', () => {
    const urls = Object.values((asset.index as { storedFields: Record<string, { u: string; k: string }> }).storedFields).map((s) => `${s.k} ${s.u}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'doc /docs/intro',
        'doc /docs/tutorial-basics/create-a-document',
        'blog /blog/welcome',
        'page /markdown-page',
        'page /',
        'api /api',
        'api /api/quoter',
        'api /api/tracking-id',
        'api /api/shiphero-orders-order-id',
      ]),
    );
    expect(urls.filter((u) => u.startsWith('api /api/')).length).toBe(20);
    expect(urls.some((u) => /\/blog\/(tags|archive|authors)|404/.test(u))).toBe(false);
  });

  it('gives docs their categories (the breadcrumbs) and keeps code and placeholders out of the text', () => {
    const stored = Object.values((asset.index as { storedFields: Record<string, { u: string; c?: string }> }).storedFields);
    expect(stored.find((s) => s.u === '/docs/tutorial-basics/create-a-document')?.c).toBe('Tutorial - Basics');
    expect(runSearch(index, 'sdhl').length).toBe(0);
  });

  it('finds an operation by word, by path and by method + path', () => {
    expect(runSearch(index, 'quoter')[0]).toMatchObject({ url: '/api/quoter', method: 'post', path: '/quoter' });
    expect(runSearch(index, 'GET /tracking')[0]).toMatchObject({ url: '/api/tracking-id', method: 'get' });
    expect(runSearch(index, '/shiphero/orders/{orderId}')[0]).toMatchObject({ url: '/api/shiphero-orders-order-id' });
    expect(runSearch(index, 'GET /shiphero/orders/{orderId}')[0]).toMatchObject({ url: '/api/shiphero-orders-order-id' });
    expect(runSearch(index, 'DELETE /addresses/{id}')[0]).toMatchObject({ url: '/api/addresses-id-2', method: 'delete' });
    expect(runSearch(index, 'POST /addresses').every((h) => h.method === 'post')).toBe(true);
  });

  it('finds a webhook by name and summary, at its anchor on the overview', () => {
    const urls = Object.values((asset.index as { storedFields: Record<string, { u: string }> }).storedFields).map((s) => s.u);
    const hooks = urls.filter((u) => u.startsWith('/api#webhook-'));
    expect(hooks.length).toBeGreaterThan(0);
    for (const u of hooks) expect(html('api/index.html')).toContain(`id="${u.slice('/api#'.length)}"`);
    expect(runSearch(index, 'shipment status changed')[0]).toMatchObject({
      url: '/api#webhook-shipment-status-changed',
      method: 'post',
      path: 'shipmentStatusChanged',
    });
    expect(runSearch(index, 'shipmentStatusChanged')[0]?.url).toBe('/api#webhook-shipment-status-changed');
  });

  it('finds docs by title and heading, pointing at the heading', () => {
    const hits = runSearch(index, 'front matter');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.find((h) => h.url.startsWith('/docs/tutorial-basics/create-a-document'))?.url).toBe(
      '/docs/tutorial-basics/create-a-document#front-matter-reference',
    );
    expect(runSearch(index, 'deploy')[0]?.url).toMatch(/^\/docs\/tutorial-basics\/deploy-your-site/);
  });

  it('tolerates a typo and prefixes, and falls back to any word when all do not match', () => {
    expect(runSearch(index, 'trackng').some((h) => h.url === '/api/tracking-id')).toBe(true);
    expect(runSearch(index, 'shiph').some((h) => h.path?.startsWith('/shiphero'))).toBe(true);
    expect(runSearch(index, 'tracking zzzqqq').length).toBeGreaterThan(0);
    expect(runSearch(index, '   ')).toEqual([]);
  });

  it('stores little per page (results need title, URL, kind, path and a short snippet only)', () => {
    const stored = Object.values((asset.index as { storedFields: Record<string, Record<string, unknown>> }).storedFields);
    for (const s of stored) {
      expect(Object.keys(s).every((k) => ['k', 't', 'u', 'm', 'p', 'c', 'd', 'hs'].includes(k))).toBe(true);
      expect(String(s.d).length).toBeLessThanOrEqual(161);
    }
    expect(gzipSync(JSON.stringify(asset)).length).toBeLessThan(60_000);
  });
});
