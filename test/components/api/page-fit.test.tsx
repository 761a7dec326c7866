// An operation's page holds at most OPERATION_PAGE_CHARS of HTML unless it shows its schemas whole
// (operation/page-fit.ts). A page found over is drawn again: its sidebar leaves its own tag's
// operations to the tag's shared file and, if that is not enough and its trees were cut by their
// budget already, they are cut further, by what the page is still over.
import { beforeAll, describe, expect, it } from 'vitest';
import { fitOperationPage, OPERATION_PAGE_CHARS, type PageFit } from '../../../src/components/api/operation/page-fit.js';
import { SCHEMA_BUDGET } from '../../../src/components/api/schema/plan-schema-view.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { buildSite, type BuildSiteResult } from '../../../src/render/build-site.js';
import { boundsApiDocument } from '../../helpers/bounds-api.js';
import { outputText, tempProject } from '../../helpers/fixtures.js';

describe('fitOperationPage', () => {
  /**
   * A page of `fixed` characters besides its tag's list (`list`, unless shared) and its trees (what the
   * budget lets them draw of `trees` estimated characters, `perChar` characters of markup each).
   */
  const drawer = (fixed: number, list: number, trees: number, cut: boolean, perChar = 1) => {
    const fits: PageFit[] = [];
    const render = (fit: PageFit): string => {
      fits.push({ ownTagShared: fit.ownTagShared, trees: { ...fit.trees } });
      const drawn = cut ? Math.min(trees, fit.trees.chars) : trees;
      Object.assign(fit.trees, { drawn, cut });
      return 'x'.repeat(fixed + (fit.ownTagShared ? 0 : list) + drawn * perChar);
    };
    return { render, fits };
  };

  it('draws a page under the budget once, as planned', () => {
    const { render, fits } = drawer(40_000, 30_000, 20_000, false);
    expect(fitOperationPage(render, () => 30_000)).toHaveLength(90_000);
    expect(fits).toEqual([{ ownTagShared: false, trees: { chars: SCHEMA_BUDGET.chars, drawn: 0, cut: false } }]);
  });

  it("leaves the tag's operations to the shared file first, and only that when it is enough", () => {
    const { render, fits } = drawer(40_000, 30_000, 50_000, true);
    expect(fitOperationPage(render, () => 30_000)).toHaveLength(90_000);
    expect(fits.map((f) => [f.ownTagShared, f.trees.chars])).toEqual([
      [false, SCHEMA_BUDGET.chars],
      [true, SCHEMA_BUDGET.chars],
    ]);
  });

  it('cuts trees the budget cut already, in the same drawing, by what the page is still over', () => {
    const { render, fits } = drawer(60_000, 30_000, 56_000, true);
    const html = fitOperationPage(render, () => 30_000);
    // 146,000 characters: 29,000 from the list (less the page's own row, the slack), 17,000 (and the slack) from the trees.
    expect(fits.map((f) => [f.ownTagShared, f.trees.chars])).toEqual([
      [false, 56_000],
      [true, 56_000 - 18_000],
    ]);
    expect(html.length).toBeLessThanOrEqual(OPERATION_PAGE_CHARS);
  });

  it('cuts the trees at once where the tag cannot be left to a shared file', () => {
    const { render, fits } = drawer(60_000, 10_000, 56_000, true);
    expect(fitOperationPage(render, () => 0).length).toBeLessThanOrEqual(OPERATION_PAGE_CHARS);
    expect(fits.map((f) => [f.ownTagShared, f.trees.chars])).toEqual([
      [false, 56_000],
      [false, 56_000 - 27_000],
    ]);
  });

  it('learns from a cut how much page a character of the budget makes', () => {
    const { render, fits } = drawer(90_000, 0, 56_000, true, 0.5);
    expect(fitOperationPage(render, () => 0).length).toBeLessThanOrEqual(OPERATION_PAGE_CHARS);
    // 118,000 characters; cut by 19,000 of budget, it is 108,500: half a character each, so the next cut is 19,000 for 9,500.
    expect(fits.map((f) => f.trees.chars)).toEqual([56_000, 37_000, 18_000]);
  });

  it('keeps trees drawn whole, however large the page, and the sidebar unless that alone brings it under', () => {
    const over = drawer(60_000, 10_000, 50_000, false);
    expect(fitOperationPage(over.render, () => 10_000)).toHaveLength(120_000);
    expect(over.fits).toHaveLength(1);
    const under = drawer(55_000, 10_000, 40_000, false);
    expect(fitOperationPage(under.render, () => 10_000)).toHaveLength(95_000);
    expect(under.fits.map((f) => [f.ownTagShared, f.trees.chars])).toEqual([
      [false, SCHEMA_BUDGET.chars],
      [true, SCHEMA_BUDGET.chars],
    ]);
  });

  it('stops once its trees are cut to their roots, however over the page still is', () => {
    // A page of 90,000 characters besides its list and trees, whose trees always draw 40,000.
    const fits: number[] = [];
    const render = (fit: PageFit): string => {
      fits.push(fit.trees.chars);
      Object.assign(fit.trees, { drawn: 40_000, cut: true });
      return 'x'.repeat(90_000 + (fit.ownTagShared ? 0 : 10_000) + 40_000);
    };
    expect(fitOperationPage(render, () => 10_000)).toHaveLength(130_000);
    // 140,000 characters: the list saves 9,000, the trees are asked for 32,000 of their 40,000 (with the slack), then for all.
    expect(fits).toEqual([56_000, 8_000, 0]);
  });

  it('draws a page at most six times', () => {
    // Trees whose markup is a twentieth of their estimate: each cut saves little.
    const { render, fits } = drawer(99_000, 0, 56_000, true, 0.05);
    expect(fitOperationPage(render, () => 0).length).toBeGreaterThan(OPERATION_PAGE_CHARS);
    expect(fits).toHaveLength(6);
  });
});

