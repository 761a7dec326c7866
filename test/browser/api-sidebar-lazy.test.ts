// The sidebar of a large API in Chromium (test/helpers/large-api.ts: 70 tags of 3 operations and
// one of 300): the tag rows and the page's own large tag are loaded from shared files when the
// sidebar is shown; a closed tag opens from its file by keyboard; the carets are named in the
// reader's language; without JavaScript, or without the files, the links lead to the overview.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import axeCore from 'axe-core';
import { accessibleName, failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';
import { expectRing, isFocused } from './keyboard.js';
import { largeApiSite } from '../helpers/large-api.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const window: any;
declare const axe: any;

const site = useBuiltSite(() => largeApiSite(70, 300));
beforeAll(() => writeFileSync(join(site.dist, 'axe-core-under-test.js'), axeCore.source));
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
const expectProblems = failOnPageProblems(pages);

const BIG_PAGE = '/api/everything-entity-150-navigation-property';
const carets = '#doc-sidebar [data-sidebar-caret]';
const caretOf = (tag: string): string => `#doc-sidebar [data-sidebar-caret][aria-controls="api-sidebar-tag-${tag}"]`;
const sidebarFiles = (page: Page): string[] => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/assets/sidebar/')) fetched.push(new URL(r.url()).pathname);
  });
  return fetched;
};
/** Whether the sidebar's active link is on screen. */
const activeInView = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const box = document.querySelector('#doc-sidebar').getBoundingClientRect();
    const link = document.querySelector('#doc-sidebar .menu__link--active').getBoundingClientRect();
    return link.top >= Math.max(box.top, 0) && link.bottom <= Math.min(box.bottom, window.innerHeight);
  });

