// axe-core's WCAG 2.0 and 2.1 A and AA rules over every page type of the default site, built once
// by the real CLI: in light and dark mode at 1440 px and at 390 px, and with the widgets open
// (search results, language menu, mobile menu, the API page's try-it, code samples and
// authorization dialog, MDX tabs switched). Any violation fails, listed with its rule, element
// and axe's message.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import axeCore from 'axe-core';
import { pageOpener, useBuiltSite } from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const axe: any;

/**
 * axe-core, served with the site: a script the page loads (the CSP allows its own origin's) is
 * compiled once and cached by the browser context, where one evaluated is compiled on every page.
 */
const AXE_FILE = 'axe-core-under-test.js';
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const site = useBuiltSite();
beforeAll(() => writeFileSync(join(site.dist, AXE_FILE), axeCore.source));

// One page per width for every check (its browser context keeps axe compiled), both widths at
// once (each page has a renderer process of its own, and axe's colour-contrast rule is most of
// the time). Uncaught errors, console errors and CSP violations fail the test they happen in.
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
let wide: Promise<Page>;
let narrow: Promise<Page>;
beforeAll(() => {
  wide = pages.open('/', { viewport: { width: 1440, height: 900 } });
  narrow = pages.open('/', { viewport: { width: 390, height: 844 } });
});
afterEach(() => expect(pages.problems.splice(0)).toEqual([]));
afterAll(() => pages.settle());

/** Opens `path` in `page` (unless it is there) with axe loaded. */
async function visit(page: Page, path: string): Promise<void> {
  if (page.url() !== site.url + path) await page.goto(site.url + path);
  await withAxe(page);
}

type Mode = 'light' | 'dark';

/** Sets the colour mode with the navbar's toggle, as a reader does, and waits for its transitions. */
async function setMode(page: Page, mode: Mode): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== mode) await page.click('[data-color-mode-toggle]');
  await settle(page);
}

/** Ends the page's running transitions and finite animations (axe reads colours as painted). */
async function settle(page: Page): Promise<void> {
  // Each finite animation is brought to its end at once: contrast is measured in the final colours.
  // (Awaiting `finished` instead sometimes never returned: an animation whose element React
  // replaced meanwhile may leave its promise unsettled in Chromium.)
  await page.evaluate(() => {
    for (const a of document.getAnimations()) if (a.effect?.getComputedTiming().endTime !== Infinity) a.finish();
  });
}

/** Loads axe into the page (once per document). */
const withAxe = (page: Page): Promise<unknown> => page.addScriptTag({ url: `${site.url}/${AXE_FILE}` });

/** axe's WCAG A/AA violations in the page (or in `include` only), one line per element. */
async function violations(page: Page, label: string, include?: string): Promise<string[]> {
  const found: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[] = await page.evaluate(
    ([tags, within]) =>
      axe
        .run(within ? { include: [within] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((r: any) => r.violations),
    [WCAG_AA, include] as const,
  );
  return found.flatMap((v) =>
    v.nodes.map((n) => `${label}: ${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 240)}`),
  );
}

const PAGES = [
  '/',
  '/docs/intro',
  '/docs/tutorial-basics/markdown-features',
  '/blog',
  '/blog/mdx-blog-post',
  '/api',
  // Parameters and a request body; then one without either.
  '/api/shipment',
  '/api/auth-user-info',
  // An older version's operation: its banner and version menu.
  '/api/1.3/quoter',
  '/no-such-page',
];

describe('axe (WCAG 2.1 A and AA)', () => {
  for (const path of PAGES) {
    it(`finds nothing on ${path} in light and dark mode, at 1440 and 390 px`, async () => {
      const check = async (page: Page): Promise<string[]> => {
        await visit(page, path);
        const width = page.viewportSize()!.width;
        // Both modes, in the order that needs one switch.
        const first = (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark' ? 'dark' : 'light';
        const found: string[] = [];
        for (const mode of first === 'light' ? (['light', 'dark'] as const) : (['dark', 'light'] as const)) {
          await setMode(page, mode);
          found.push(...(await violations(page, `${path} ${mode} ${width}px`)));
        }
        return found;
      };
      expect((await Promise.all([check(await wide), check(await narrow)])).flat()).toEqual([]);
    });
  }

  it('finds nothing in the open widgets: MDX tabs, search results, language and version menus at 1440 px, the mobile menu at 390 px', async () => {
    const desktop = async (page: Page): Promise<string[]> => {
      const found: string[] = [];
      await visit(page, '/docs/tutorial-basics/markdown-features');
      await page.locator('.tabs__tab').nth(1).click();
      for (const mode of ['light', 'dark'] as const) {
        await setMode(page, mode);
        found.push(...(await violations(page, `tabs ${mode}`, '.tabs')));
        await page.keyboard.press('Control+k');
        await page.keyboard.type('address');
        await page.locator('.search-result').first().waitFor();
        found.push(...(await violations(page, `search ${mode}`, '[data-search]')));
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
        await page.click('.lang-select__button');
        await page.locator('#lang-select-list').waitFor();
        found.push(...(await violations(page, `language menu ${mode}`, '[data-lang-select]')));
        await page.keyboard.press('Escape');
        await page.click('[data-version-select] summary');
        found.push(...(await violations(page, `version menu ${mode}`, '[data-version-select]')));
        await page.keyboard.press('Escape');
      }
      return found;
    };
    const phone = async (page: Page): Promise<string[]> => {
      const found: string[] = [];
      await visit(page, '/docs/intro');
      for (const mode of ['light', 'dark'] as const) {
        await setMode(page, mode);
        await page.click('[data-menu-toggle]');
        await settle(page);
        found.push(...(await violations(page, `mobile menu ${mode}`)));
        await page.keyboard.press('Escape');
        await settle(page);
      }
      return found;
    };
    expect((await Promise.all([desktop(await wide), phone(await narrow)])).flat()).toEqual([]);
  });

  it('finds nothing on an API page with its try-it open, another code sample language and every response open, nor in the authorization dialog', async () => {
    const desktop = async (page: Page): Promise<string[]> => {
      const found: string[] = [];
      await visit(page, '/api/shipment');
      await page.click('.tryit__open');
      await page.waitForSelector('form.tryit--open');
      await page.evaluate(() => document.querySelectorAll('details.api-response').forEach((d: any) => (d.open = true)));
      await page.locator('.api-code-samples select').selectOption({ index: 2 });
      for (const mode of ['light', 'dark'] as const) {
        await setMode(page, mode);
        found.push(...(await violations(page, `try-it ${mode}`, 'main')));
      }
      return found;
    };
    const phone = async (page: Page): Promise<string[]> => {
      const found: string[] = [];
      await visit(page, '/api/shipment');
      await page.click('.api-auth__open');
      await page.waitForSelector('dialog.auth-dialog[open]');
      for (const mode of ['light', 'dark'] as const) {
        // The dialog is modal, the colour toggle behind it out of reach: the mode is set as the toggle sets it.
        await page.evaluate((m) => (document.documentElement.dataset.theme = m), mode);
        await settle(page);
        found.push(...(await violations(page, `authorization dialog ${mode} 390px`, 'dialog.auth-dialog')));
      }
      return found;
    };
    expect((await Promise.all([desktop(await wide), phone(await narrow)])).flat()).toEqual([]);
  });
});
