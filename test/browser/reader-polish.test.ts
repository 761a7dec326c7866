// Reader polish on the default site, at 1440 and 390 px: the code blocks' copy button, the table
// of contents under the title on narrow screens, the offline badge's words on phones, an API
// page's previous/next links within its column, and an island below the fold loading React only
// when it comes into view.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibleName, failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare function getComputedStyle(e: unknown): any;

const site = useBuiltSite();
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
failOnPageProblems(pages);

const WIDTHS = [1440, 390] as const;
const viewport = (width: number) => ({ viewport: { width, height: 844 } });
const scrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);
const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((e: any) => e.getBoundingClientRect().toJSON());

describe.each(WIDTHS)('at %i px', (width) => {
  it('a code block has a Copy code button in its corner, in the server HTML, that copies the code alone and says Copied once', async () => {
    const html = await (await fetch(`${site.url}/docs/tutorial-basics/markdown-features`)).text();
    expect(html).toMatch(/<div class="code-block line-numbers">.*?<button type="button" class="code-copy" data-code-copy="">/s);

    // Nothing moves when the script arrives: the block's height is the same without it.
    const still = await pages.open('/docs/tutorial-basics/markdown-features', { ...viewport(width), javaScriptEnabled: false });
    const withoutJs = await box(still, '.code-block.line-numbers');

    const page = await pages.open('/docs/tutorial-basics/markdown-features', { ...viewport(width), permissions: ['clipboard-read', 'clipboard-write'] });
    const block = page.locator('.code-block.line-numbers').first();
    const withJs = await box(page, '.code-block.line-numbers');
    expect(withJs.height).toBe(withoutJs.height);

    const button = block.locator('[data-code-copy]');
    expect(await accessibleName(page, button)).toBe('Copy code');
    // Over the block's top right corner.
    const b = await button.evaluate((e: any) => e.getBoundingClientRect().toJSON());
    expect(b.right).toBeLessThanOrEqual(withJs.right);
    expect(withJs.right - b.right).toBeLessThan(12);
    expect(b.top - withJs.top).toBeLessThan(12);

    // By keyboard, with a visible focus ring.
    await block.locator('pre').focus();
    await page.keyboard.press('Tab');
    expect(await button.evaluate((e: any) => e === document.activeElement)).toBe(true);
    expect(await button.evaluate((e: any) => getComputedStyle(e).outlineStyle)).toBe('solid');
    await expect.poll(() => button.evaluate((e: any) => getComputedStyle(e).opacity)).toBe('1');
    await page.keyboard.press('Enter');

    const copied = await page.evaluate(() => (globalThis as any).navigator.clipboard.readText());
    expect(copied.split('\n').slice(0, 3)).toEqual(["import { rutapack } from './client';", '', 'const rates = await rutapack.quote({']);
    expect(copied).not.toMatch(/^\s*\d/m);
    expect(copied.endsWith('\n')).toBe(false);
    const status = block.locator('[role="status"]');
    await expect.poll(() => status.innerText()).toBe('Copied');
    expect(await button.getAttribute('data-copied')).toBe('');
    expect(await accessibleName(page, button)).toBe('Copy code');
    // Said once: the region empties again.
    await expect.poll(() => status.innerText(), { timeout: 4000 }).toBe('');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
  });

  it('docs and blog posts show "On this page" under the title where the right-hand one is hidden', async () => {
    for (const path of ['/docs/tutorial-basics/markdown-features', '/blog/long-blog-post']) {
      const page = await pages.open(path, viewport(width));
      const mobile = page.locator('details.toc-mobile');
      const side = page.locator('.doc-toc [data-toc]');
      if (width >= 1280) {
        expect(await mobile.isVisible()).toBe(false);
        expect(await side.isVisible()).toBe(true);
        continue;
      }
      expect(await side.isVisible()).toBe(false);
      expect(await mobile.isVisible()).toBe(true);
      const summary = mobile.locator('summary');
      expect(await summary.innerText()).toBe('On this page');
      // Under the title (and the post's header), before the content.
      const title = await box(page, 'h1');
      expect((await box(page, 'details.toc-mobile')).top).toBeGreaterThan(title.bottom);
      expect(await mobile.evaluate((e: any) => e.open)).toBe(false);
      await summary.focus();
      expect(await summary.evaluate((e: any) => getComputedStyle(e).outlineStyle)).toBe('solid');
      await page.keyboard.press('Enter');
      expect(await mobile.evaluate((e: any) => e.open)).toBe(true);
      const links = mobile.locator('a.toc__link');
      expect(await links.count()).toBeGreaterThan(2);
      // One "On this page" landmark on a page: the disclosure holds a list, not a second nav.
      expect(await mobile.locator('nav').count()).toBe(0);
      await page.keyboard.press('Tab');
      expect(await links.first().evaluate((e: any) => e === document.activeElement)).toBe(true);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    }
  });

  it('the offline badge shows its words, in its own space: it covers neither the breadcrumb nor the title', async () => {
    for (const path of ['/docs/intro', '/api/quoter']) {
      const page = await pages.open(path, viewport(width));
      const badge = page.locator('[data-offline-badge]');
      expect(await badge.isVisible()).toBe(false);
      const online = { crumbs: await box(page, '.breadcrumbs'), title: await box(page, 'h1') };
      // Offline as the browser sees it: navigator.onLine false and an 'offline' event.
      await page.context().setOffline(true);
      await expect.poll(() => badge.isVisible()).toBe(true);
      expect(await badge.getAttribute('role')).toBe('status');
      const words = badge.locator('[data-l="en"]');
      expect(await words.innerText()).toBe('No connection - Offline mode');
      const r = await words.evaluate((e: any) => e.getBoundingClientRect().toJSON());
      expect(r.width).toBeGreaterThan(100);
      expect(r.left).toBeGreaterThanOrEqual(0);
      expect(r.right).toBeLessThanOrEqual(width);
      // Shown in full, on one line.
      expect(await words.evaluate((e: any) => e.scrollWidth <= e.clientWidth)).toBe(true);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);

      // The strip takes its own space: the page moves down instead of being covered.
      const strip = await box(page, '[data-offline-badge]');
      for (const selector of ['.breadcrumbs', 'h1']) {
        const content = await box(page, selector);
        const overlap =
          Math.min(strip.right, content.right) > Math.max(strip.left, content.left) &&
          Math.min(strip.bottom, content.bottom) > Math.max(strip.top, content.top);
        expect(overlap, `${path}: the offline badge over ${selector}`).toBe(false);
        if (width < 996) expect(content.top).toBeGreaterThanOrEqual(strip.bottom);
      }
      const navbar = await box(page, 'nav.navbar');
      expect(strip.bottom).toBeLessThanOrEqual(navbar.bottom);
      if (width >= 996) expect(await box(page, '.breadcrumbs')).toEqual(online.crumbs);

      // Back online the strip goes and the page is where it was.
      await page.context().setOffline(false);
      await expect.poll(() => badge.isVisible()).toBe(false);
      expect(await box(page, '.breadcrumbs')).toEqual(online.crumbs);
      expect(await box(page, 'h1')).toEqual(online.title);
    }
  });

  it("an API operation's previous/next links stay within its content column", async () => {
    const page = await pages.open('/api/quoter', viewport(width));
    const nav = await box(page, '.pagination-nav');
    const column = await box(page, '.api-operation__body');
    expect(nav.left).toBeGreaterThanOrEqual(column.left - 1);
    expect(nav.right).toBeLessThanOrEqual(column.right + 1);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
  });

  it('an island below the fold loads React only when it scrolls into view', async () => {
    const scripts: string[] = [];
    const page = await pages.open('/blog/mdx-blog-post', {
      ...viewport(width),
      before: async (ctx) => ctx.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)),
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const island = page.locator('[data-island]').filter({ has: page.locator('.rate-calculator') });
    expect(await island.evaluate((e: any) => e.getBoundingClientRect().top)).toBeGreaterThan(844 + 200);
    expect(scripts.filter((s) => /\/react-|\/mount-|RateCalculator/.test(s))).toEqual([]);
    expect(await island.getAttribute('data-hydrated')).toBe('pending');

    await island.evaluate((e: any) => e.scrollIntoView({ block: 'center' }));
    await expect.poll(() => island.getAttribute('data-hydrated')).toBe('true');
    expect(scripts.some((s) => /\/react-/.test(s))).toBe(true);
    expect(scripts.some((s) => /RateCalculator/.test(s))).toBe(true);
  });
  it("the try-it shows its server's whole URL, wrapped; a requirement not yet met says Pending, as the panel does", async () => {
    const page = await pages.open('/api/quoter', viewport(width));
    await page.click('.tryit__open');
    await page.waitForSelector('form.tryit--open');
    const url = page.locator('.tryit__server-url');
    expect(await url.innerText()).toMatch(/^https?:\/\/\S+$/);
    expect(await url.evaluate((e: any) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    expect(await page.locator('.api-auth__check--no').first().innerText()).toBe('Pending');
  });
});
