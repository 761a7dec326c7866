// MDX in Chromium: the built-in Tabs (switching for any number of tabs, defaultValue, groupId
// syncing and the remembered choice), the RateCalculator island of the default site's MDX post,
// and the blog feeds read by the browser's strict XML parser.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FIXTURES, tempProject } from '../helpers/fixtures.js';
import { buildWithCli, launchBrowser, sharedDefaultSite } from './browser.js';
import { serveStatic, type StaticServer } from './static-server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const localStorage: any;
declare const DOMParser: any;

let browser: Browser;
const servers: StaticServer[] = [];
const dists: string[] = [];
const contexts: BrowserContext[] = [];
const problems: string[] = [];
let tabsSite: StaticServer;
let defaultSite: StaticServer;
let blogDist: string;

const os = (value: string, extra = ''): string => `<TabItem value="${value}" label="${value.toUpperCase()}"${extra}>${value} steps</TabItem>`;
const TABS_PAGE = [
  '---',
  'title: Tabs',
  '---',
  '',
  `<Tabs groupId="os">${['win', 'mac', 'linux'].map((v) => os(v)).join('')}</Tabs>`,
  '',
  `<Tabs groupId="os" defaultValue="linux">${['win', 'mac', 'linux'].map((v) => os(v)).join('')}</Tabs>`,
  '',
  `<Tabs defaultValue="t9" label="Ten">${Array.from({ length: 10 }, (_, i) => `<TabItem value="t${i}">panel ${i}</TabItem>`).join('')}</Tabs>`,
  '',
  `<Tabs label="Plain"><TabItem value="a">A text</TabItem><TabItem value="b" default>B text</TabItem><TabItem value="c">C text</TabItem></Tabs>`,
  '',
].join('\n');

beforeAll(async () => {
  const root = tempProject({
    'content/docs/tabs.mdx': TABS_PAGE,
    'content/docs/other.mdx': `---\ntitle: Other\n---\n\n<Tabs groupId="os">${['win', 'mac', 'linux'].map((v) => os(v)).join('')}</Tabs>\n`,
  });
  const tabsDist = buildWithCli(root);
  blogDist = buildWithCli(join(FIXTURES, 'sites/blog'));
  const siteDist = sharedDefaultSite();
  dists.push(tabsDist, blogDist);
  [tabsSite, defaultSite, browser] = await Promise.all([serveStatic(tabsDist), serveStatic(siteDist), launchBrowser()]);
  servers.push(tabsSite, defaultSite);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.close()));
  for (const d of dists) rmSync(dirname(d), { recursive: true, force: true });
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  expect(problems.splice(0)).toEqual([]);
});

async function open(server: StaticServer, path: string, ctx?: BrowserContext): Promise<Page> {
  if (!ctx) {
    ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    contexts.push(ctx);
  }
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // The fixture sites have no favicon: the browser's own request for one is not the page's.
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  await page.goto(server.url + path);
  return page;
}

/** The text of the visible panels of the n-th Tabs on the page. */
const shown = (page: Page, n: number): Promise<string[]> =>
  page.evaluate(
    (i: number) =>
      [...document.querySelectorAll('.tabs')[i].querySelectorAll(':scope > .tabs__panel')]
        .filter((p: any) => p.offsetParent !== null)
        .map((p: any) => p.textContent),
    n,
  );

