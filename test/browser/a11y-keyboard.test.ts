// Every widget of the default site by keyboard alone (Tab, Shift+Tab, Enter, Space, Escape,
// arrows), on the site built once by the real CLI: each step checks which element has focus and
// that it shows a focus ring (:focus-visible, with an outline or the ring the design gives it).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';
import { expectRing, frames, isFocused, tabTo } from './keyboard.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const location: any;
declare const navigator: any;

const site = useBuiltSite();
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
failOnPageProblems(pages);
const DESKTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 } };

describe('keyboard', () => {
  it('skip link, sidebar categories and table of contents', async () => {
    const page = await pages.open('/docs/intro', DESKTOP);
    await page.keyboard.press('Tab');
    expect(await isFocused(page, '.skip-link')).toBe(true);
    await expectRing(page);
    await page.keyboard.press('Enter');
    expect(await isFocused(page, '#main-content')).toBe(true);

    // A closed category: Enter opens it, Tab enters it, Shift+Tab comes back, Space closes it.
    await page.keyboard.press('Shift+Tab');
    const caret = '#doc-sidebar [data-sidebar-caret][aria-controls="sidebar-1"]';
    await tabTo(page, caret, { back: true });
    await expectRing(page);
    expect(await page.getAttribute(caret, 'aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await page.getAttribute(caret, 'aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await isFocused(page, '#sidebar-1 a.menu__link')).toBe(true);
    await expectRing(page);
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(page, caret)).toBe(true);
    // (Debounced against double taps: a second toggle within 50 ms is ignored.)
    await page.waitForTimeout(60);
    await page.keyboard.press('Space');
    expect(await page.getAttribute(caret, 'aria-expanded')).toBe('false');
    await page.keyboard.press('Tab');
    expect(await isFocused(page, '#sidebar-1 a')).toBe(false);

    // The table of contents: its links are reached by Tab and lead to their section.
    const link = page.locator('[data-toc] a.toc__link').nth(1);
    const hash = await link.getAttribute('href');
    await tabTo(page, `[data-toc] a.toc__link[href="${hash}"]`);
    await expectRing(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(hash);
    const top = await page.evaluate((id) => document.getElementById(decodeURIComponent(id.slice(1))).getBoundingClientRect().top, hash!);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(300);
  });

  it('search: the shortcut and the box, arrows through results, Enter opens one, Escape closes and returns focus', async () => {
    const page = await pages.open('/docs/intro', DESKTOP);
    const copy = '[data-copy-markdown]';
    // Past the page's code blocks: each is a scrollable region and has a copy button.
    await tabTo(page, copy, { max: 120 });
    await page.keyboard.press('Control+k');
    expect(await isFocused(page, '[data-search-input]')).toBe(true);
    await expectRing(page, { ring: '.navbar-search__field', shadow: true });
    await page.keyboard.type('quoter');
    const results = page.locator('.search-result');
    await expect.poll(() => results.count()).toBeGreaterThan(1);
    await frames(page);
    const active = (): Promise<string | null> => page.getAttribute('[data-search-input]', 'aria-activedescendant');
    expect(await active()).toBe('search-result-0');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe('search-result-1');
    expect(await results.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBe('search-result-0');
    // Escape closes the results, a second one empties the box and gives focus back.
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-search-panel]').isHidden()).toBe(true);
    expect(await isFocused(page, '[data-search-input]')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await isFocused(page, copy)).toBe(true);
    expect(await page.inputValue('[data-search-input]')).toBe('');

    // The box itself, reached by Tab; Enter opens the chosen result.
    await tabTo(page, '[data-search-input]', { back: true });
    await page.keyboard.type('quoter');
    await expect.poll(() => results.count()).toBeGreaterThan(1);
    await frames(page);
    await page.keyboard.press('ArrowDown');
    const href = await results.nth(1).getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
    expect(await page.locator('[data-search-panel]').isHidden()).toBe(true);
  });

  it('language menu, colour mode and copy buttons', async () => {
    const page = await pages.open('/docs/intro', { ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    const lang = (): Promise<string | null> => page.evaluate(() => document.documentElement.getAttribute('data-ui-lang'));
    expect(await lang()).toBe('en');
    await tabTo(page, '.lang-select__button');
    await expectRing(page);
    // Enter opens it on the current language; an arrow moves, Enter chooses and closes it.
    await page.keyboard.press('Enter');
    expect(await isFocused(page, '[role=option][data-lang=en]')).toBe(true);
    await expectRing(page);
    await page.keyboard.press('ArrowUp');
    expect(await isFocused(page, '[role=option][data-lang=es]')).toBe(true);
    await page.keyboard.press('Enter');
    expect(await lang()).toBe('es');
    expect(await isFocused(page, '.lang-select__button')).toBe(true);
    expect(await page.getAttribute('.lang-select__button', 'aria-expanded')).toBe('false');
    // ArrowDown opens it too; Escape closes it without a change.
    await page.keyboard.press('ArrowDown');
    expect(await isFocused(page, '[role=option][data-lang=es]')).toBe(true);
    await page.keyboard.press('End');
    expect(await isFocused(page, '[role=option][data-lang=en]')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await isFocused(page, '.lang-select__button')).toBe(true);
    expect(await page.locator('#lang-select-list').isHidden()).toBe(true);
    expect(await lang()).toBe('es');

    // Colour mode: a toggle button, Enter and Space.
    await tabTo(page, '[data-color-mode-toggle]');
    await expectRing(page);
    const theme = (): Promise<string | null> => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
    await page.keyboard.press('Enter');
    expect(await theme()).toBe('dark');
    expect(await page.getAttribute('[data-color-mode-toggle]', 'aria-pressed')).toBe('true');
    await expectRing(page);
    await page.keyboard.press('Space');
    expect(await theme()).toBe('light');

    // "Copy page as Markdown", past the page's code blocks (each a scrollable region and its copy button).
    await tabTo(page, '[data-copy-markdown]', { max: 120 });
    await expectRing(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# /);
    expect(await page.locator('[data-copy-markdown]').getAttribute('data-done')).toBe('');
  });

  it('MDX tabs follow the WAI-ARIA tabs pattern: one tab stop, arrows, Home and End', async () => {
    const page = await pages.open('/blog/mdx-blog-post', DESKTOP);
    const group = page.locator('.tabs').first();
    const radios = group.locator(':scope > .tabs__radio');
    const count = await radios.count();
    expect(count).toBeGreaterThan(2);
    const firstId = await radios.first().getAttribute('id');
    await tabTo(page, `#${firstId}`);
    await expectRing(page, { ring: `label[for="${firstId}"]` });
    const checked = (): Promise<number> => radios.evaluateAll((rs: any[]) => rs.findIndex((r) => r.checked));
    const panelShown = async (): Promise<boolean> =>
      group
        .locator(':scope > .tabs__panel')
        .nth(await checked())
        .isVisible();
    await page.keyboard.press('ArrowRight');
    expect(await checked()).toBe(1);
    expect(await panelShown()).toBe(true);
    const secondId = await radios.nth(1).getAttribute('id');
    await expectRing(page, { ring: `label[for="${secondId}"]` });
    await page.keyboard.press('End');
    expect(await checked()).toBe(count - 1);
    expect(await isFocused(page, `#${await radios.nth(count - 1).getAttribute('id')}`)).toBe(true);
    await page.keyboard.press('Home');
    expect(await checked()).toBe(0);
    await page.keyboard.press('ArrowLeft');
    expect(await checked()).toBe(count - 1);
    expect(await panelShown()).toBe(true);
    // Tab leaves the tab list for the shown panel's content or what follows: not another tab.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement.classList.contains('tabs__radio'))).toBe(false);
  });

  it('API page: try-it, code samples (language and copy), the export menu and the authorization dialog', async () => {
    const page = await pages.open('/api/auth-user-info', { ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    await tabTo(page, '.tryit__open');
    await expectRing(page);
    await page.keyboard.press('Enter');
    await page.waitForSelector('form.tryit--open');
    await tabTo(page, '.samples__select');
    await expectRing(page);
    await page.keyboard.press('ArrowDown');
    const language = await page.inputValue('.samples__select');
    expect(language).not.toBe('curl');
    await page.keyboard.press('Tab');
    expect(await isFocused(page, '.samples__copy')).toBe(true);
    await expectRing(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('/auth/user-info');

    // The export menu: Enter opens it, Tab walks its items, Escape closes it and returns focus.
    const menu = page.locator('details.api-export-menu');
    await tabTo(page, '.api-export-menu summary');
    await expectRing(page);
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('open')).toBe('');
    await page.keyboard.press('Tab');
    expect(await isFocused(page, 'a[data-export="universal.md"]')).toBe(true);
    await expectRing(page);
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('open')).toBeNull();
    expect(await isFocused(page, '.api-export-menu summary')).toBe(true);

    // The dialog takes focus and gives it back on Escape.
    await tabTo(page, '.api-auth__open', { back: true });
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog.auth-dialog[open]');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog.auth-dialog'))).toBe(true);
    await page.keyboard.press('Tab');
    await expectRing(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.auth-dialog[open]').count()).toBe(0);
    expect(await isFocused(page, '.api-auth__open')).toBe(true);
  });

  it('mobile menu: opens from its button, keeps Tab inside, Escape closes it and returns focus', async () => {
    const page = await pages.open('/docs/intro', PHONE);
    await tabTo(page, '[data-menu-toggle]');
    await expectRing(page);
    await page.keyboard.press('Enter');
    const menu = page.locator('[data-mobile-menu]');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await isFocused(page, '[data-menu-close]')).toBe(true);
    // Its first control is the logo: Shift+Tab from there goes to its last, Tab back to the first.
    const logo = '[data-mobile-menu] .navbar__brand';
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(page, logo)).toBe(true);
    await expectRing(page);
    await page.keyboard.press('Shift+Tab');
    const inMenu = (): Promise<boolean> => page.evaluate(() => !!document.activeElement.closest('[data-mobile-menu]'));
    expect(await inMenu()).toBe(true);
    expect(await isFocused(page, logo)).toBe(false);
    await expectRing(page);
    await page.keyboard.press('Tab');
    expect(await isFocused(page, logo)).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await inMenu()).toBe(true);
    }
    // A category of the page's sidebar, inside the drawer, opens by keyboard too.
    const caret = '[data-mobile-menu] [data-sidebar-caret][aria-controls="sidebar-1"]';
    await tabTo(page, caret);
    await page.keyboard.press('Enter');
    expect(await page.getAttribute(caret, 'aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isHidden()).toBe(true);
    expect(await isFocused(page, '[data-menu-toggle]')).toBe(true);

    // The search box in the compact bar: Tab reaches it and it shows as focused.
    await tabTo(page, '[data-search-input]');
    await expectRing(page, { ring: '.navbar-search__field', shadow: true });
  });
});
