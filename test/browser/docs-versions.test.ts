// The docs version dropdown in Chromium, on a fixture site with two versions and Next: picking a
// version leads to the same page in it, the choice is remembered, pages outside the docs then
// offer that version, and it works by keyboard alone.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { tempProject } from '../helpers/fixtures.js';
import { useBuiltSite } from './browser.js';
import { expectRing, isFocused, tabTo } from './keyboard.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const localStorage: any;

const contexts: BrowserContext[] = [];
const problems: string[] = [];

const doc = (text: string): string => `---\ntitle: Intro\nsidebar_position: 1\n---\n\n${text}\n`;

const site = useBuiltSite(() => {
  const root = tempProject({
    'site.config.ts': "export default { title: 'Versioned', navbar: { items: [{ label: 'Docs', to: '/docs', position: 'left' }] } };\n",
    'versions.json': '["2.0", "1.0"]\n',
    'content/docs/intro.md': doc('Unreleased docs.'),
    'content/docs/guide/setup.md': '# Setup\n\nNext setup.\n',
    'versioned_docs/version-2.0/intro.md': doc('Version two.'),
    'versioned_docs/version-2.0/guide/setup.md': '# Setup\n\nSetup of two.\n',
    'versioned_docs/version-1.0/intro.md': doc('Version one.'),
    'content/pages/about.md': '# About\n\nNot versioned.\n',
  });
  return root;
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  expect(problems.splice(0)).toEqual([]);
});

async function open(path: string, ctx?: BrowserContext): Promise<Page> {
  if (!ctx) {
    ctx = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    contexts.push(ctx);
  }
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) problems.push(`console: ${m.text()}`);
  });
  await page.goto(site.url + path);
  return page;
}

const current = (page: Page): Promise<string> => page.locator('[data-version-select] [data-version-current]').innerText();

describe('docs version dropdown', () => {
  it('lists Next and the versions, and leads to the same page in the version picked', async () => {
    const page = await open('/docs/2.0/guide/setup');
    expect(await current(page)).toBe('2.0');
    const select = page.locator('[data-version-select]');
    await select.locator('summary').click();
    expect(await select.locator('[data-version]').allInnerTexts()).toEqual(['Next', '2.0', '1.0']);
    await select.locator('[data-version="current"]').click();
    await page.waitForURL('**/docs/guide/setup');
    await expect.poll(() => page.locator('.markdown').first().innerText()).toContain('Next setup.');
    expect(await page.locator('.version-banner').innerText()).toMatch(/unreleased[\s\S]*latest version \(2\.0\)/i);
    expect(await page.evaluate(() => localStorage.getItem('shipdocs.docs.version'))).toBe('current');
  });

  it('remembers the version picked: pages outside the docs show it and link into it', async () => {
    const page = await open('/docs/intro');
    const select = page.locator('[data-version-select]');
    await select.locator('summary').click();
    await select.locator('[data-version="1.0"]').click();
    await page.waitForURL('**/docs/1.0/intro');
    await expect.poll(() => page.locator('.markdown').first().innerText()).toContain('Version one.');
    expect(await page.locator('.version-banner a').getAttribute('href')).toBe('/docs/2.0/intro');
    expect(await page.evaluate(() => localStorage.getItem('shipdocs.docs.version'))).toBe('1.0');

    const about = await open('/about', page.context());
    expect(await current(about)).toBe('1.0');
    expect(await about.locator('.navbar__link', { hasText: 'Docs' }).getAttribute('href')).toBe('/docs/1.0');
    await about.locator('.navbar__link', { hasText: 'Docs' }).click();
    await about.waitForURL('**/docs/1.0');
  });

  it('shows the latest version outside the docs by default, and closes on Escape and outside clicks', async () => {
    const page = await open('/about');
    expect(await current(page)).toBe('2.0');
    expect(await page.locator('.navbar__link', { hasText: 'Docs' }).getAttribute('href')).toBe('/docs');
    const select = page.locator('[data-version-select]');
    await select.locator('summary').click();
    expect(await select.getAttribute('open')).toBe('');
    await page.keyboard.press('Escape');
    expect(await select.getAttribute('open')).toBeNull();
    await select.locator('summary').click();
    await page.mouse.click(600, 600);
    expect(await select.getAttribute('open')).toBeNull();
  });

  it('works by keyboard: Enter opens it, Tab walks its versions, Escape closes it and returns focus, Enter follows one', async () => {
    const page = await open('/docs/2.0/intro');
    const select = page.locator('[data-version-select]');
    const summary = '[data-version-select] summary';
    await tabTo(page, summary);
    await expectRing(page);
    await page.keyboard.press('Enter');
    expect(await select.getAttribute('open')).toBe('');
    await page.keyboard.press('Tab');
    expect(await isFocused(page, '[data-version="current"]')).toBe(true);
    await expectRing(page);
    await page.keyboard.press('Escape');
    expect(await select.getAttribute('open')).toBeNull();
    expect(await isFocused(page, summary)).toBe(true);
    // Tabbing past its last version closes it.
    await page.keyboard.press('Space');
    await tabTo(page, '[data-version="1.0"]');
    await page.keyboard.press('Tab');
    expect(await select.getAttribute('open')).toBeNull();
    await tabTo(page, summary, { back: true });
    await page.keyboard.press('Enter');
    await tabTo(page, '[data-version="1.0"]');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/docs/1.0/intro');
  });
});
