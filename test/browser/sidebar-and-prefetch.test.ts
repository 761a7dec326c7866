// Client navigation details in Chromium, on the default site built by the real CLI: the sidebar's
// scroll position and open categories across page swaps, prefetching on keyboard focus and not
// while offline, and search when its code or its index cannot be loaded.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;
declare const document: any;
declare const navigator: any;

const site = useBuiltSite();
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
const expectProblems = failOnPageProblems(pages);

const sidebarTop = (page: Page): Promise<number> => page.locator('#doc-sidebar').evaluate((e: any) => e.scrollTop);
/** Whether the sidebar's active link is on screen: inside the sidebar's box and the viewport. */
const activeInView = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const box = document.querySelector('#doc-sidebar').getBoundingClientRect();
    const link = document.querySelector('#doc-sidebar .menu__link--active').getBoundingClientRect();
    return link.top >= Math.max(box.top, 0) && link.bottom <= Math.min(box.bottom, window.innerHeight);
  });
const marker = (page: Page): Promise<number | undefined> => page.evaluate(() => window.__marker);

/** A real click where the element is (page.click would first scroll it into view). */
async function clickInPlace(page: Page, selector: string): Promise<void> {
  const box = (await page.locator(selector).boundingBox())!;
  await page.mouse.click(box.x + Math.min(40, box.width / 2), box.y + box.height / 2);
}