/** A description of 17 KB (the model keeps 20,000 characters of one). */
const DESCRIPTION = 'What the wide resource holds, said at length, as some documents do. '.repeat(250);

/** The markup of a page's schema trees (as many `<div` open as close in each). */
function treesOf(html: string): string {
  let out = '';
  for (let at = html.indexOf('<div class="sc-tree"'); at >= 0; at = html.indexOf('<div class="sc-tree"', at + 1)) {
    const re = /<div\b|<\/div>/g;
    re.lastIndex = at;
    for (let m = re.exec(html), depth = 0; m; m = re.exec(html)) {
      depth += m[0] === '</div>' ? -1 : 1;
      if (!depth) {
        out += html.slice(at, re.lastIndex);
        break;
      }
    }
  }
  return out;
}

describe('an operation page of a large API, past the byte budget', () => {
  let result: BuildSiteResult;
  beforeAll(async () => {
    // The bounds API's GET /wide (a response no page can draw whole, and a long description), tagged
    // with 150 more operations, and 80 more tags: an API whose sidebar has shared files (over 200 entries).
    const doc = boundsApiDocument(3) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    for (const op of Object.values(doc.paths)) for (const o of Object.values(op)) o.tags = ['Resources'];
    Object.assign(doc.paths['/wide']!.get!, {
      description: DESCRIPTION,
      parameters: ['fields'].map((name) => ({ name, in: 'query', description: DESCRIPTION, schema: { type: 'string' } })),
    });
    for (let i = 0; i < 150; i++)
      doc.paths[`/resources/${i}/navigation-property`] = {
        get: { tags: ['Resources'], summary: `Get the navigation property of resource ${i}`, responses: { 200: { description: 'OK' } } },
      };
    for (let t = 0; t < 80; t++)
      doc.paths[`/groups-${t}/items`] = { get: { tags: [`Group ${t}`], summary: `List the items of group ${t}`, responses: { 200: { description: 'OK' } } } };
    const root = tempProject({ 'openapi/openapi.json': JSON.stringify(doc) });
    const { config } = await loadConfig(root);
    result = await buildSite({ root, config: config! });
  }, 60_000);

  const sidebarOf = (html: string): string => html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));

  it("is drawn within the budget: its tag's operations in the shared file and its trees cut further", () => {
    const page = outputText(result.files, 'api/wide/index.html');
    expect(page.length).toBeLessThanOrEqual(OPERATION_PAGE_CHARS);
    const side = sidebarOf(page);
    expect(side).toMatch(/<div id="api-sidebar-tag-resources" data-sidebar-lazy="[^"]*">/);
    expect(side.match(/class="menu__link api-op/g)).toHaveLength(1);
    expect(side).toContain('href="/api/wide" aria-current="page"');
    // Its whole description, and trees cut further than the budget alone cuts them (over 0.6 of it:
    // schema-bounds.test.tsx), each cut said by a count; the small error body after them still whole.
    expect(page.split(DESCRIPTION.trim()).length - 1).toBe(2);
    expect(treesOf(page).length).toBeLessThan(0.6 * SCHEMA_BUDGET.chars);
    expect(page).toContain('more properties not shown');
    const error = page.slice(page.indexOf('api-response--4xx'));
    expect(error).toContain('<code class="sc-n">message</code>');
    // Every in-page link lands.
    const ids = new Set([...page.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
    expect([...page.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("leaves a page under the budget as it was: its tag's operations in the page", () => {
    const page = outputText(result.files, 'api/resources-7-navigation-property/index.html');
    const side = sidebarOf(page);
    expect(side).not.toContain('data-sidebar-lazy');
    expect(side.match(/class="menu__link api-op/g)).toHaveLength(152);
  });
});
