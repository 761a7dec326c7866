// A large sidebar in Chromium: a closed category's entries load when it is opened (once per
// sidebar file), its links navigate, it stays open across client navigation, and without the
// file the category's own page is opened instead.
import { describe, expect, it } from 'vitest';
import { failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';
import { largeSidebarSite } from '../helpers/large-sidebar.js';

const site = useBuiltSite(() => largeSidebarSite());
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
const expectProblems = failOnPageProblems(pages);

const caret = (n: number): string => `#doc-sidebar button[aria-controls="sidebar-${n - 1}"]`;

describe('a large sidebar in the browser', () => {
  it('loads a closed category when it is opened, once for the whole sidebar, and its links work', async () => {
    const page = await pages.open('/docs/cat-2/page-1');
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/sidebar/')) fetched.push(r.url());
    });
    expect(await page.locator('#sidebar-6 a').count()).toBe(0);
    await page.click(caret(7));
    await page.locator('#sidebar-6 a[href="/docs/cat-7/page-20"]').waitFor();
    expect(await page.locator(caret(7)).getAttribute('aria-expanded')).toBe('true');
    await page.click(caret(9));
    await page.locator('#sidebar-8 a[href="/docs/cat-9/page-1"]').waitFor();
    expect(fetched).toHaveLength(1);
    // A link loaded this way navigates client-side like any other, and the category stays open.
    await page.click('#sidebar-6 a[href="/docs/cat-7/page-3"]');
    await page.waitForURL('**/docs/cat-7/page-3');
    await page.locator('#doc-sidebar .menu__link--active[href="/docs/cat-7/page-3"]').waitFor();
    expect(await page.locator(caret(9)).getAttribute('aria-expanded')).toBe('true');
    await page.locator('#sidebar-8 a[href="/docs/cat-9/page-1"]').waitFor();
  });

  it("opens the category's own page when its entries cannot be loaded", async () => {
    expectProblems(/./);
    const page = await pages.open('/docs/cat-2/page-1', { before: (ctx) => ctx.route('**/assets/sidebar/**', (r) => r.abort()) });
    await page.click(caret(4));
    await page.waitForURL('**/docs/category/category-4');
  });
});
