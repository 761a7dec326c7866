// Configuration the default site does not use, in Chromium on a small fixture site: a colour mode
// that cannot be switched (colorMode.disableSwitch), docs categories that are collapsed at first
// (collapsed: true) or cannot collapse (collapsible: false), and two APIs (the openapi/ folder
// holding two documents) offered by the navbar's API menu.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempProject } from '../helpers/fixtures.js';
import { accessibleName, failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';
import { expectRing, isFocused, tabTo } from './keyboard.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare function getComputedStyle(e: unknown): any;

const site = useBuiltSite(() => {
  const root = tempProject({
    'site.config.ts':
      "export default { title: 'Variants', colorMode: { defaultMode: 'dark', disableSwitch: true }, ui: { languages: ['es', 'en'], defaultLanguage: 'es' } };\n",
    'content/docs/intro.md': '---\ntitle: Intro\nsidebar_position: 1\n---\n\nHello.\n',
    'content/docs/fixed/_category_.json': JSON.stringify({ label: 'Fixed', position: 2, collapsible: false, collapsed: true }),
    'content/docs/fixed/one.md': '---\ntitle: One\n---\n\nOne.\n',
    'content/docs/folded/_category_.json': JSON.stringify({ label: 'Folded', position: 3, collapsed: true }),
    'content/docs/folded/two.md': '---\ntitle: Two\n---\n\nTwo.\n',
    'content/docs/folded/three.md': '---\ntitle: Three\n---\n\nThree.\n',
    'openapi/billing.yaml':
      "openapi: 3.1.0\ninfo: {title: Billing, version: '1'}\npaths:\n  /invoices:\n    get:\n      responses: {'200': {description: OK}}\n",
    'openapi/orders.yaml': "openapi: 3.1.0\ninfo: {title: Orders, version: '1'}\npaths:\n  /orders:\n    get:\n      responses: {'200': {description: OK}}\n",
  });
  return root;
});
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
const expectProblems = failOnPageProblems(pages);

describe('colorMode.disableSwitch', () => {
  it('renders no toggle and keeps the configured mode, whatever was saved', async () => {
    const html = readFileSync(join(site.dist, 'docs/intro/index.html'), 'utf8');
    expect(html).not.toContain('data-color-mode-toggle');
    expect(html).toContain('data-theme="dark"');
    const page = await pages.open('/docs/intro', { storage: { 'shipdocs.theme': 'light' }, colorScheme: 'light' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.locator('[data-color-mode-toggle]').count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 18, 32)');
    // The rest of the navbar is there and works.
    await page.click('.lang-select__button');
    expect(await page.locator('.lang-select__menu').isVisible()).toBe(true);
  });
});

describe('docs categories', () => {
  it("renders a collapsed category closed but complete, with a toggle named for what it does in the reader's language, its state in aria-expanded", async () => {
    const page = await pages.open('/docs/intro');
    const caret = page.locator('.menu__category:has(> .menu__category-row > .menu__link:text-is("Folded")) [data-sidebar-caret]');
    const two = page.locator('#doc-sidebar a[href="/docs/folded/two"]');
    expect(await caret.getAttribute('aria-expanded')).toBe('false');
    expect(await two.count()).toBe(1);
    expect(await two.isVisible()).toBe(false);
    expect(await accessibleName(page, caret)).toBe('Show or hide the category Folded');

    // The name stays; the state is aria-expanded's.
    await caret.click();
    expect(await caret.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => two.isVisible()).toBe(true);
    expect(await accessibleName(page, caret)).toBe('Show or hide the category Folded');

    await page.click('.lang-select__button');
    await page.click('.lang-select__option[data-lang="es"]');
    expect(await accessibleName(page, caret)).toBe('Mostrar u ocultar la categoría Folded');
    await page.waitForTimeout(60);
    await caret.click();
    await expect.poll(() => two.isVisible()).toBe(false);
    expect(await caret.getAttribute('aria-expanded')).toBe('false');
    expect(await accessibleName(page, caret)).toBe('Mostrar u ocultar la categoría Folded');

    // The reader opens it and goes to a page outside it: it stays open there (the server would
    // have rendered it closed).
    await page.waitForTimeout(60);
    await caret.click();
    await page.click('#doc-sidebar a[href="/docs/fixed/one"]');
    await expect.poll(() => page.title()).toBe('One | Variants');
    expect(await caret.getAttribute('aria-expanded')).toBe('true');
    expect(await two.isVisible()).toBe(true);
  });

  it('starts a collapsed category open on the pages it holds', async () => {
    const page = await pages.open('/docs/folded/three');
    const caret = page.locator('.menu__category:has(a[href="/docs/folded/three"]) [data-sidebar-caret]');
    expect(await caret.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#doc-sidebar a[href="/docs/folded/two"]').isVisible()).toBe(true);
  });

  it('gives a category with collapsible: false no toggle, and always shows its pages', async () => {
    const page = await pages.open('/docs/intro');
    const fixed = page.locator('.menu__category:has(> .menu__category-row > .menu__link:text-is("Fixed"))');
    expect(await fixed.count()).toBe(1);
    expect(await fixed.locator('[data-sidebar-caret]').count()).toBe(0);
    expect(await fixed.locator('a[href="/docs/fixed/one"]').isVisible()).toBe(true);
  });
});

describe('the API menu of a site with two APIs', () => {
  it('opens from its button by keyboard, moves with the arrows, closes on Escape back to the button, and leads to the chosen API', async () => {
    const page = await pages.open('/docs/intro');
    const button = page.locator('.api-select__button');
    const menu = page.locator('#api-select-menu');
    expect(await accessibleName(page, button)).toBe('API');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.locator('.api-select__fallback').isVisible()).toBe(false);

    await tabTo(page, '.api-select__button');
    await expectRing(page);
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.locator('a').allInnerTexts()).toEqual(['Billing', 'Orders']);
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await isFocused(page, '.api-select__button')).toBe(true);

    await page.keyboard.press('ArrowDown');
    expect(await isFocused(page, '.api-select__link[href="/api/billing"]')).toBe(true);
    await expectRing(page);
    await page.keyboard.press('ArrowDown');
    expect(await isFocused(page, '.api-select__link[href="/api/orders"]')).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.title()).toBe('Orders | Variants');
    expect(await menu.isVisible()).toBe(false);
    expect(await menu.locator('a[aria-current="page"]').allInnerTexts()).toEqual(['Orders']);
    expect(await button.getAttribute('class')).toContain('navbar__link--active');

    // An outside click closes it.
    await button.click();
    expect(await menu.isVisible()).toBe(true);
    await page.mouse.click(640, 500);
    expect(await menu.isVisible()).toBe(false);
  });
});