describe('Tabs', () => {
  it('shows the defaultValue tab, else the `default` item, else the first; switches any number of tabs', async () => {
    const page = await open(tabsSite, '/docs/tabs');
    expect(await shown(page, 0)).toEqual(['win steps']);
    expect(await shown(page, 1)).toEqual(['linux steps']);
    expect(await shown(page, 2)).toEqual(['panel 9']);
    expect(await shown(page, 3)).toEqual(['B text']);
    await page.locator('.tabs').nth(2).locator('label', { hasText: 't3' }).click();
    expect(await shown(page, 2)).toEqual(['panel 3']);
    // Arrow keys move within the radio group, as for any radio group.
    await page.locator('.tabs').nth(3).locator('input:checked').focus();
    await page.keyboard.press('ArrowRight');
    expect(await shown(page, 3)).toEqual(['C text']);
    // The other groups did not move.
    expect(await shown(page, 0)).toEqual(['win steps']);
  });

  it('switches every tab group of the same groupId together and remembers the choice', async () => {
    const page = await open(tabsSite, '/docs/tabs');
    await page.locator('.tabs').nth(0).locator('label', { hasText: 'MAC' }).click();
    expect(await shown(page, 0)).toEqual(['mac steps']);
    expect(await shown(page, 1)).toEqual(['mac steps']);
    expect(await shown(page, 2)).toEqual(['panel 9']);
    expect(await page.evaluate(() => localStorage.getItem('shipdocs.tab.os'))).toBe('mac');
    // Another page (a full load) opens on the remembered tab, whatever its own default.
    const other = await open(tabsSite, '/docs/other', page.context());
    expect(await shown(other, 0)).toEqual(['mac steps']);
    await page.reload();
    expect(await shown(page, 1)).toEqual(['mac steps']);
    // A value a group does not have leaves it on its default.
    await page.evaluate(() => localStorage.setItem('shipdocs.tab.os', 'beos'));
    await page.reload();
    expect(await shown(page, 1)).toEqual(['linux steps']);
  });

  it('shows the first tab without JavaScript', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    contexts.push(ctx);
    const page = await open(tabsSite, '/docs/tabs', ctx);
    expect(await shown(page, 2)).toEqual(['panel 9']);
    await page.locator('.tabs').nth(2).locator('label', { hasText: 't0' }).click();
    expect(await shown(page, 2)).toEqual(['panel 0']);
  });
});

describe('the default site', () => {
  it('runs the RateCalculator island of /blog/mdx-blog-post', async () => {
    const page = await open(defaultSite, '/blog/mdx-blog-post');
    const calc = page.locator('.rate-calculator');
    // client:visible: it hydrates once scrolled into view.
    await calc.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('[data-island]').filter({ has: calc }).getAttribute('data-hydrated')).toBe('true');
    const result = calc.locator('.rate-calculator__result');
    expect(await result.innerText()).toBe('Estimated price for 1 billable kg: $138.00');
    await calc.locator('input').fill('3.2');
    await expect.poll(() => result.innerText()).toBe('Estimated price for 4 billable kg: $192.00');
    await calc.locator('input').fill('90');
    await expect.poll(() => result.innerText()).toBe('Enter a weight between 0.1 and 70 kg.');
    expect(await calc.locator('input').getAttribute('aria-invalid')).toBe('true');
  });

  it('syncs the tabs of the markdown-features tutorial with the blog post (groupId "language")', async () => {
    const page = await open(defaultSite, '/docs/tutorial-basics/markdown-features');
    const tabs = page.locator('.tabs[data-group-id="language"]').first();
    await tabs.locator('label', { hasText: 'JavaScript' }).click();
    const post = await open(defaultSite, '/blog/mdx-blog-post', page.context());
    const checked = await post.locator('.tabs[data-group-id="language"] > .tabs__radio:checked').first().getAttribute('value');
    expect(checked).toBe('javascript');
  });
});

describe('blog feeds', () => {
  it('are well-formed XML for a strict parser, with ]]> and control characters in a post', async () => {
    const page = await open(tabsSite, '/docs/tabs');
    for (const feed of ['rss.xml', 'atom.xml']) {
      const xml = readFileSync(join(blogDist, 'blog', feed), 'utf8');
      const parsed = await page.evaluate((text: string) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        const error = doc.getElementsByTagName('parsererror')[0];
        if (error) return { error: error.textContent };
        const items = [...doc.querySelectorAll('item, entry')];
        return {
          root: doc.documentElement.nodeName,
          items: items.length,
          first: items[0]?.querySelector('title')?.textContent,
          body: (items[0]?.querySelector('content, encoded')?.textContent ?? '') as string,
        };
      }, xml);
      expect(parsed).toMatchObject({ root: feed === 'rss.xml' ? 'rss' : 'feed', items: 4, first: 'First post' });
      expect((parsed as { body: string }).body).toContain('a ]]> sequence');
    }
  });
});
