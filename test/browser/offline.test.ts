// Offline reading (config `offline`) in Chromium, on a site under a sub-path: pages opened online
// open again offline, another page shows the offline page listing them, requests to APIs are
// never kept, a new build is offered with a reload, and a build with `offline` off removes the
// worker and its caches.
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { REPO, tempDir, tempProject } from '../helpers/fixtures.js';
import { failOnPageProblems, launchBrowser, pageOpener } from './browser.js';
import { serveStatic, type StaticServer } from './static-server.js';

const run = promisify(execFile);
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const navigator: any;
declare const caches: any;
declare const document: any;
declare const localStorage: any;
declare const getComputedStyle: any;
declare const axe: any;

let browser: Browser | undefined;
let server: StaticServer | undefined;
/** Served at /dist/: the build deployed last. */
let site = '';
/** The three deployments: the first build, a new edition of a page, and `offline` turned off. */
let builds: { first: string; second: string; off: string } | undefined;

const project = (offline: boolean, edition: string): string =>
  tempProject({
    'site.config.ts': `export default { title: 'Field guide', baseUrl: '/dist/', offline: ${offline} };\n`,
    'content/docs/intro.md': '---\ntitle: Intro\n---\n\nFirst steps.\n',
    'content/docs/guide.md': `---\ntitle: Guide\n---\n\nThe guide, ${edition} edition.\n`,
    // Linked from nowhere: never opened, never prefetched.
    'content/pages/unlinked.md': '---\ntitle: Unlinked\n---\n\nNobody comes here.\n',
    // What a same-origin API answers (the try-it's requests go there), and a file of the site.
    'static/v1/parcels.json': '{"parcels":[]}\n',
    'static/data/rates.json': '{"rates":[]}\n',
  });

/** Builds a project with the real CLI into a fresh folder. */
async function build(root: string): Promise<string> {
  const out = join(tempDir('shipdocs-offline-'), 'dist');
  await run(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'build', '--root', root, '--out', out]);
  return out;
}

/** Puts a build where the server serves the site, as a deployment does. */
function deploy(out: string): void {
  rmSync(join(site, 'dist'), { recursive: true, force: true });
  cpSync(out, join(site, 'dist'), { recursive: true });
}

beforeAll(async () => {
  site = tempDir('shipdocs-offline-site-');
  // Built in parallel, and the browser launched meanwhile.
  const launched = launchBrowser();
  const [first, second, off] = await Promise.all([build(project(true, 'first')), build(project(true, 'second')), build(project(false, 'second'))]);
  builds = { first, second, off };
  deploy(first);
  [server, browser] = await Promise.all([serveStatic(site), launched]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const pages = pageOpener(
  () => browser!,
  () => `${server!.url}/dist`,
);
failOnPageProblems(pages);

/** axe-core's WCAG 2.0/2.1 A and AA violations inside `selector`. */
async function violations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async (include) => {
    const result = await axe.run({ include: [include] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

describe('offline reading', () => {
  it('keeps opened pages, lists them offline, keeps no API request, offers a new build and goes away when turned off', async () => {
    const page = await pages.open('/', { serviceWorkers: 'allow' });
    const ctx = page.context();
    const url = (path: string): string => `${server!.url}/dist${path}`;

    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await page.goto(url('/docs/intro'));
    await page.goto(url('/docs/guide'));
    await page.evaluate(async () => {
      // The try-it's request (no credentials), one with credentials in a header, and a site file.
      await fetch('/dist/v1/parcels.json', { credentials: 'omit', mode: 'cors', cache: 'no-store' } as RequestInit);
      await fetch('/dist/v1/parcels.json', { headers: { Authorization: 'Bearer secret' } });
      await fetch('/dist/data/rates.json');
    });
    const kept = (): Promise<string[]> =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
        return urls.sort();
      });
    await expect.poll(kept).toEqual(expect.arrayContaining(['/dist', '/dist/docs/intro', '/dist/docs/guide', '/dist/data/rates.json', '/dist/offline.html']));
    expect((await kept()).filter((p) => p.includes('/v1/'))).toEqual([]);

    await ctx.setOffline(true);
    await page.goto(url('/docs/intro'));
    expect(await page.locator('h1').innerText()).toBe('Intro');
    expect(await page.locator('[data-offline-badge]').isVisible()).toBe(true);

    await page.goto(url('/unlinked'));
    expect(await page.locator('h1').innerText()).toBe('You are offline');
    const list = page.locator('[data-offline-pages] a');
    await expect.poll(() => list.allInnerTexts()).toEqual(['Field guide', 'Guide', 'Intro']);
    expect(await list.nth(2).getAttribute('href')).toBe('/dist/docs/intro');
    // In the reader's language, like every page.
    await page.evaluate(() => localStorage.setItem('shipdocs.lang', 'es'));
    await page.reload();
    expect(await page.locator('h1').innerText()).toBe('Sin conexión');
    expect(await page.getByRole('button', { name: 'Reintentar' }).isVisible()).toBe(true);
    await page.evaluate(() => localStorage.setItem('shipdocs.theme', 'dark'));
    await page.reload();
    await expect.poll(() => list.count()).toBe(3);
    expect(await violations(page, '.offline-page')).toEqual([]);
    await page.evaluate(() => (localStorage.setItem('shipdocs.lang', 'en'), localStorage.setItem('shipdocs.theme', 'light')));
    await page.reload();
    await expect.poll(() => list.count()).toBe(3);
    expect(await violations(page, '.offline-page')).toEqual([]);
    await list.nth(2).click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Intro');

    // A new deployment: the next visit finds the new worker, and the page offers a reload.
    await ctx.setOffline(false);
    deploy(builds!.second);
    await page.goto(url('/docs/guide'));
    const notice = page.getByRole('status').filter({ hasText: 'A new version is available.' });
    // The browser looks for a new worker shortly after a page has loaded.
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await violations(page, '.sw-update')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(await notice.evaluate((el: any) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    // Keyboard: the skip link, then the notice's button, with a visible focus ring.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return { text: el.innerText, ring: el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none' };
    });
    expect(focused).toEqual({ text: 'Reload', ring: true });
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    // The waiting worker took over: none waits any more, and the notice is gone.
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()).waiting)).toBe(false);
    expect(await notice.count()).toBe(0);
    expect(await page.locator('.markdown').innerText()).toContain('second edition');

    // `offline` turned off: the worker found at the next check (the same as above, asked for at
    // once here) removes itself and its caches.
    deploy(builds!.off);
    await page.goto(url('/docs/intro'));
    expect(await page.locator('[data-sw-update]').count()).toBe(0);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), { timeout: 15_000 }).toBe(0);
    expect(await page.evaluate(() => caches.keys())).toEqual([]);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBe(null);
  }, 60_000);
});
