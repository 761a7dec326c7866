import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSite, type BuildSiteResult } from '../../src/render/build-site.js';
import { configFor, OPENAPI_FIXTURES } from './helpers.js';
import { asText } from '../helpers/fixtures.js';

let result: BuildSiteResult;
const file = (path: string): string => {
  const f = result.files.find((x) => x.path === path);
  if (!f) throw new Error(`no output file ${path}`);
  if ('copyFrom' in f) return f.copyFrom;
  return asText(f.contents);
};
const main = (html: string): string => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const sidebar = (html: string): string => html.slice(html.indexOf('<aside class="doc-sidebar'), html.indexOf('</aside>'));
const text = (html: string): string =>
  html
    .replace(/<span lang="es" data-l="es">[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([:,])/g, '$1');

beforeAll(async () => {
  const root = join(OPENAPI_FIXTURES, 'site');
  result = await buildSite({ root, config: configFor('openapi') });
});

describe('API pages built from a fixture document', () => {
  it('plans the overview first, one page per operation, home and 404, and copies the document', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.routes).toEqual(
      expect.arrayContaining(['/api', '/api/orders-order-id', '/api/orders-order-id-1', '/api/orders', '/api/products', '/', '/404.html']),
    );
    expect(result.routes.filter((r) => r.startsWith('/api'))).toHaveLength(5);
    expect(file('api/openapi.yaml')).toMatch(/site\/openapi\/api\.yaml$/);
    // the navbar links to the API overview
    expect(file('index.html')).toMatch(/<a class="navbar__link[^"]*" href="\/api">API<\/a>/);
  });

  it('draws the overview: title, version, servers, schemes, operations by tag, webhooks, download', () => {
    const html = main(file('api/index.html'));
    expect(html).toContain('<h1 class="doc-title">Fixture Store API</h1>');
    expect(text(html)).toContain('Version 2.0.1');
    expect(html).toContain('href="/api/openapi.yaml" download="openapi.yaml"');
    expect(html).toContain('<code class="api-server__url">https://store.example.com/v2</code>');
    expect(html).toContain('id="auth-token"');
    expect(html).toMatch(/<section class="api-tag" id="tag-orders"[\s\S]*?href="\/api\/orders-order-id"[\s\S]*?href="\/api\/orders"/);
    expect(html).toContain('id="webhook-order-paid"');
    expect(html).toContain('<details class="api-export-menu" data-export-subject="Fixture Store API">');
    expect(html).toContain('href="/api/exports/postman-collection.json" download="postman-collection.json"');
  });

  it('sanitizes descriptions and filters URLs from the document', () => {
    const html = file('api/index.html');
    expect(html).not.toMatch(/<script>alert|onerror=|javascript:|onclick=/);
    expect(html).toContain('<a href="https://example.com/docs">a good one</a>');
    expect(html).toContain('href="mailto:store@example.com"');
    expect(file('api/orders-order-id/index.html')).toContain('<b>Bold</b>');
    expect(file('api/orders-order-id/index.html')).not.toContain('steal()');
    expect(result.diagnostics.filter((d) => d.code === 'SD3010').map((d) => d.pointer)).toEqual(['/info/contact/url']);
  });

  it('draws an operation: method badge, path with its parameters, auth, parameter table, responses, curl', () => {
    const html = main(file('api/orders-order-id/index.html'));
    expect(html).toContain(
      '<span class="api-method api-method--get">GET</span><code class="api-path">/orders/<span class="api-path__param">{orderId}</span></code>',
    );
    expect(html).toMatch(/id="authentication"[\s\S]*href="\/api#auth-token"/);
    const paramsHtml = html.slice(html.indexOf('id="parameters"'), html.indexOf('id="responses"'));
    const params = text(paramsHtml);
    // a real table: name (row header), location, type, required, description with labelled facts
    expect(params).toContain(
      'Path parameters Name Location Type Required Description orderId path string required Identifier of the order. Example "ord_123" Constraints pattern: ^ord_[a-z0-9]+$',
    );
    expect(paramsHtml).toMatch(/<th scope="row" class="api-param__cell-name"><code class="api-param__name">orderId<\/code><\/th>/);
    expect(params).toContain('Query parameters Name Location Type Required Description expand query array[string] optional');
    expect(params).toContain('Header parameters Name Location Type Required Description X-Trace header string optional deprecated');
    expect(paramsHtml).toMatch(/<tr class="api-param api-param--deprecated">/);
    expect(params).toContain('limit query integer int32 optional How many lines to include. Default 50 Possible values 10 50 100');
    expect(html).toMatch(/<details class="api-response api-response--2xx" id="response-200" open="">/);
    expect(html).toMatch(/<details class="api-response api-response--4xx" id="response-404">/);
    expect(text(html)).toContain('X-Rate-Limit integer Requests left.');
    // the curl sample of the example and default inputs, a placeholder for the credential
    expect(html).toContain(
      'curl &#x27;https://store.example.com/v2/orders/ord_123?limit=50&#x27; \\\n  --header &#x27;Authorization: Bearer &lt;token&gt;&#x27;',
    );
    // places for the interactive half, and nothing that needs a script before it loads
    for (const panel of ['authorization', 'try-it', 'code-samples']) expect(html).toContain(`data-api-panel="${panel}"`);
    expect(html).toContain('href="/api/exports/operations/orders-order-id/universal.md" download="universal.md"');
    expect(html).toContain('data-auth-schemes="token"');
    expect(html).toMatch(/<script type="application\/json" data-api-site="">/);
  });

  it('draws request bodies as trees: allOf merged, oneOf as a disclosure per variant with the discriminator, recursion as a link', () => {
    const create = main(file('api/orders/index.html'));
    expect(text(create)).toContain('customer person | company required One of Discriminator: kind person → Person company → Company');
    expect(text(create)).toContain('person Person kind string required Constant: "person"');
    // one open variant at a time, the first open; each discriminator value links to its variant's panel
    const group = /<details class="sc-var" name="(s-\d+-oneOf)" open><summary class="sc-vh"><span class="sc-vl">person<\/span>/.exec(create)?.[1];
    expect(group).toBeDefined();
    expect(create).toContain(`<details class="sc-var" name="${group}"><summary class="sc-vh"><span class="sc-vl">company</span>`);
    const panel = /<a href="#(s-\d+)"><code>company<\/code><\/a> → Company/.exec(create)?.[1];
    expect(create).toContain(`<div class="sc-panel" id="${panel}">`);
    expect(create).not.toContain('type="radio"');
    expect(create).toMatch(/<code class="sc-n">quantity<\/code><span class="sc-t">integer<\/span><span class="api-badge api-badge--required">/);
    expect(text(create)).toContain('lines array[object] required at least one item');
    // the example of the document, highlighted
    expect(create).toContain('<span class="j-k">"customer"</span>: {');
    // Order = NewOrder + id/status: merged into one object
    expect(text(create)).toContain('id string read-only required status string required Default: "open" Possible values: "open" "paid" "shipped" "cancelled"');
    // callbacks
    expect(create).toContain('id="callbacks"');
    expect(text(create)).toContain('orderShipped POST {$request.body#/callbackUrl}');
    const products = main(file('api/products/index.html'));
    expect(products).toMatch(/<a class="sc-l sc-l--recursive" href="#(s-\d+)">/);
    const target = /<a class="sc-l sc-l--recursive" href="#(s-\d+)">/.exec(products)![1];
    expect(products).toContain(`id="${target}"`);
    expect(text(products)).toContain('No authentication required.');
  });

  it('names every section landmark uniquely, where webhooks and callbacks repeat "Responses" or "Authentication"', () => {
    const byId = (html: string, id: string): string => {
      const m = new RegExp(`<[a-z0-9]+[^>]* id="${id}"[^>]*>([\\s\\S]*?)</(?:h[1-6]|summary)>`).exec(html);
      if (!m) throw new Error(`no element with id ${id}`);
      return text(m[1]!).trim();
    };
    for (const page of ['api/index.html', 'api/orders/index.html']) {
      const html = main(file(page));
      const names = [...html.matchAll(/<section[^>]* aria-labelledby="([^"]+)"/g)].map((m) =>
        m[1]!
          .split(' ')
          .map((id) => byId(html, id))
          .join(' '),
      );
      expect(names.length, page).toBeGreaterThan(3);
      expect(
        names.filter((n, i) => names.indexOf(n) !== i),
        page,
      ).toEqual([]);
    }
    // a callback's sections are named after the callback first
    const create = main(file('api/orders/index.html'));
    expect(create).toContain('<summary class="api-callback__summary" id="callback-0-0-title">');
    expect(create).toContain('aria-labelledby="callback-0-0-title callback-0-0-responses"');
    expect(main(file('api/index.html'))).toContain('aria-labelledby="webhook-order-paid-title webhook-order-paid-responses"');
  });

  it('shares one sidebar grouped by tag, with method badges, the current page marked, and previous/next', () => {
    const html = file('api/orders/index.html');
    const side = sidebar(html);
    expect(side).toContain('href="/api#tag-orders">Orders</a>');
    expect(side).toContain('href="/api#tag-catalog">Catalog</a>');
    expect(side).toContain(
      '<a class="menu__link api-op menu__link--active" href="/api/orders" aria-current="page"><span class="api-method api-method--post api-method--sm">POST</span>Create an order</a>',
    );
    expect(side).toContain(
      '<li class="api-op--deprecated"><a class="menu__link api-op" href="/api/orders-order-id-1"><span class="api-method api-method--delete api-method--sm">DEL</span>Cancel an order <span class="sr-only"><span lang="es" data-l="es">obsoleto</span><span lang="en" data-l="en">deprecated</span></span></a></li>',
    );
    expect(side).toContain('href="/api#webhook-order-paid"');
    expect(html).toMatch(/pagination-nav__link--prev" href="\/api\/orders-order-id-1"/);
    expect(html).toMatch(/pagination-nav__link--next" href="\/api\/products"/);
    expect(file('api/index.html')).toMatch(/pagination-nav__link--next" href="\/api\/orders-order-id"/);
  });

  it('embeds the try-it data as escaped JSON and keeps pages small', () => {
    const html = file('api/orders/index.html');
    const json = /<script type="application\/json" data-api-request="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toMatch(/[<>&]/);
    const data = JSON.parse(json) as { method: string; bodies: { mediaType: string; example: string }[] };
    expect(data.method).toBe('post');
    expect(JSON.parse(data.bodies[0]!.example)).toMatchObject({ customer: { kind: 'person' } });
    // parameters carry what an input needs: type, format, possible values, default, description
    const get = JSON.parse(/data-api-request="">([\s\S]*?)<\/script>/.exec(file('api/orders-order-id/index.html'))![1]!) as { parameters: unknown[] };
    expect(get.parameters).toEqual([
      {
        name: 'orderId',
        in: 'path',
        required: true,
        deprecated: false,
        description: 'Identifier of the order.',
        schema: { type: 'string', nullable: false, enum: undefined, default: undefined, format: undefined, items: undefined },
        example: '"ord_123"',
      },
      { name: 'expand', in: 'query', required: false, deprecated: false, schema: { type: 'array', nullable: false, items: 'string' } },
      {
        name: 'limit',
        in: 'query',
        required: false,
        deprecated: false,
        description: 'How many lines to include.',
        schema: { type: 'integer', nullable: false, format: 'int32', enum: [10, 50, 100], default: 50 },
      },
      { name: 'X-Trace', in: 'header', required: false, deprecated: true, schema: { type: 'string', nullable: false } },
    ]);
    for (const f of result.files)
      if (f.path.startsWith('api/') && f.path.endsWith('.html') && 'contents' in f) expect(gzipSync(f.contents).length).toBeLessThan(60 * 1024);
  });

  it('has every anchor it links to', () => {
    const overviewIds = new Set([...file('api/index.html').matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
    for (const f of result.files) {
      if (!f.path.startsWith('api/') || !f.path.endsWith('.html') || !('contents' in f)) continue;
      const html = asText(f.contents);
      const ids = new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
      for (const m of html.matchAll(/href="#([^"]+)"/g)) expect(ids, `${f.path} #${m[1]}`).toContain(m[1]);
      for (const m of html.matchAll(/href="\/api#([^"]+)"/g)) expect(overviewIds, `${f.path} /api#${m[1]}`).toContain(m[1]);
    }
  });
});
