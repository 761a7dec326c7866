// What an API page's schema trees carry is bounded by constants, not by the document: a discriminated
// base mapping thousands of values (Microsoft Graph's `entity` maps 1,544) lists a few of them, how
// many more and a link to the OpenAPI document, on every page that draws it; a response wider and
// deeper than any page should hold is cut past the page's budget, each cut said by a count, while a
// small tree after it (an error body) is still drawn whole.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiPage } from '../../../src/components/api/ApiPage.js';
import { MAPPING_IN_PAGE, SCHEMA_BUDGET } from '../../../src/components/api/schema/plan-schema-view.js';
import type { SiteView } from '../../../src/components/site-view.js';
import { planApiRoutes } from '../../../src/openapi/plan-api-routes.js';
import { toApiModel } from '../../../src/openapi/model/to-api-model.js';
import { boundsApiDocument } from '../../helpers/bounds-api.js';

const DOCUMENT = '/api/openapi.json';

/** The HTML of each operation page, by operationId. */
async function pages(kinds: number): Promise<Map<string, string>> {
  const { model } = await toApiModel(boundsApiDocument(kinds), { basePath: '/api', download: { href: DOCUMENT, fileName: 'openapi.json' } });
  const shared = new Map<string, string>();
  const site = {
    config: { url: 'https://docs.example', baseUrl: '/', openapi: { path: 'openapi', routeBasePath: 'api' } },
    languages: ['es', 'en'],
    apis: [{ id: undefined, label: 'Bounds', basePath: '/api', proxyUrl: undefined, sidebar: undefined, versions: [] }],
    docsVersions: [],
    url: (p: string) => p,
    shared: (key: string, element: () => React.ReactElement) => shared.get(key) ?? shared.set(key, renderToStaticMarkup(element())).get(key)!,
  } as unknown as SiteView;
  const out = new Map<string, string>();
  for (const route of planApiRoutes(model!, 'openapi.json')) {
    if (route.data.kind === 'api' && route.data.page.kind === 'operation')
      out.set(route.data.page.operation.operationId!, renderToStaticMarkup(<ApiPage site={site} route={route} />));
  }
  return out;
}

/** The markup of the page's schema trees. */
function trees(html: string): string {
  let out = '';
  for (let at = html.indexOf('<div class="sc-tree"'); at >= 0; at = html.indexOf('<div class="sc-tree"', at + 1)) {
    const re = /<div\b|<\/div>/g;
    re.lastIndex = at;
    let depth = 0;
    for (let m = re.exec(html); m; m = re.exec(html)) {
      depth += m[0] === '</div>' ? -1 : 1;
      if (!depth) {
        out += html.slice(at, re.lastIndex);
        break;
      }
    }
  }
  return out;
}

/** Every in-page link of the page lands on an element of the page. */
function expectLinksLand(html: string): void {
  const ids = new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
  const missing = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]).filter((id) => !ids.has(id));
  expect(missing).toEqual([]);
}

describe("the schema trees of an API page are bounded, whatever the document's size", () => {
  it('lists a few values of a discriminator mapping thousands, how many more, and a link to the document', async () => {
    const [small, large] = [await pages(300), await pages(3000)];
    const page = large.get('getEntity')!;
    const map = /<span class="sc-map">([\s\S]*?)<\/span><\/span> <span class="sc-more">([\s\S]*?)<\/span><\/span>/.exec(page);
    expect(map, 'the discriminator line').not.toBeNull();
    expect(map![1]!.match(/→/g)).toHaveLength(MAPPING_IN_PAGE);
    // Those values select variants drawn below: each links to its variant.
    expect(map![1]!.match(/<a href="#s-\d+"><code>#kind\.k\d+<\/code><\/a>/g)).toHaveLength(MAPPING_IN_PAGE);
    expect(map![2]).toContain(`… +${3000 - MAPPING_IN_PAGE} `);
    expect(map![2]).toContain(`<a href="${DOCUMENT}" download>`);
    expectLinksLand(page);
    // The page does not grow with the mapping: ten times the values, the same page but for the count.
    expect(page.length / small.get('getEntity')!.length).toBeLessThan(1.01);
    expect(page.length).toBeLessThan(100 * 1024);
  }, 30_000);

  it('cuts a tree past the page budget with counts, and still draws a small tree after it whole', async () => {
    const page = (await pages(3)).get('getWide')!;
    const markup = trees(page);
    // About SCHEMA_BUDGET.chars of markup (an estimate while planning), where the whole tree would be over 1 MB.
    expect(markup.length).toBeLessThan(1.3 * SCHEMA_BUDGET.chars);
    expect(markup.length).toBeGreaterThan(0.6 * SCHEMA_BUDGET.chars);
    // The response's own rows stop (the part being drawn then stops too): "+ N more properties not shown".
    const more = [...markup.matchAll(/<li class="sc-more">\+ (\d+) <span lang="es"[^>]*>[^<]*<\/span><span lang="en" data-l="en">more properties not shown</g)];
    expect(Math.max(...more.map((m) => Number(m[1])))).toBeGreaterThan(200);
    // The error body of the 400 response comes after: drawn whole, not "not expanded here".
    const error = page.slice(page.indexOf('api-response--4xx'));
    expect(error).toContain('<code class="sc-n">code</code>');
    expect(error).toContain('<code class="sc-n">message</code>');
    expect(error).not.toContain('sc-l--budget');
    expectLinksLand(page);
  }, 30_000);
});