describe('the sidebar of a large API', () => {
  it('without JavaScript: its own tag with the page marked, and a link to the list of every tag', async () => {
    const page = await pages.open(BIG_PAGE, { javaScriptEnabled: false });
    expect(await page.locator('#doc-sidebar .menu__category').count()).toBe(1);
    const own = page.locator('#doc-sidebar a[aria-current="page"]');
    expect(await own.getAttribute('href')).toBe(BIG_PAGE);
    expect(await own.isVisible()).toBe(true);
    expect(await page.locator('#doc-sidebar a.api-op').count()).toBe(1);
    await page.click('#doc-sidebar a[href="/api#operations"]');
    await page.waitForURL('**/api#operations');
    expect(await page.locator('#operations').isVisible()).toBe(true);
  });

  it('loads the tag rows and its own large tag when shown, keeping the page marked and in view', async () => {
    const page = await pages.open(BIG_PAGE, { viewport: { width: 1280, height: 600 } });
    await expect.poll(() => page.locator(carets).count()).toBe(71);
    await expect.poll(() => page.locator('#api-sidebar-tag-everything a.api-op').count()).toBe(300);
    // In the overview's order, the page's own tag among them; the link that stood for the rows is gone.
    const order = await page.locator('#doc-sidebar .menu__link--category').evaluateAll((links: any[]) => links.map((a) => a.hash.slice(1)));
    const overview = await page.evaluate(() => fetch('/api').then((r: any) => r.text()));
    expect(order).toEqual([...overview.matchAll(/<section class="api-tag" id="([^"]+)"/g)].map((m) => m[1]));
    expect(order).toContain('tag-everything');
    expect(await page.locator('#doc-sidebar a[href="/api#operations"]').count()).toBe(0);
    const active = page.locator('#doc-sidebar .menu__link--active');
    expect(await active.count()).toBe(1);
    expect(await active.getAttribute('href')).toBe(BIG_PAGE);
    expect(await active.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => activeInView(page)).toBe(true);
    expect(await page.locator(caretOf('everything')).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(caretOf('resource-group-3')).getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a closed tag from its shared file by keyboard, and keeps it open across a client navigation', async () => {
    const page = await pages.open('/api/groups-5-items-id');
    await expect.poll(() => page.locator(carets).count()).toBe(71);
    const fetched = sidebarFiles(page);
    const caret = caretOf('resource-group-40');
    expect(await page.locator('#api-sidebar-tag-resource-group-40 a').count()).toBe(0);
    await page.focus(caret);
    await expectRing(page);
    await page.keyboard.press('Enter');
    await page.locator('#api-sidebar-tag-resource-group-40 a[href="/api/groups-40-items-1"]').waitFor();
    expect(await page.locator(caret).getAttribute('aria-expanded')).toBe('true');
    expect(await isFocused(page, caret)).toBe(true);
    // Its list came from one of the shared files.
    expect(fetched).toHaveLength(1);
    await page.waitForTimeout(100); // the caret's debounce: a press right after the list came would be taken as a double tap
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator(caret).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#api-sidebar-tag-resource-group-40 a[href="/api/groups-40-items-1"]').isVisible()).toBe(false);
    await page.waitForTimeout(100); // the caret's debounce
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(caret).getAttribute('aria-expanded')).toBe('true');

    await page.evaluate(() => (window.__marker = 1));
    await page.click('#api-sidebar-tag-resource-group-40 a[href="/api/groups-40-items-1"]');
    await page.waitForURL('**/api/groups-40-items-1');
    expect(await page.evaluate(() => window.__marker)).toBe(1);
    await expect.poll(() => page.locator('#doc-sidebar .menu__link--active').getAttribute('href')).toBe('/api/groups-40-items-1');
    // The previous page's rows and open tags, with no new file loaded.
    expect(await page.locator(carets).count()).toBe(71);
    expect(await page.locator(caretOf('resource-group-5')).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(caretOf('resource-group-40')).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(caretOf('everything')).getAttribute('aria-expanded')).toBe('false');
  });

  it('names each caret by the shared label and its tag, in the reader’s language', async () => {
    for (const [lang, name] of [
      ['en', 'Show or hide the category Resource group 7'],
      ['es', 'Mostrar u ocultar la categoría Resource group 7'],
    ] as const) {
      const page = await pages.open('/api', { storage: { 'shipdocs.lang': lang } });
      await expect.poll(() => page.locator(carets).count()).toBe(71);
      expect(await accessibleName(page, page.locator(caretOf('resource-group-7')))).toBe(name);
      // The label itself is not shown.
      expect(await page.locator('#api-sidebar-toggle').boundingBox()).toMatchObject({ width: 1, height: 1 });
    }
  });

  it('in the mobile drawer: loads the rows when the drawer opens, without sideways scrolling', async () => {
    const page = await pages.open(BIG_PAGE, { viewport: { width: 390, height: 800 } });
    const fetched = sidebarFiles(page);
    await page.waitForTimeout(300);
    expect(fetched).toEqual([]);
    expect(await page.locator(carets).count()).toBe(1);
    await page.click('[data-menu-toggle]');
    await expect.poll(() => page.locator(carets).count()).toBe(71);
    await expect.poll(() => page.locator('#api-sidebar-tag-everything a.api-op').count()).toBe(300);
    expect(fetched).toHaveLength(2);
    await expect.poll(() => page.locator('#doc-sidebar .menu__link--active').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.click(caretOf('resource-group-2'));
    await page.locator('#api-sidebar-tag-resource-group-2 a[href="/api/groups-2-items"]').waitFor();
  });

  it('stays on a page of the large tag reached by a client navigation when its list cannot be loaded', async () => {
    expectProblems(/./);
    const page = await pages.open('/api/groups-5-items-id');
    await expect.poll(() => page.locator(carets).count()).toBe(71);
    const own = await page.locator('#api-sidebar-tag-everything').getAttribute('data-sidebar-lazy');
    await page.context().route(`**${own}`, (r) => r.abort());
    await page.evaluate((href) => {
      const a = document.createElement('a');
      a.href = href;
      a.id = 'to-big';
      a.textContent = 'Entity 150';
      document.querySelector('main h1').after(a);
    }, BIG_PAGE);
    await page.click('#to-big');
    await page.waitForURL(`**${BIG_PAGE}`);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe(BIG_PAGE);
    expect(await page.locator('#doc-sidebar .menu__link--active').getAttribute('href')).toBe(BIG_PAGE);
    expect(await page.locator(caretOf('everything')).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(carets).count()).toBe(71);
  });

  it('keeps the link to the overview when the tag rows cannot be loaded', async () => {
    expectProblems(/./);
    const page = await pages.open(BIG_PAGE, { before: (ctx) => ctx.route('**/assets/sidebar/**', (r) => r.abort()) });
    await page.waitForTimeout(300);
    expect(await page.locator(carets).count()).toBe(1);
    expect(await page.locator('#doc-sidebar .menu__link--active').getAttribute('href')).toBe(BIG_PAGE);
    expect(new URL(page.url()).pathname).toBe(BIG_PAGE);
    await page.click('#doc-sidebar a[href="/api#operations"]');
    await page.waitForURL('**/api#operations');
  });

  it('passes axe (WCAG 2.1 A and AA) with its rows loaded and a tag opened, in dark mode at 1280 px and light at 390 px', async () => {
    const found: string[] = [];
    // Both modes, one width each (the default site's pages are checked in every combination: a11y-axe.test.ts).
    for (const [width, scheme] of [
      [1280, 'dark'],
      [390, 'light'],
    ] as const) {
      const page = await pages.open(BIG_PAGE, { viewport: { width, height: 800 }, storage: { 'shipdocs.theme': scheme } });
      if (width < 996) await page.click('[data-menu-toggle]');
      await expect.poll(() => page.locator(carets).count()).toBe(71);
      await page.click(caretOf('resource-group-1'));
      await page.locator('#api-sidebar-tag-resource-group-1 a[href="/api/groups-1-items"]').waitFor();
      await page.addScriptTag({ url: `${site.url}/axe-core-under-test.js` });
      const violations: { id: string; nodes: { target: string[] }[] }[] = await page.evaluate(() =>
        axe
          .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
          .then((r: any) => r.violations),
      );
      found.push(...violations.flatMap((v) => v.nodes.map((n) => `${width}px ${scheme}: ${v.id} ${n.target.join(' ')}`)));
    }
    expect(found).toEqual([]);
  });
});
