// axe-core's WCAG 2.0 and 2.1 A and AA rules over every page type of the default site, built once
// by the real CLI: in light and dark mode at 1440 px and at 390 px, and with the widgets open
// (search results, language menu, mobile menu, the API page's try-it, code samples and
// authorization dialog, MDX tabs switched). Any violation fails, listed with its rule, element
// and axe's message.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import axeCore from 'axe-core';
import { failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const axe: any;

const AXE_SOURCE = axeCore.source;
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const site = useBuiltSite();
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
failOnPageProblems(pages);

type Mode = 'light' | 'dark';

/** Sets the colour mode with the navbar's toggle, as a reader does, and waits for its transitions. */
async function setMode(page: Page, mode: Mode): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== mode) await page.click('[data-color-mode-toggle]');
  await settle(page);
}

/** Waits for the page's running transitions and finite animations (axe reads colours as painted). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a: any) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a: any) => a.finished.catch(() => undefined)),
    ),
  );
}

/** axe's WCAG A/AA violations in the page (or in `include` only), one line per element. */
async function violations(page: Page, label: string, include?: string): Promise<string[]> {
  // Evaluated over the DevTools protocol, which the page's CSP does not govern.
  if (!(await page.evaluate(() => typeof axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
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
  '/no-such-page',
];

describe('axe (WCAG 2.1 A and AA)', () => {
  it('finds nothing on any page type, in light and dark mode, at 1440 and 390 px', async () => {
    // One page per width, both at once (axe's colour-contrast rule is most of the time, and each
    // page has a renderer process of its own); each page's two modes in the order that needs one
    // switch.
    const atWidth = async (width: number): Promise<string[]> => {
      const page = await pages.open(PAGES[0]!, { viewport: { width, height: width > 400 ? 900 : 844 } });
      const found: string[] = [];
      for (const path of PAGES) {
        if (path !== PAGES[0]) await page.goto(site.url + path);
        const first: Mode = (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark' ? 'dark' : 'light';
        for (const mode of first === 'light' ? (['light', 'dark'] as const) : (['dark', 'light'] as const)) {
          await setMode(page, mode);
          found.push(...(await violations(page, `${path} ${mode} ${width}px`)));
        }
      }
      return found;
    };
    expect((await Promise.all([atWidth(1440), atWidth(390)])).flat()).toEqual([]);
  }, 120_000);

  it('finds nothing in the open widgets: search results, language menu, mobile menu, MDX tabs', async () => {
    const found: string[] = [];
    const page = await pages.open('/docs/tutorial-basics/markdown-features', { viewport: { width: 1440, height: 900 } });
    const tabs = page.locator('.tabs__tab');
    await tabs.nth(1).click();
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
      await page.locator('[role=listbox][id=lang-select-list]').waitFor();
      found.push(...(await violations(page, `language menu ${mode}`, '[data-lang-select]')));
      await page.keyboard.press('Escape');
    }
    await page.setViewportSize({ width: 390, height: 844 });
    for (const mode of ['dark', 'light'] as const) {
      await setMode(page, mode);
      await page.click('[data-menu-toggle]');
      await settle(page);
      found.push(...(await violations(page, `mobile menu ${mode}`)));
      await page.keyboard.press('Escape');
    }
    expect(found).toEqual([]);
  }, 60_000);

  it('finds nothing on an API page with its try-it open, another code sample language and the authorization dialog open', async () => {
    const found: string[] = [];
    const page = await pages.open('/api/shipment', { viewport: { width: 1440, height: 900 } });
    await page.click('.tryit__open');
    await page.waitForSelector('form.tryit--open');
    // Every response opened (the first success is open by default).
    await page.evaluate(() => document.querySelectorAll('details.api-response').forEach((d: any) => (d.open = true)));
    const language = page.locator('.api-code-samples select');
    await language.selectOption({ index: 2 });
    for (const mode of ['light', 'dark'] as const) {
      await setMode(page, mode);
      found.push(...(await violations(page, `try-it ${mode}`, 'main')));
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click('.api-auth__open');
    await page.waitForSelector('dialog.auth-dialog[open]');
    await settle(page);
    for (const mode of ['dark', 'light'] as const) {
      await page.evaluate((m) => (document.documentElement.dataset.theme = m), mode);
      await settle(page);
      found.push(...(await violations(page, `authorization dialog ${mode} 390px`, 'dialog.auth-dialog')));
    }
    expect(found).toEqual([]);
  }, 60_000);
});
