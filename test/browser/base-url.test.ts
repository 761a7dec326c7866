// A site served under a sub-path (baseUrl "/dist/"): its island hydrates, and when the widget's or
// the search's code fails to load, 'Retry' loads it again from under that sub-path.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { tempProject } from '../helpers/fixtures.js';
import { buildWithCli, failOnPageProblems, launchBrowser, pageOpener } from './browser.js';
import { serveStatic, type StaticServer } from './static-server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;

let browser: Browser | undefined;
let server: StaticServer | undefined;
let dist: string | undefined;
beforeAll(async () => {
  const root = tempProject({
    // The output folder is "dist", served from its parent: the site lives at /dist/.
    'site.config.ts': "export default { title: 'Sub-path', baseUrl: '/dist/' };\n",
    'content/components/Tally.tsx': [
      "import { useState } from 'react';",
      'export default function Tally() {',
      '  const [n, setN] = useState(0);',
      '  return <button type="button" className="tally" onClick={() => setN(n + 1)}>Tally {n}</button>;',
      '}',
    ].join('\n'),
    'content/docs/intro.mdx': "---\ntitle: Intro\n---\n\nimport Tally from '../components/Tally';\n\n<Tally client:load />\n",
  });
  dist = buildWithCli(root);
  [server, browser] = await Promise.all([serveStatic(dirname(dist)), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dist) rmSync(dirname(dist), { recursive: true, force: true });
});

const pages = pageOpener(
  () => browser!,
  () => `${server!.url}/dist`,
);
const expectProblems = failOnPageProblems(pages);
/** Requests for a chunk's own URL fail for good; requested again under a fresh URL, it loads. */
const failing = (chunk: string) => (url: URL) => new RegExp(`^/dist/assets/js/chunks/${chunk}-\\w+\\.js$`).test(url.pathname) && !url.search;

describe('a site under a sub-path', () => {
  it("hydrates its island; 'Retry' loads the widget's code from the sub-path", async () => {
    const requested: string[] = [];
    const page = await pages.open('/docs/intro', {
      before: async (ctx) => {
        ctx.on('request', (r) => r.resourceType() === 'script' && requested.push(new URL(r.url()).pathname));
        await ctx.route(failing('Tally'), (route) => route.abort('connectionrefused'));
      },
    });
    await page.evaluate(() => (window.__marker = 1));
    const tally = page.locator('[data-island]');
    await page.locator('.chunk-error').getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => tally.getAttribute('data-hydrated')).toBe('true');
    await page.locator('button.tally').click();
    expect(await page.locator('button.tally').innerText()).toBe('Tally 1');
    expect(await page.evaluate(() => window.__marker)).toBe(1);
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((p) => !p.startsWith('/dist/'))).toEqual([]);
    expectProblems(/Failed to fetch dynamically imported module|Tally-/);
  });

  it("'Retry' loads the search's code from the sub-path", async () => {
    const page = await pages.open('/docs/intro', { before: (ctx) => ctx.route(failing('search-ui'), (route) => route.abort('connectionrefused')) });
    await page.keyboard.press('Control+k');
    const error = page.locator('[data-search-error]');
    await expect.poll(() => error.isVisible()).toBe(true);
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => error.count()).toBe(0);
    await page.keyboard.type('intro');
    await expect.poll(() => page.locator('.search-result').first().getAttribute('href')).toBe('/dist/docs/intro');
    expectProblems(/Failed to fetch dynamically imported module|search-ui-/);
  });
});
