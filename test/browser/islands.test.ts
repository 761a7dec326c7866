// Islands in Chromium, on a small fixture site: a widget that crashes ('This page crashed.',
// 'Try again'), a widget whose chunk fails to load ('Retry'), and a navbar that hides on scroll.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { tempProject } from '../helpers/fixtures.js';
import { buildWithCli, launchBrowser } from './browser.js';
import { serveStatic, type StaticServer } from './static-server.js';

// page.evaluate() callbacks run in the browser, but this file is type-checked with the node
// tsconfig (no DOM lib): the browser globals they use are declared loosely here.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;
declare const document: any;
declare const localStorage: any;
declare const sessionStorage: any;
declare const scrollY: number;
declare function scrollTo(x: number, y: number): void;
declare function getComputedStyle(e: unknown): any;
declare const MutationObserver: any;
type HTMLElement = any;
type HTMLAnchorElement = any;

let browser: Browser;
let server: StaticServer;
let dist: string;

const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of text, so that the page scrolls.`).join('\n\n');

beforeAll(async () => {
  const root = tempProject({
    'site.config.ts': "export default { title: 'Islands', navbar: { hideOnScroll: true }, ui: { languages: ['es', 'en'], defaultLanguage: 'es' } };\n",
    'content/components/Boom.tsx': [
      "import { useState } from 'react';",
      'export default function Boom({ label }: { label: string }) {',
      '  const [broken, setBroken] = useState(false);',
      "  if (broken) throw new Error('Boom: the widget broke');",
      '  return <button type="button" className="boom" onClick={() => setBroken(true)}>{label}</button>;',
      '}',
    ].join('\n'),
    'content/components/Flaky.tsx': [
      "import { useState } from 'react';",
      'export default function Flaky() {',
      '  const [n, setN] = useState(0);',
      '  return <button type="button" className="flaky" onClick={() => setN(n + 1)}>Clicked {n}</button>;',
      '}',
    ].join('\n'),
    'content/docs/intro.mdx': ["---\ntitle: Widgets\n---\n", "import Boom from '../components/Boom';", "import Flaky from '../components/Flaky';", '', '<Boom client:load label="Break me" />', '', '<Flaky client:load />', '', paragraphs, ''].join('\n'),
    'content/docs/plain.md': `---\ntitle: Plain\n---\n\nNo widgets here.\n\n${paragraphs}\n`,
  });
  dist = buildWithCli(root);
  [server, browser] = await Promise.all([serveStatic(dist), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dist) rmSync(dirname(dist), { recursive: true, force: true });
});

async function open(path: string, setup?: (ctx: BrowserContext) => Promise<unknown>): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await setup?.(ctx);
  const page = await ctx.newPage();
  await page.goto(server.url + path);
  return page;
}

describe('islands', () => {
  it("shows 'This page crashed.' with the error, and 'Try again' mounts the widget afresh", async () => {
    const page = await open('/docs/intro');
    const boom = page.locator('button.boom');
    await expect.poll(() => page.locator('[data-island]').first().getAttribute('data-hydrated')).toBe('true');
    await boom.click();
    const crash = page.locator('.crash');
    await expect.poll(() => crash.isVisible()).toBe(true);
    expect(await crash.locator('.crash__title').innerText()).toBe('This page crashed.');
    expect(await crash.locator('summary').innerText()).toContain('Boom: the widget broke');
    expect(await crash.getAttribute('role')).toBe('alert');
    // The other island is unaffected.
    expect(await page.locator('button.flaky').isVisible()).toBe(true);
    // In Spanish too, at once.
    await page.evaluate(() => (document.documentElement.dataset.uiLang = 'es'));
    expect(await crash.locator('.crash__title').innerText()).toBe('Esta página ha fallado.');
    await page.evaluate(() => (document.documentElement.dataset.uiLang = 'en'));

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => boom.isVisible()).toBe(true);
    expect(await crash.count()).toBe(0);
    expect(await boom.innerText()).toBe('Break me');
    await page.context().close();
  });

  it("shows the error and 'Retry' when a widget's chunk fails to load; Retry loads it", async () => {
    let fail = true;
    const page = await open('/docs/intro', (ctx) =>
      ctx.route('**/assets/js/chunks/Flaky-*.js', (route) => {
        if (fail) return route.abort('connectionrefused');
        return route.continue();
      }),
    );
    const island = page.locator('[data-island]').filter({ has: page.locator('button.flaky') });
    const error = island.locator('.chunk-error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await error.innerText()).toContain('This part of the page could not be loaded.');
    // The server-rendered widget stays readable meanwhile.
    expect(await island.locator('button.flaky').innerText()).toBe('Clicked 0');

    fail = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => island.getAttribute('data-hydrated')).toBe('true');
    expect(await error.count()).toBe(0);
    await island.locator('button.flaky').click();
    expect(await island.locator('button.flaky').innerText()).toBe('Clicked 1');
    await page.context().close();
  });

  it('does not load React on a page without islands', async () => {
    const scripts: string[] = [];
    const page = await open('/docs/plain', async (ctx) => {
      ctx.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    });
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /mount-|Boom-|Flaky-/.test(s))).toEqual([]);
    await page.context().close();
  });
});

describe('navbar with hideOnScroll', () => {
  it('hides on scroll down and comes back on scroll up', async () => {
    const page = await open('/docs/plain');
    const nav = page.locator('nav.navbar');
    expect(await nav.getAttribute('data-hide-on-scroll')).toBe('true');
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => nav.getAttribute('class')).toContain('navbar--hidden');
    expect(await nav.getAttribute('class')).toContain('navbar--scrolled');
    await page.mouse.wheel(0, -200);
    await expect.poll(() => nav.getAttribute('class')).not.toContain('navbar--hidden');
    await page.context().close();
  });
});