describe('the sidebar across client navigation', () => {
  it('keeps its scroll position and the reader’s open and closed groups when the next page has the same sidebar', async () => {
    const page = await pages.open('/api/quoter', { viewport: { width: 1280, height: 600 } });
    await page.evaluate(() => (window.__marker = 1));
    // The page's own group is open, the others closed; the reader opens every group but the
    // page's own, which they close, and scrolls the sidebar down.
    const carets = page.locator('#doc-sidebar [data-sidebar-caret]');
    expect(await page.locator('#doc-sidebar [data-sidebar-caret][aria-expanded="true"]').count()).toBe(1);
    for (const caret of await carets.all()) await caret.click();
    const quoter = page.locator('#doc-sidebar .menu__category:has(a[href="/api/quoter"]) [data-sidebar-caret]');
    expect(await quoter.getAttribute('aria-expanded')).toBe('false');
    // Scrolled so the link followed next is well inside the sidebar (no scrolling needed to show it).
    await page.locator('#doc-sidebar').evaluate((e: any) => {
      const link = e.querySelector('a[href="/api/client-webhook"]');
      e.scrollTop = link.getBoundingClientRect().top - e.getBoundingClientRect().top + e.scrollTop - e.clientHeight / 2;
    });
    const before = await sidebarTop(page);
    expect(before).toBeGreaterThan(100);

    await clickInPlace(page, '#doc-sidebar a[href="/api/client-webhook"]');
    await expect.poll(() => page.locator('#doc-sidebar .menu__link--active').getAttribute('href')).toBe('/api/client-webhook');
    expect(new URL(page.url()).pathname).toBe('/api/client-webhook');
    expect(await marker(page)).toBe(1);
    expect(await sidebarTop(page)).toBe(before);
    expect(await activeInView(page)).toBe(true);
    expect(await page.locator('#doc-sidebar .menu__category:has(a[href="/api/quoter"]) [data-sidebar-caret]').getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#doc-sidebar a[href="/api/quoter"]').isVisible()).toBe(false);
    expect(await page.locator('#doc-sidebar a[href="/api/addresses"]').isVisible()).toBe(true);

    // Back: the page's own group opens again, and its link is brought into view.
    await page.goBack();
    await expect.poll(() => page.locator('#doc-sidebar .menu__link--active').getAttribute('href')).toBe('/api/quoter');
    expect(await quoter.getAttribute('aria-expanded')).toBe('true');
    expect(await activeInView(page)).toBe(true);
    expect(await page.locator('#doc-sidebar a[href="/api/addresses"]').isVisible()).toBe(true);
    expect(await marker(page)).toBe(1);
  });

  it('brings the active link into view when it is off-screen after the swap', async () => {
    const page = await pages.open('/api', { viewport: { width: 1280, height: 600 } });
    await page.evaluate(() => (window.__marker = 2));
    // The reader opens every group: the sidebar grows long.
    for (const caret of await page.locator('#doc-sidebar [data-sidebar-caret]').all()) await caret.click();
    await page.locator('#doc-sidebar').evaluate((e: any) => (e.scrollTop = 0));
    // A link in the content to an operation far down the sidebar.
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/api/tracking-id';
      a.id = 'to-tracking';
      a.textContent = 'Tracking';
      document.querySelector('main h1').after(a);
    });
    await page.click('#to-tracking');
    await expect.poll(() => page.locator('#doc-sidebar .menu__link--active').getAttribute('href')).toBe('/api/tracking-id');
    expect(await marker(page)).toBe(2);
    expect(await sidebarTop(page)).toBeGreaterThan(0);
    expect(await activeInView(page)).toBe(true);
    // Only the sidebar scrolled: the page is at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Another sidebar altogether (the docs): its active link is in view too.
    await page.click('nav.navbar a.navbar__link[href="/docs/intro"]');
    await expect.poll(() => page.title()).toBe('Introduction | Rutapack Docs');
    expect(await activeInView(page)).toBe(true);
  });

  it('shows the active link of a page loaded in full, even far down the sidebar', async () => {
    const page = await pages.open('/api/tracking-id', { viewport: { width: 1024, height: 360 } });
    expect(await sidebarTop(page)).toBeGreaterThan(0);
    expect(await activeInView(page)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe('prefetching', () => {
  /** A link added after load (so not watched for visibility) to a page no visible link has. */
  const addLink = (page: Page, href: string): Promise<void> =>
    page.evaluate((h) => {
      const a = document.createElement('a');
      a.href = h;
      a.id = 'late-link';
      a.textContent = 'Late link';
      document.querySelector('main h1').after(a);
    }, href);

  it('prefetches a link when it gets keyboard focus', async () => {
    const fetched = new Set<string>();
    const page = await pages.open('/docs/intro', {
      before: async (ctx) => ctx.on('request', (r) => r.resourceType() === 'fetch' && fetched.add(new URL(r.url()).pathname)),
    });
    await addLink(page, '/test-md');
    await page.waitForTimeout(300);
    expect(fetched.has('/test-md')).toBe(false);
    await page.focus('#late-link');
    await expect.poll(() => fetched.has('/test-md')).toBe(true);
  });

  it('does not prefetch while offline, and does again when back online', async () => {
    const fetched: string[] = [];
    const page = await pages.open('/docs/intro', {
      before: async (ctx) => ctx.on('request', (r) => r.resourceType() === 'fetch' && fetched.push(new URL(r.url()).pathname)),
    });
    await page.waitForLoadState('networkidle');
    await page.context().setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await addLink(page, '/markdown-page');
    await page.hover('#late-link');
    await page.focus('#late-link');
    await page.waitForTimeout(500);
    expect(fetched.filter((p) => p === '/markdown-page')).toEqual([]);
    await page.context().setOffline(false);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
    await page.mouse.move(0, 0);
    await page.hover('#late-link');
    await expect.poll(() => fetched.includes('/markdown-page')).toBe(true);
  });
});

describe('search that cannot load', () => {
  it("shows the error and 'Retry' when its code fails to load; Retry loads it", async () => {
    // The chunk's own URL fails for good (a browser may also keep a failed module URL failed):
    // only an import under a fresh URL can load it.
    const page = await pages.open('/docs/intro', {
      before: (ctx) =>
        ctx.route(
          (url) => /\/assets\/js\/chunks\/search-ui-\w+\.js$/.test(url.pathname) && !url.search,
          (route) => route.abort('connectionrefused'),
        ),
    });
    await page.evaluate(() => (window.__marker = 1));
    await page.keyboard.press('Control+k');
    const error = page.locator('[data-search-error]');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.getAttribute('class')).toContain('search-panel');
    expect(await error.locator('[role="alert"]').innerText()).toContain('This part of the page could not be loaded.');
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => error.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-search-input'))).toBe(true);
    await page.keyboard.type('quoter');
    await expect.poll(() => page.locator('.search-result').first().getAttribute('href')).toBe('/api/quoter');
    // Loaded in this page, not by reloading it.
    expect(await marker(page)).toBe(1);
    expectProblems(/Failed to fetch dynamically imported module|search-ui-/);
  });

  it("shows the error and 'Retry' when the index fails to load; Retry fetches it again", async () => {
    let fail = true;
    let requests = 0;
    const page = await pages.open('/docs/intro', {
      before: (ctx) =>
        ctx.route('**/search-index.json', (route) => {
          requests++;
          return fail ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue();
        }),
    });
    await page.keyboard.press('Control+k');
    await page.keyboard.type('quoter');
    const status = page.locator('.search-panel__status');
    await expect.poll(() => status.innerText()).toContain('The search index could not be loaded.');
    // Not fetched again and again meanwhile.
    await page.waitForTimeout(400);
    expect(requests).toBe(1);
    fail = false;
    await page.locator('.search-panel__retry').click();
    await expect.poll(() => page.locator('.search-result').first().getAttribute('href')).toBe('/api/quoter');
    // Focus stayed in the box.
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-search-input'))).toBe(true);
  });
});
