// Islands in Chromium, on a small fixture site: the four hydration strategies, clicks and keys
// made before hydration (replayed), the loading spinner, a widget that crashes ('This page
// crashed.', 'Try again'), a widget whose chunk fails to load ('Retry': under a fresh URL, or by
// reloading the page when React's chunk failed), and a navbar that hides on scroll. Every page must
// run without an uncaught error, a console error or a CSP violation.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tempProject } from '../helpers/fixtures.js';
import { failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';

// page.evaluate() callbacks run in the browser, but this file is type-checked with the node
// tsconfig (no DOM lib): the browser globals they use are declared loosely here.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;
declare const document: any;
declare function getComputedStyle(e: unknown, pseudo?: string): any;

const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of text, so that the page scrolls.`).join('\n\n');

/** requestIdleCallback held by the test: idle callbacks run only when it calls __flushIdle(). */
const HOLD_IDLE = `
  window.__idle = [];
  window.requestIdleCallback = (fn) => window.__idle.push(fn);
  window.cancelIdleCallback = () => {};
  window.__flushIdle = () => window.__idle.splice(0).forEach((fn) => fn({ didTimeout: false, timeRemaining: () => 50 }));
`;

const site = useBuiltSite(() => {
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
    // One component, one island per strategy; a key press is counted too.
    'content/components/Counter.tsx': [
      "import { useState } from 'react';",
      'export default function Counter({ name }: { name: string }) {',
      '  const [n, setN] = useState(0);',
      '  const [keys, setKeys] = useState(0);',
      '  return (',
      '    <p className={`counter counter--${name}`}>',
      '      <button type="button" onClick={() => setN(n + 1)} onKeyDown={() => setKeys(keys + 1)}>{name} {n}</button>',
      '      <span className="keys">{keys}</span>',
      '      <a className="counter__link" href="/docs/plain">Plain page</a>',
      '    </p>',
      '  );',
      '}',
    ].join('\n'),
    'content/docs/intro.mdx': [
      '---\ntitle: Widgets\n---\n',
      "import Boom from '../components/Boom';",
      "import Flaky from '../components/Flaky';",
      '',
      '<Boom client:load label="Break me" />',
      '',
      '<Flaky client:load />',
      '',
      paragraphs,
      '',
    ].join('\n'),
    'content/docs/strategies.mdx': [
      '---\ntitle: Strategies\n---\n',
      "import Counter from '../components/Counter';",
      '',
      '<Counter client:idle name="idle" />',
      '',
      '<Counter client:interaction name="mouse" />',
      '',
      '<Counter client:interaction name="keyboard" />',
      '',
      '<Counter client:interaction name="link" />',
      '',
      paragraphs,
      '',
      '<Counter client:visible name="visible" />',
      '',
    ].join('\n'),
    'content/docs/plain.md': `---\ntitle: Plain\n---\n\nNo widgets here.\n\n${paragraphs}\n`,
  });
  return root;
});
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
const expectProblems = failOnPageProblems(pages);

const island = (page: Page, name: string) => page.locator('[data-island]').filter({ has: page.locator(`.counter--${name}`) });
const hydrated = (page: Page, name: string): Promise<string | null> => island(page, name).getAttribute('data-hydrated');

/** Holds the Counter chunk until the returned function is called. */
async function holdCounterChunk(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.context().route('**/assets/js/chunks/Counter-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('hydration strategies', () => {
  it("'idle' waits for the browser to be idle, 'visible' for the island to come near the viewport", async () => {
    const page = await pages.open('/docs/strategies', { init: [HOLD_IDLE] });
    await page.waitForLoadState('networkidle');
    expect(await hydrated(page, 'idle')).toBe('pending');
    expect(await hydrated(page, 'visible')).toBe('pending');
    await page.evaluate(() => window.__flushIdle());
    await expect.poll(() => hydrated(page, 'idle')).toBe('true');
    expect(await hydrated(page, 'visible')).toBe('pending');
    await island(page, 'visible').scrollIntoViewIfNeeded();
    await expect.poll(() => hydrated(page, 'visible')).toBe('true');
    await page.locator('.counter--visible button').click();
    expect(await page.locator('.counter--visible button').innerText()).toBe('visible 1');
    // Never used: never hydrated, and its code never asked for.
    expect(await hydrated(page, 'mouse')).toBe('pending');
  });

  it("'interaction' hydrates on first use, and the click that started it counts (with the spinner meanwhile)", async () => {
    const page = await pages.open('/docs/strategies', { init: [HOLD_IDLE] });
    const release = await holdCounterChunk(page);
    await page.waitForLoadState('networkidle');
    const mouse = island(page, 'mouse');
    expect(await hydrated(page, 'mouse')).toBe('pending');
    // One real click (pointer over, down, up) on the server-rendered button.
    const box = (await mouse.locator('button').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => mouse.getAttribute('class')).toContain('island--loading');
    expect(await mouse.getAttribute('aria-busy')).toBe('true');
    const spinner = await mouse.evaluate((el: unknown) => {
      const s = getComputedStyle(el, '::after');
      return { content: s.content, width: s.width, animation: s.animationName };
    });
    expect(spinner).toEqual({ content: '""', width: '16px', animation: 'sd-spin' });
    expect(await mouse.locator('button').innerText()).toBe('mouse 0');
    release();
    await expect.poll(() => hydrated(page, 'mouse')).toBe('true');
    await expect.poll(() => mouse.locator('button').innerText()).toBe('mouse 1');
    expect(await mouse.getAttribute('class')).not.toContain('island--loading');
    expect(await mouse.getAttribute('aria-busy')).toBeNull();
    // The other interaction islands are still server HTML.
    expect(await hydrated(page, 'keyboard')).toBe('pending');
  });

  it("'interaction' hydrates on focus, and Enter pressed before the code arrived counts", async () => {
    const page = await pages.open('/docs/strategies', { init: [HOLD_IDLE] });
    const release = await holdCounterChunk(page);
    await page.waitForLoadState('networkidle');
    const keyboard = island(page, 'keyboard');
    await keyboard.locator('button').focus();
    await expect.poll(() => hydrated(page, 'keyboard')).toBe('pending');
    await expect.poll(() => keyboard.getAttribute('class')).toContain('island--loading');
    await page.keyboard.press('Enter');
    release();
    await expect.poll(() => hydrated(page, 'keyboard')).toBe('true');
    await expect.poll(() => keyboard.locator('button').innerText()).toBe('keyboard 1');
    // The key press itself reached the widget's key handler once.
    expect(await keyboard.locator('.keys').innerText()).toBe('1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('keyboard 1');
  });

  it('follows a link clicked before hydration once the widget is there, client-side', async () => {
    const page = await pages.open('/docs/strategies', { init: [HOLD_IDLE] });
    const release = await holdCounterChunk(page);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => (window.__marker = 1));
    await island(page, 'link').locator('a').click();
    // Held while the code loads: still here.
    await expect.poll(() => island(page, 'link').getAttribute('class')).toContain('island--loading');
    expect(new URL(page.url()).pathname).toBe('/docs/strategies');
    release();
    await page.waitForURL('**/docs/plain');
    await expect.poll(() => page.title()).toBe('Plain | Islands');
    expect(await page.evaluate(() => window.__marker)).toBe(1);
  });
});

describe('islands', () => {
  it("shows 'This page crashed.' with the error, and 'Try again' mounts the widget afresh", async () => {
    const page = await pages.open('/docs/intro');
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
    // React reports the error its boundary caught on the console, with the component stack.
    expectProblems(/Boom: the widget broke/);
  });

  it("shows the error and 'Retry' when a widget's chunk fails to load; Retry loads it", async () => {
    // The chunk's own URL fails for good (a browser may also keep a failed module URL failed):
    // only an import under a fresh URL can load it. The first retry fails too (still offline).
    const page = await pages.open('/docs/intro', {
      before: (ctx) =>
        ctx.route(
          (url) => /\/assets\/js\/chunks\/Flaky-\w+\.js$/.test(url.pathname) && ['', '?retry=1'].includes(url.search),
          (route) => route.abort('connectionrefused'),
        ),
    });
    await page.evaluate(() => (window.__marker = 1));
    const flaky = page.locator('[data-island]').filter({ has: page.locator('button.flaky') });
    const error = flaky.locator('.chunk-error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await error.innerText()).toContain('This part of the page could not be loaded.');
    // The server-rendered widget stays readable meanwhile.
    expect(await flaky.locator('button.flaky').innerText()).toBe('Clicked 0');

    await error.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => error.isVisible()).toBe(true);
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => flaky.getAttribute('data-hydrated')).toBe('true');
    expect(await error.count()).toBe(0);
    await flaky.locator('button.flaky').click();
    expect(await flaky.locator('button.flaky').innerText()).toBe('Clicked 1');
    // Loaded in this page, not by reloading it.
    expect(await page.evaluate(() => window.__marker)).toBe(1);
    // The dynamic import's failure is reported by the browser as a console error.
    expectProblems(/Failed to fetch dynamically imported module|Flaky-/);
  });

  it('reloads the page on Retry when a chunk the widget imports is what failed', async () => {
    // React's chunk fails while the first page is shown: a fresh URL for the widget's chunk
    // cannot help (it imports React's by its own URL), a new page can.
    let documents = 0;
    const page = await pages.open('/docs/intro', {
      before: async (ctx) => {
        ctx.on('request', (r) => r.isNavigationRequest() && documents++);
        await ctx.route(/\/assets\/js\/chunks\/react-\w+\.js$/, (route) => (documents < 2 ? route.abort('connectionrefused') : route.continue()));
      },
    });
    await page.evaluate(() => (window.__marker = 1));
    const flaky = page.locator('[data-island]').filter({ has: page.locator('button.flaky') });
    const error = flaky.locator('.chunk-error');
    await expect.poll(() => error.isVisible()).toBe(true);
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => documents).toBe(2);
    // A whole page load, then the widget's code.
    await expect.poll(() => flaky.getAttribute('data-hydrated'), { timeout: 5000 }).toBe('true');
    expect(await page.evaluate(() => window.__marker)).toBeUndefined();
    await flaky.locator('button.flaky').click();
    expect(await flaky.locator('button.flaky').innerText()).toBe('Clicked 1');
    expectProblems(/Failed to fetch dynamically imported module|react-/);
  });

  it('does not load React on a page without islands', async () => {
    const scripts: string[] = [];
    const page = await pages.open('/docs/plain', {
      before: async (ctx) => ctx.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)),
    });
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /\/assets\/js\/entry-/.test(s))).toBe(true);
    expect(scripts.filter((s) => /mount-|Boom-|Flaky-|Counter-|chunks\//.test(s))).toEqual([]);
  });
});

describe('navbar with hideOnScroll', () => {
  it('hides on scroll down and comes back on scroll up', async () => {
    const page = await pages.open('/docs/plain');
    const nav = page.locator('nav.navbar');
    expect(await nav.getAttribute('data-hide-on-scroll')).toBe('true');
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => nav.getAttribute('class')).toContain('navbar--hidden');
    expect(await nav.getAttribute('class')).toContain('navbar--scrolled');
    await page.mouse.wheel(0, -200);
    await expect.poll(() => nav.getAttribute('class')).not.toContain('navbar--hidden');
  });
});
