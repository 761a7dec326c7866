import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, tempDir } from '../helpers/fixtures.js';

// The default site's API history (site.config.ts: 1.3.0 from versioned_api/version-1.3/openapi/shipping.yaml, 1.4.0 the
// current document): the changelog page, the badges, the feeds, the twin and llms.txt.

describe("the default site's API changelog", () => {
  const out = join(tempDir('shipdocs-changelog-'), 'dist');
  let build: SpawnSyncReturns<string>;
  const read = (path: string): string => readFileSync(join(out, path), 'utf8');
  beforeAll(() => {
    build = spawnSync(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'build', '--out', out], {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
  }, 120_000);

  it("lists 1.4.0's changes by tag and operation, linked to their pages, the breaking one labelled in words", () => {
    expect(build.status, build.stderr).toBe(0);
    const html = read('api/changelog/index.html');
    const v14 = html.slice(html.indexOf('id="release-1-4-0"'), html.indexOf('id="release-1-3-0"'));
    expect(v14).toMatch(/<time class="api-release__date" dateTime="2026-06-02">2026-06-02<\/time>/);
    // Each added ShipHero orders operation under its tag, linked to its page and marked added.
    for (const [href, title] of [
      ['/api/shiphero-orders', 'List ShipHero orders'],
      ['/api/shiphero-orders-order-id', 'Get a ShipHero order'],
      ['/api/shiphero-orders-search', 'Search ShipHero orders'],
      ['/api/client-webhook', 'Register a webhook'],
    ])
      expect(v14).toMatch(new RegExp(`<a href="${href}">.*?${title}</a><span class="api-change-status api-change-status--added">`));
    // The breaking change: its kind in words ("Breaking" / "Incompatible"), not colour alone.
    expect(v14).toMatch(
      /<span class="api-change__kind api-change__kind--breaking"><span lang="es" data-l="es">Incompatible<\/span><span lang="en" data-l="en">Breaking<\/span><\/span> <span class="api-change__message"><code>couriers<\/code> is now required in the body of POST \/courier\/shiphero\.<\/span>/,
    );
    expect(v14).toContain('api-change__kind--deprecation');
    expect(v14).toContain('api-change__kind--documentation-only');
    expect(v14).toContain('<code>label_format</code>');
    // The oldest release has nothing to compare with.
    expect(html.slice(html.indexOf('id="release-1-3-0"'))).toContain('The first release in the history');
    // Linked from the overview and from the sidebar of every API page.
    expect(read('api/index.html')).toContain('<a class="api-pill api-pill--link" href="/api/changelog">');
    expect(read('api/quoter/index.html')).toMatch(/<a class="menu__link api-sidebar__changelog" href="\/api\/changelog">/);
  });

  it('badges: "New in 1.4.0" on an added operation and in the sidebar; "Changed in" with its changes; "Deprecated since"', () => {
    const added = read('api/shiphero-orders/index.html');
    expect(added).toContain(
      '<p class="api-release-note"><a class="api-badge api-badge--new" href="/api/changelog#release-1-4-0"><span><span lang="es" data-l="es">Nuevo en</span><span lang="en" data-l="en">New in</span> 1.4.0</span></a></p>',
    );
    // In the sidebar of any API page, with its name: "New in 1.4.0".
    const sidebar = read('api/states/index.html');
    expect(sidebar).toMatch(
      /href="\/api\/shiphero-orders">.*?List ShipHero orders<span class="api-op-badge api-op-badge--new"><span aria-hidden="true">.*?New<\/span><\/span><span class="sr-only"> <span lang="es" data-l="es">Nuevo en<\/span><span lang="en" data-l="en">New in<\/span> 1\.4\.0<\/span><\/span><\/a>/,
    );
    const changed = read('api/courier-shiphero/index.html');
    expect(changed).toMatch(
      /<details class="api-release-note"><summary><span class="api-badge api-badge--changed"><span>.*?Changed in<\/span> 1\.4\.0<\/span><\/span><\/summary>/,
    );
    expect(changed).toMatch(/<details class="api-release-note">.*?couriers<\/code> is now required.*?<\/details>/s);
    expect(read('api/available/index.html')).toMatch(/<span class="api-badge api-badge--deprecated"><span>.*?Deprecated since<\/span> 1\.4\.0<\/span><\/span>/);
    // An operation 1.4.0 left alone has no badge.
    expect(read('api/quoter/index.html')).not.toContain('api-release-note');
  });

  it('feeds of the changes beside the page, its Markdown twin and a line of llms.txt', () => {
    const atom = read('api/changelog/atom.xml');
    expect(atom).toContain('<link rel="self" href="https://docs.rutapack.example/api/changelog/atom.xml"/>');
    expect(atom).toMatch(
      /<entry><title type="html">Rutapack Shipping API 1\.4\.0<\/title><id>https:\/\/docs\.rutapack\.example\/api\/changelog#release-1-4-0<\/id>/,
    );
    expect(atom).toContain('<updated>2026-06-02T00:00:00.000Z</updated>');
    expect(atom).toContain('<strong>Breaking</strong>: <code>couriers</code> is now required');
    expect(atom.match(/<entry>/g)).toHaveLength(1);
    const rss = read('api/changelog/rss.xml');
    expect(rss).toContain('<pubDate>Tue, 02 Jun 2026 00:00:00 GMT</pubDate>');
    expect(read('api/changelog/index.html')).toContain('<a href="/api/changelog/rss.xml">RSS</a>');
    // Every API page names the feeds in its head (feed readers find them there), and the changelog its twin.
    for (const page of ['api/index.html', 'api/quoter/index.html', 'api/changelog/index.html']) {
      expect(read(page), page).toContain('<link rel="alternate" type="application/rss+xml" href="/api/changelog/rss.xml"');
      expect(read(page), page).toContain('<link rel="alternate" type="application/atom+xml" href="/api/changelog/atom.xml"');
    }
    expect(read('api/changelog/index.html')).toContain('<link rel="alternate" type="text/markdown" href="/api/changelog.md"/>');

    const twin = read('api/changelog.md');
    expect(twin).toMatch(/^# Rutapack Shipping API: changelog\n/);
    expect(twin).toContain('## 1.4.0 (2026-06-02)\n\nCompared with 1.3.0: 1 breaking, 1 deprecation, 7 non-breaking, 7 documentation only.');
    expect(twin).toContain('#### [List ShipHero orders](https://docs.rutapack.example/api/shiphero-orders) (`GET /shiphero/orders`) (added)');
    expect(twin).toContain('- **Breaking**: `couriers` is now required in the body of POST /courier/shiphero.');
    // Whole-API changes name the webhook and the tag; long descriptions are not quoted; examples document.
    expect(twin).toContain('- **Non-breaking**: The webhook `shipmentStatusChanged` was added.');
    expect(twin).toContain('- **Documentation only**: The tag `Webhooks` was added.');
    expect(twin).toContain('- **Documentation only**: The description of GET /tracking/{id} changed.\n');
    expect(twin).toContain('- **Documentation only**: The example `zplLabel` was added to the 200 response of GET /shipment/{id}.');
    expect(twin).not.toMatch(/`tags\.|`webhooks`|`"/);
    const llms = read('llms.txt');
    const api = llms.slice(llms.indexOf('## API'));
    expect(api).toContain(
      '- [Rutapack Shipping API: changelog](https://docs.rutapack.example/api/changelog.md): What changed in each release of the Rutapack Shipping API, newest first.',
    );
  });
});
