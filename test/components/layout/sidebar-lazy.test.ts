// Large sidebars: pages carry their open categories only; the entries of closed ones are in one
// shared file of <template>s, which the client fetches when a reader opens such a category.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.js';
import { buildSite, type BuildSiteResult } from '../../../src/render/build-site.js';
import { outputText, tempProject } from '../../helpers/fixtures.js';
import { largeSidebarSite } from '../../helpers/large-sidebar.js';

let result: BuildSiteResult;
beforeAll(async () => {
  const root = largeSidebarSite();
  const { config } = await loadConfig(root);
  result = await buildSite({ root, config: config! });
});

describe('a large sidebar', () => {
  it('leaves the entries of closed categories out of the pages, and puts them in one file', () => {
    const page = outputText(result.files, 'docs/cat-5/page-3/index.html');
    const src = /data-sidebar-src="([^"]+)"/.exec(page)?.[1];
    expect(src).toMatch(/^\/assets\/sidebar\/[0-9a-f]{10}\.html$/);
    // Open: its own category (holding the page) and the first (not collapsed).
    expect(page).toContain('href="/docs/cat-5/page-20"');
    expect(page).toContain('href="/docs/cat-1/page-20"');
    // Closed: only the category's own link, and an empty list to fill.
    expect(page).not.toContain('href="/docs/cat-7/page-1"');
    expect(page).toContain('href="/docs/category/category-7"');
    expect(page).toMatch(/<div id="sidebar-6" data-sidebar-lazy=""><\/div>/);
    const fragment = outputText(result.files, src!.slice(1));
    expect(fragment).toContain('<template data-list="sidebar-6"><ul class="menu__list menu__list--level-2">');
    expect(fragment).toContain('href="/docs/cat-7/page-1"');
    expect(fragment).not.toContain('menu__link--active');
    const sidebar = page.slice(page.indexOf('<aside'), page.indexOf('</aside>'));
    expect(sidebar.length).toBeLessThan(fragment.length);
  });

  it('marks the current page in the shared markup of its category', () => {
    const page = outputText(result.files, 'docs/cat-5/page-3/index.html');
    const sidebar = page.slice(page.indexOf('<aside'), page.indexOf('</aside>'));
    expect(sidebar.match(/aria-current="page"/g)?.length).toBe(1);
    expect(page).toContain('<a class="menu__link menu__link--active" href="/docs/cat-5/page-3" aria-current="page">');
    const other = outputText(result.files, 'docs/cat-5/page-4/index.html');
    expect(other).toContain('<a class="menu__link menu__link--active" href="/docs/cat-5/page-4" aria-current="page">');
    expect(other).toContain('<a class="menu__link" href="/docs/cat-5/page-3">');
  });

  it('keeps a small sidebar whole in every page (no file to fetch)', async () => {
    const root = tempProject({
      'content/docs/a/_category_.json': '{"label":"A","collapsed":true}',
      'content/docs/a/x.md': '# X\n',
      'content/docs/b.md': '# B\n',
    });
    const { config } = await loadConfig(root);
    const small = await buildSite({ root, config: config! });
    const page = outputText(small.files, 'docs/b/index.html');
    expect(page).not.toContain('data-sidebar-src');
    expect(page).toContain('href="/docs/a/x"');
  });
});
