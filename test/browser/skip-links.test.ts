// The skip links of the default site, at 1440 and 390 px: from the top of an operation's page to
// its Authorization control in a few Tab stops, to the API's sidebar by its own link (where the
// sidebar is on the page, not in the phone's menu drawer), and the links of the page shown after a
// client-side navigation between docs and API pages.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibleName, failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';
import { expectRing, isFocused, tabTo } from './keyboard.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const window: any;
declare const innerWidth: number;

const site = useBuiltSite();
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
failOnPageProblems(pages);

const WIDTHS = [1440, 390] as const;
const viewport = (width: number) => ({ viewport: { width, height: 844 } });
const CONTENT = '.skip-link[href="#main-content"]';
const CONTROLS = '.skip-link[href="#operation-controls"]';
const SIDEBAR = '.skip-link[href="#doc-sidebar"]';
const AUTHORIZATION = '#operation-controls .api-auth__open';

/** The skip links' targets, in order, as the page's server HTML has them. */
async function skipTargets(path: string): Promise<string[]> {
  const html = await (await fetch(site.url + path)).text();
  const block = /<div class="skip-links" data-skip-links="">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
  return [...block.matchAll(/<a class="skip-link[^"]*" href="#([^"]+)"/g)].map((m) => m[1]!);
}

/** Presses Tab from where focus is until `selector` has focus; how many presses that took. */
async function tabStopsTo(page: Page, selector: string, max = 80): Promise<number> {
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press('Tab');
    if (await isFocused(page, selector)) return n;
  }
  throw new Error(`${max} × Tab did not reach ${selector}`);
}

/** The focused skip link is on screen, whole, and shows its ring. */
async function expectShown(page: Page): Promise<void> {
  const box = await page.evaluate(() => document.activeElement.getBoundingClientRect().toJSON());
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(await page.evaluate(() => innerWidth));
  await expectRing(page);
}

/** Follows a link by a click on the page's own delegation (the router's), without its being visible. */
async function followClientSide(page: Page, href: string): Promise<void> {
  await page.evaluate((h) => {
    const a = document.createElement('a');
    a.href = h;
    a.textContent = 'next page';
    document.getElementById('main-content').prepend(a);
    a.click();
  }, href);
}

describe('skip links in the server HTML', () => {
  it('lead to what each page has: the content; on API pages the sidebar; on an operation its controls', async () => {
    expect(await skipTargets('/api/quoter')).toEqual(['main-content', 'operation-controls', 'doc-sidebar']);
    expect(await skipTargets('/api')).toEqual(['main-content', 'doc-sidebar']);
    expect(await skipTargets('/api/changelog')).toEqual(['main-content', 'doc-sidebar']);
    expect(await skipTargets('/docs/intro')).toEqual(['main-content']);
    expect(await skipTargets('/blog')).toEqual(['main-content']);
  });
});

describe.each(WIDTHS)('at %i px', (width) => {
  it("reach an operation's Authorization control within four Tab stops from the top of its page", async () => {
    const page = await pages.open('/api/quoter', viewport(width));
    expect(await tabStopsTo(page, CONTENT)).toBe(1);
    await expectShown(page);
    await page.keyboard.press('Tab');
    expect(await isFocused(page, CONTROLS)).toBe(true);
    await expectShown(page);
    expect(await accessibleName(page, page.locator(CONTROLS))).toBe("Skip to the operation's controls");

    // Focus lands on the controls' column, ringed round its panels; the next Tab is Authorization.
    await page.keyboard.press('Enter');
    expect(await isFocused(page, '#operation-controls')).toBe(true);
    await expectRing(page, { ring: '#operation-controls > .api-panel-sticky' });
    await page.keyboard.press('Tab');
    expect(await isFocused(page, AUTHORIZATION)).toBe(true);
    await expectRing(page);
    // Tab, Tab, Enter, Tab: three Tab stops, and the control is on screen.
    const top = await page.locator(AUTHORIZATION).evaluate((e: any) => e.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(844);

    // Without the skip link the whole sidebar and the operation's description come first.
    const plain = await pages.open('/api/quoter', viewport(width));
    await plain.evaluate(() => document.querySelectorAll('[data-skip-links] a').forEach((a: any) => a.remove()));
    expect(await tabStopsTo(plain, AUTHORIZATION)).toBeGreaterThan(20);
  });

  if (width === 1440) {
    it('lead to the API sidebar: focus lands on it, the next Tab on its first link', async () => {
      const page = await pages.open('/api/quoter', viewport(width));
      expect(await tabStopsTo(page, SIDEBAR)).toBe(3);
      await expectShown(page);
      expect(await accessibleName(page, page.locator(SIDEBAR))).toBe('Skip to the API navigation');
      await page.keyboard.press('Enter');
      expect(await isFocused(page, 'aside#doc-sidebar.api-sidebar')).toBe(true);
      await expectRing(page);
      await page.keyboard.press('Tab');
      expect(await isFocused(page, '#doc-sidebar a.api-sidebar__overview')).toBe(true);
    });
  } else {
    it("have no link to the API sidebar, which is in the menu drawer: the menu's button is the next stop but the announcement bar's", async () => {
      const page = await pages.open('/api/quoter', viewport(width));
      expect(await page.locator(SIDEBAR).isVisible()).toBe(false);
      // The two skip links, the announcement's link and its Close button, then the menu's button.
      expect(await tabStopsTo(page, '[data-menu-toggle]')).toBe(5);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('#mobile-menu #doc-sidebar.api-sidebar').isVisible()).toBe(true);
    });
  }

  it('follow the page after client-side navigations between docs and API pages', async () => {
    const page = await pages.open('/docs/intro', viewport(width));
    await page.evaluate(() => (window.__marker = 7));
    const links = (): Promise<string[]> => page.locator('[data-skip-links] a').evaluateAll((as: any[]) => as.map((a) => a.getAttribute('href')));
    expect(await links()).toEqual(['#main-content']);

    await followClientSide(page, '/api/quoter');
    await expect.poll(() => page.title()).toMatch(/^Quote rates for parcels \|/);
    expect(await page.evaluate(() => window.__marker)).toBe(7);
    expect(await links()).toEqual(['#main-content', '#operation-controls', '#doc-sidebar']);
    // From the content, where the router put focus, back up to the skip links and through them.
    expect(await isFocused(page, '#main-content')).toBe(true);
    await tabTo(page, CONTROLS, { back: true, max: 80 });
    await expectShown(page);
    await page.keyboard.press('Enter');
    expect(await isFocused(page, '#operation-controls')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await isFocused(page, AUTHORIZATION)).toBe(true);
    if (width === 1440) {
      await tabTo(page, SIDEBAR, { back: true, max: 80 });
      await page.keyboard.press('Enter');
      expect(await isFocused(page, 'aside#doc-sidebar.api-sidebar')).toBe(true);
    }

    // To the API's overview: no operation, so no link to its controls.
    await followClientSide(page, '/api');
    await expect.poll(links).toEqual(['#main-content', '#doc-sidebar']);
    // Back to a docs page: its own link alone again.
    await followClientSide(page, '/docs/intro');
    await expect.poll(() => page.title()).toMatch(/^Introduction \|/);
    expect(await page.evaluate(() => window.__marker)).toBe(7);
    expect(await links()).toEqual(['#main-content']);
    await tabTo(page, CONTENT, { back: true, max: 80 });
    await page.keyboard.press('Enter');
    expect(await isFocused(page, '#main-content')).toBe(true);
  });
});
