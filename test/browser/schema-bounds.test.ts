// The cuts a bounded schema tree makes (components/api/schema/plan-schema-view.ts), in a real
// browser on a site built by the CLI: the discriminator's "… +N more" and its link to the OpenAPI
// document, a variant group's and a tree's counts. They pass axe (WCAG 2.1 A and AA) in both colour
// modes, and without JavaScript the link downloads the document that lists every value.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import axeCore from 'axe-core';
import type { Page } from 'playwright-core';
import { MAPPING_IN_PAGE } from '../../src/components/api/schema/plan-schema-view.js';
import { boundsApiSite } from '../helpers/bounds-api.js';
import { pageOpener, useBuiltSite } from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const axe: any;

const KINDS = 300;
const AXE_FILE = 'axe-core-under-test.js';

const site = useBuiltSite(() => boundsApiSite(KINDS));
beforeAll(() => writeFileSync(join(site.dist, AXE_FILE), axeCore.source));
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
afterEach(() => expect(pages.problems.splice(0)).toEqual([]));
afterAll(() => pages.settle());

async function violations(page: Page, label: string): Promise<string[]> {
  await page.addScriptTag({ url: `${site.url}/${AXE_FILE}` });
  const found: { id: string; nodes: { target: string[]; failureSummary: string }[] }[] = await page.evaluate(() =>
    axe
      .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
      .then((r: any) => r.violations),
  );
  return found.flatMap((v) => v.nodes.map((n) => `${label}: ${v.id} ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)}`));
}

describe('bounded schema trees in the browser', () => {
  it('pass axe in light and dark mode, the cuts in view', async () => {
    const page = await pages.open('/api/entities');
    const more = page.locator('.sc-disc .sc-more');
    await expect(more.textContent()).resolves.toContain(`+${KINDS - MAPPING_IN_PAGE}`);
    const found: string[] = [];
    for (const path of ['/api/entities', '/api/wide']) {
      if (page.url() !== site.url + path) await page.goto(site.url + path);
      for (const mode of ['light', 'dark'] as const) {
        if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== mode) await page.click('[data-color-mode-toggle]');
        // The colour transitions brought to their end (awaiting them can hang: see a11y-axe.test.ts).
        await page.evaluate(() => document.getAnimations().forEach((a: any) => a.effect?.getComputedTiming().endTime !== Infinity && a.finish()));
        found.push(...(await violations(page, `${path} ${mode}`)));
      }
    }
    expect(found).toEqual([]);
    await expect(page.locator('li.sc-more').first().isVisible()).resolves.toBe(true);
  });

  it('links to the OpenAPI document, which lists every value, without JavaScript', async () => {
    const page = await pages.open('/api/entities', { javaScriptEnabled: false });
    const link = page.locator('.sc-disc .sc-more a[download]');
    await expect(link.getAttribute('href')).resolves.toBe('/api/openapi.json');
    const response = await page.request.get(site.url + (await link.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    const mapping = ((await response.json()) as any).components.schemas.Entity.discriminator.mapping;
    expect(Object.keys(mapping)).toHaveLength(KINDS);
  });
});
