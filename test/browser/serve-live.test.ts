import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { tempProject } from '../helpers/fixtures.js';
import { startServerCommand, type StartedServer } from '../helpers/cli-server.js';
import { launchBrowser } from './browser.js';

// `shipdocs serve` in a real browser: an edit reloads the page; an edit that breaks the site keeps
// the last good page and shows the error over it (file, line, column, code frame); the fix clears
// it without a manual reload; an edit of the site's stylesheet applies without a reload.

// Run in the page (a function: the site's CSP refuses strings evaluated there).
declare const window: { streaming?: boolean };

let browser: Browser;
let serve: StartedServer;
let root = '';
const doc = (): string => join(root, 'content/docs/intro.md');

beforeAll(async () => {
  root = tempProject({
    'content/docs/intro.md': '---\ntitle: Intro\n---\n\nFirst version.\n',
    'content/docs/other.md': '# Other\n\nAnother page.\n',
    'site.config.ts': "export default { customCss: 'custom.css' };\n",
    'custom.css': 'main { --probe: 1px; }\n',
  });
  serve = await startServerCommand('serve', ['--root', root, '--port', '0'], 'serving');
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  serve?.child.kill('SIGTERM');
});

/** A page of the served site, and a wait for its reload script's event stream to be open (again after each reload). */
async function open(path: string): Promise<{ page: Page; streaming: () => Promise<unknown> }> {
  const page = await browser.newPage();
  await page.addInitScript(`{
    const Source = window.EventSource;
    window.EventSource = class extends Source {
      constructor(url, init) {
        super(url, init);
        this.addEventListener('open', () => (window.streaming = true));
      }
    };
  }`);
  await page.goto(`http://127.0.0.1:${serve.port}${path}`);
  return { page, streaming: () => page.waitForFunction(() => window.streaming === true) };
}

describe('serve in the browser', () => {
  it('reloads on an edit, shows a failed edit over the last good page, and clears it when fixed', async () => {
    const { page, streaming } = await open('/docs/intro');
    await expect.poll(() => page.locator('main').innerText()).toContain('First version.');
    await streaming();

    writeFileSync(doc(), '---\ntitle: Intro\n---\n\nSecond version.\n');
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toContain('Second version.');
    await streaming();

    writeFileSync(doc(), '---\ntitle: [broken\n---\n\nThird version.\n');
    const overlay = page.locator('#shipdocs-build-error');
    await expect.poll(() => overlay.isVisible(), { timeout: 15_000 }).toBe(true);
    const text = await overlay.innerText();
    expect(text).toContain('the last good build is shown');
    expect(text).toMatch(/content\/docs\/intro\.md:2:\d+/);
    expect(text).toContain('title: [broken');
    expect(await overlay.getAttribute('role')).toBe('alert');
    expect(await page.locator('main').innerText()).toContain('Second version.');

    // A page opened while the site is broken shows the error at once, over the last good page.
    const other = await browser.newPage();
    await other.goto(`http://127.0.0.1:${serve.port}/docs/other`);
    await expect.poll(() => other.locator('#shipdocs-build-error').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await other.locator('main').innerText()).toContain('Another page.');
    await other.close();

    writeFileSync(doc(), readFileSync(doc(), 'utf8').replace('title: [broken', 'title: Intro').replace('Third', 'Fourth'));
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toContain('Fourth version.');
    expect(await overlay.count()).toBe(0);
    await page.close();
  }, 60_000);

  it('swaps an edited stylesheet in without reloading the page', async () => {
    const { page, streaming } = await open('/docs/other');
    await page.evaluate('window.notReloaded = true');
    const probe = (): Promise<unknown> => page.evaluate("getComputedStyle(document.querySelector('main')).getPropertyValue('--probe').trim()");
    expect(await probe()).toBe('1px');
    await streaming();
    writeFileSync(join(root, 'custom.css'), 'main { --probe: 2px; }\n');
    await expect.poll(probe, { timeout: 15_000 }).toBe('2px');
    expect(await page.evaluate('window.notReloaded')).toBe(true);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
    await page.close();
  }, 60_000);
});
