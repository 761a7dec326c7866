// The version menu on API pages, in Chromium, on the default site (docs version 1.3 keeps the API
// as it was in 1.3): picking a version leads to the same operation in it, the choice is
// remembered and pages outside the docs and the API then lead into that version, by mouse and
// by keyboard alone, at desktop and phone widths.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';
import { expectRing, isFocused, tabTo } from './keyboard.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const localStorage: any;
declare const document: any;

const site = useBuiltSite();
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
failOnPageProblems(pages);

const current = (page: Page): Promise<string> => page.locator('[data-version-select] [data-version-current]').innerText();
const MENU = '[data-version-select]';

describe('the version menu on API pages', () => {
  it('leads from an operation to the same operation in 1.3, with its banner, and back to Next', async () => {
    const page = await pages.open('/api/quoter');
    expect(await current(page)).toBe('Next');
    expect(await page.locator('.version-banner').count()).toBe(0);
    await page.locator(`${MENU} summary`).click();
    expect(await page.locator(`${MENU} [data-version]`).allInnerTexts()).toEqual(['Next', '1.3']);
    await page.locator(`${MENU} [data-version="1.3"]`).click();
    await page.waitForURL('**/api/1.3/quoter');
    expect(await current(page)).toBe('1.3');
    expect(await page.locator('.version-banner').innerText()).toMatch(/1\.3[\s\S]*(no longer|ya no)/);
    // Above the operation's title, in the first screen.
    const banner = (await page.locator('.version-banner').boundingBox())!;
    expect(banner.y + banner.height).toBeLessThan((await page.locator('h1').boundingBox())!.y);
    expect(await page.evaluate(() => localStorage.getItem('shipdocs.docs.version'))).toBe('1.3');
    // 1.3's navbar pairs its docs: the Docs link leads to the 1.3 docs.
    expect(await page.locator('.navbar__link', { hasText: 'Docs' }).getAttribute('href')).toBe('/docs/1.3/intro');

    // An operation 1.4 added has no page in 1.3: its menu leads to 1.3's overview.
    const added = await pages.open('/api/shiphero-orders');
    const option = added.locator(`${MENU} [data-version="1.3"]`);
    expect(await option.getAttribute('href')).toBe('/api/1.3');
    await added.locator(`${MENU} summary`).click();
    await option.click();
    await added.waitForURL(/\/api\/1\.3$/);
    await added.locator(`${MENU} summary`).click();
    await added.locator(`${MENU} [data-version="current"]`).click();
    await added.waitForURL(/\/api$/);
    expect(await added.locator('.version-banner').count()).toBe(0);
  });

  it('remembers the version: pages outside the docs and the API show it and link into it', async () => {
    const page = await pages.open('/api/1.3/quoter', { storage: { 'shipdocs.docs.version': '1.3' } });
    expect(await current(page)).toBe('1.3');
    const blog = await pages.open('/blog', { storage: { 'shipdocs.docs.version': '1.3' } });
    expect(await current(blog)).toBe('1.3');
    expect(await blog.locator('.navbar__link', { hasText: 'API' }).getAttribute('href')).toBe('/api/1.3');
    expect(await blog.locator('.navbar__link', { hasText: 'Docs' }).getAttribute('href')).toBe('/docs/1.3');
    await blog.locator('.navbar__link', { hasText: 'API' }).click();
    await blog.waitForURL('**/api/1.3');
    expect(await current(blog)).toBe('1.3');
    // Without a saved choice, the latest version (the current one on this site) is shown and linked.
    const fresh = await pages.open('/blog');
    expect(await current(fresh)).toBe('Next');
    expect(await fresh.locator('.navbar__link', { hasText: 'API' }).getAttribute('href')).toBe('/api');
  });

  it('works by keyboard alone at 1440 and 390 px: Enter opens it, Tab reaches 1.3, Enter follows it', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await pages.open('/api/quoter', { viewport });
      const summary = `${MENU} summary`;
      await tabTo(page, summary);
      await expectRing(page);
      await page.keyboard.press('Enter');
      expect(await page.locator(MENU).getAttribute('open')).toBe('');
      // The open menu is on screen and does not make the page scroll sideways.
      const box = await page.locator(`${MENU} .version-select__menu`).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await tabTo(page, `${MENU} [data-version="1.3"]`);
      await expectRing(page);
      await page.keyboard.press('Escape');
      expect(await isFocused(page, summary)).toBe(true);
      await page.keyboard.press('Enter');
      await tabTo(page, `${MENU} [data-version="1.3"]`);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/api/1.3/quoter');
    }
  });
});
