import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, tempDir } from '../helpers/fixtures.js';

const SITE_CHECK = join(REPO, '../shared/checks/site-check.mjs');

/** The routes of the product spec (section 2 and DECISIONS.md §3). */
const SPEC_ROUTES = [
  '/',
  '/404.html',
  '/blog',
  '/blog/archive',
  '/blog/authors',
  '/blog/tags',
  '/blog/tags/docusaurus',
  '/blog/tags/facebook',
  '/blog/tags/hello',
  '/blog/tags/hola',
  '/blog/first-blog-post',
  '/blog/long-blog-post',
  '/blog/mdx-blog-post',
  '/blog/welcome',
  '/markdown-page',
  '/test-md',
  '/docs',
  '/docs/intro',
  '/docs/category/tutorial---basics',
  '/docs/category/tutorial---extras',
  '/docs/tutorial-basics/congratulations',
  '/docs/tutorial-basics/create-a-blog-post',
  '/docs/tutorial-basics/create-a-document',
  '/docs/tutorial-basics/create-a-page',
  '/docs/tutorial-basics/deploy-your-site',
  '/docs/tutorial-basics/markdown-features',
  '/docs/tutorial-extras/manage-docs-versions',
  '/docs/tutorial-extras/translate-your-site',
  '/api',
  '/api/addresses',
  '/api/addresses-1',
  '/api/addresses-id',
  '/api/addresses-id-1',
  '/api/addresses-id-2',
  '/api/auth-client',
  '/api/auth-user-info',
  '/api/available',
  '/api/client-webhook',
  '/api/courier-available',
  '/api/courier-shiphero',
  '/api/quoter',
  '/api/shiphero-orders',
  '/api/shiphero-orders-order-id',
  '/api/shiphero-orders-search',
  '/api/shiphero-products',
  '/api/shipment',
  '/api/shipment-id',
  '/api/states',
  '/api/tracking-id',
];

describe('the embedded default site', () => {
  // One build, read by every test of the file.
  const out = join(tempDir('shipdocs-default-'), 'dist');
  let build: SpawnSyncReturns<string>;
  beforeAll(() => {
    build = spawnSync(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'build', '--out', out, '--json'], {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 32 * 1024 * 1024,
    });
  }, 120_000);

  it('builds with `shipdocs build` and passes the acceptance check of every spec route, link and anchor', () => {
    expect(build.status, build.stderr).toBe(0);
    const result = JSON.parse(build.stdout) as { ok: boolean; warnings: number; errors: number };
    expect(result).toMatchObject({ ok: true, errors: 0, warnings: 0 });

    // Every route of the product spec is a page of the output.
    for (const route of SPEC_ROUTES) {
      const file = route.endsWith('.html') ? route.slice(1) : join(route.slice(1), 'index.html');
      expect(existsSync(join(out, file)), route).toBe(true);
    }
    // The workplace's acceptance check (routes, every internal link and anchor), beside a checkout.
    if (existsSync(SITE_CHECK)) {
      const check = spawnSync(process.execPath, [SITE_CHECK, out], { encoding: 'utf8' });
      expect(check.stdout.split('\n').filter((l) => l.startsWith('FAIL'))).toEqual([]);
      expect(check.stdout).toMatch(/\n\d+ passed, 0 failed\n$/);
      expect(check.status).toBe(0);
    }

    for (const file of [
      'sitemap.xml',
      'robots.txt',
      '404.html',
      '_headers',
      'js/earlyResizeObserverSuppress.js',
      'blog/rss.xml',
      'blog/atom.xml',
      'files/terminos-y-condiciones.pdf',
    ]) {
      expect(existsSync(join(out, file)), file).toBe(true);
    }
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    expect(home).toContain('Get Ship Done');
    expect(home).toContain('<title>Rutapack Docs | Get Ship Done</title>');
  });

  it('builds the unlisted markdown test page with noindex, and lists it nowhere', () => {
    const html = readFileSync(join(out, 'test-md/index.html'), 'utf8');
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<meta name="robots" content="noindex"/>');
    expect(existsSync(join(out, 'test-md.md'))).toBe(false);
    for (const file of ['sitemap.xml', 'llms.txt', 'search-index.json']) expect(readFileSync(join(out, file), 'utf8'), file).not.toContain('/test-md');
    expect(readFileSync(join(out, 'llms-full.txt'), 'utf8')).not.toContain('# Markdown test page');
    // Other pages still link to it.
    expect(readFileSync(join(out, 'markdown-page/index.html'), 'utf8')).toContain('href="/test-md"');
  });

  it('searches the pages llms.txt lists (but the changelog), the pages without Markdown and the webhooks: both read the site outline', () => {
    const asset = JSON.parse(readFileSync(join(out, 'search-index.json'), 'utf8')) as { index: { storedFields: Record<string, { u: string }> } };
    const searched = Object.values(asset.index.storedFields).map((s) => s.u);
    const listed = [...readFileSync(join(out, 'llms.txt'), 'utf8').matchAll(/^- \[[^\]]*\]\(https?:\/\/[^/]+(\/[^)]*)\)/gm)].map((m) =>
      m[1]!.replace(/\.md$/, ''),
    );
    // The pages without Markdown: the home page and the docs' category indexes.
    const rendered = ['/', '/docs', '/docs/category/reference', '/docs/category/tutorial---basics', '/docs/category/tutorial---extras'];
    expect(listed.length).toBeGreaterThan(30);
    expect(searched.filter((u) => !u.includes('#')).sort()).toEqual([...listed.filter((u) => u !== '/api/changelog'), ...rendered].sort());
    expect(searched.filter((u) => u.includes('#')).length).toBeGreaterThan(0);
    for (const u of searched.filter((u) => u.includes('#'))) expect(u).toMatch(/^\/api#/);
  });

  it('has the footer the spec lists, every external link in a new tab with rel=noopener', () => {
    const html = readFileSync(join(out, 'docs/intro/index.html'), 'utf8');
    const footer = html.slice(html.indexOf('<footer class="footer'));
    const links = [...footer.matchAll(/<a class="footer__link" href="([^"]*)"([^>]*)>[\s\S]*?<span>([^<]*)<\/span>/g)].map((m) => ({
      href: m[1]!.replace(/&amp;/g, '&'),
      attrs: m[2]!,
      label: m[3]!,
    }));
    const byLabel = new Map(links.map((l) => [l.label, l]));
    const contact = byLabel.get('Contact us')!;
    expect(contact.href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(contact.href.split('text=')[1]!)).toMatch(/^Hola, .*plataforma/);
    for (const label of ['Facebook', 'Instagram', 'TikTok', 'LinkedIn', 'More about Rutapack', 'Stack Overflow', 'Discord', 'X', 'GitHub']) {
      expect(byLabel.get(label)?.attrs, label).toContain('target="_blank" rel="noopener noreferrer"');
    }
    expect(byLabel.get('Terms of service')!.href).toBe('/files/terminos-y-condiciones.pdf');
    expect(byLabel.get('Terms of service')!.attrs).toContain('target="_blank"');
    expect(byLabel.get('Privacy Policy')!.href).toBe('#');
    expect(byLabel.get('Blog')!.href).toBe('/blog');
    expect(footer).toContain('Copyright © 2025');
  });
});
