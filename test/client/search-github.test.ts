import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import MiniSearch from 'minisearch';
import { planApiRoutes } from '../../src/openapi/plan-api-routes.js';
import { searchDocuments } from '../../src/render/search/search-documents.js';
import { searchIndexAsset } from '../../src/render/search/build-search-index.js';
import { runSearch } from '../../src/client/search/query.js';
import { githubApi } from '../helpers/github-api.js';

// The budget of issue 5: on GitHub's REST API reference (1,200+ operations), the search index
// transferred on the first search stays at or under 1.5 MB gzipped.
const BUDGET_GZIP_BYTES = 1.5 * 1024 * 1024;

describe("GitHub's REST API (api.github.com.json)", () => {
  it('indexes every operation within the 1.5 MB gzipped budget, and finds them by path', async () => {
    const { model, file } = await githubApi();
    const api = { routes: planApiRoutes(model, file) };
    const operations = api.routes.filter((r) => r.data.kind === 'api' && r.data.page.kind === 'operation');
    expect(operations.length).toBeGreaterThan(1200);

    // Operation entries come from the page data, not from the (large) rendered pages.
    const docs = searchDocuments(
      api.routes.map((route) => ({ route })),
      { url: (p) => p, crumbs: () => [] },
    );
    const json = JSON.stringify(searchIndexAsset(docs));
    const gzipped = gzipSync(json).length;
    console.log(`GitHub search index: ${docs.length} entries, ${(json.length / 1024).toFixed(0)} KB, ${(gzipped / 1024).toFixed(0)} KB gzipped`);
    expect(gzipped).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);

    const asset = JSON.parse(json) as { fields: string[]; storeFields: string[]; index: never };
    const index = MiniSearch.loadJS(asset.index, { fields: asset.fields, storeFields: asset.storeFields });
    expect(runSearch(index, 'GET /repos/{owner}/{repo}/pulls')[0]).toMatchObject({ method: 'get', path: '/repos/{owner}/{repo}/pulls' });
    expect(runSearch(index, 'POST /repos/{owner}/{repo}/issues')[0]).toMatchObject({ method: 'post', path: '/repos/{owner}/{repo}/issues' });
    expect(
      runSearch(index, '/user/repos')
        .slice(0, 2)
        .map((h) => h.path),
    ).toContain('/user/repos');
  }, 120_000);
});
