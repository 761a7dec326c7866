// The export menu and "Copy page as Markdown" in Chromium, on the built default site: a download
// per format (a plain link, fetched first so that a failure is said in the spec's words), copying a
// page's Markdown twin, and the messages when a file cannot be had.
import { describe, expect, it } from 'vitest';
import { failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';
import { unzipSync } from 'fflate';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const navigator: any;

const site = useBuiltSite();
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
const expectProblems = failOnPageProblems(pages);

describe('exports', () => {
  it('downloads the Postman collection from the API overview', async () => {
    const page = await pages.open('/api');
    await page.click('.api-export-menu summary');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[data-export="postman-collection.json"]')]);
    expect(download.suggestedFilename()).toBe('postman-collection.json');
    const text = await (await download.createReadStream()).toArray();
    const collection = JSON.parse(Buffer.concat(text).toString('utf8')) as { info: { schema: string } };
    expect(collection.info.schema).toContain('v2.1.0');
  });

  it("says 'Error exporting Postman collection:' with the reason when the file cannot be had", async () => {
    const page = await pages.open('/api', { before: (ctx) => ctx.route('**/exports/postman-collection.json', (r) => r.fulfill({ status: 404, body: '' })) });
    await page.click('.api-export-menu summary');
    await page.click('a[data-export="postman-collection.json"]');
    const error = page.locator('.api-export-menu__error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.innerText()).toMatch(/^Error exporting Postman collection: 404/);
    expectProblems(/404/);
  });

  it('copies a doc page as Markdown, and says which page could not be copied', async () => {
    const page = await pages.open('/docs/intro', { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.click('.copy-markdown .api-export-menu__copy');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Introduction\n/);
    const failing = await pages.open('/docs/intro', { before: (ctx) => ctx.route('**/docs/intro.md', (r) => r.fulfill({ status: 500, body: '' })) });
    await failing.click('.copy-markdown .api-export-menu__copy');
    const error = failing.locator('.copy-markdown .api-export-menu__error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.innerText()).toMatch(/^Error exporting documentation for Introduction: 500/);
    expectProblems(/500/);
  });

  it('offers an operation’s exports and conversations in ChatGPT and Claude about its Markdown', async () => {
    const page = await pages.open('/api/quoter');
    await page.click('.api-export-menu summary');
    const files = await page.locator('a[data-export]').evaluateAll((as) => as.map((a) => (a as unknown as { dataset: { export: string } }).dataset.export));
    expect(files).toEqual(['universal.md', 'gpt-tools.json', 'claude.json', 'gemini.json', 'copilot.instructions.md']);
    const chatgpt = await page.locator('.api-export-menu__assistant[data-l="en"]').first().getAttribute('href');
    expect(decodeURIComponent(chatgpt!)).toBe(
      'https://chatgpt.com/?q=Read this API documentation and help me use it: https://docs.rutapack.example/api/exports/operations/quoter/universal.md',
    );
    const response = await page.request.get(`${site.url}/api/exports/operations/quoter/universal.md`);
    expect(response.status()).toBe(200);
  });

  it('never carries a credential typed into the authorization panel: downloads, copied Markdown and assistant links', async () => {
    const secret = 'sk_live_typedIntoThePanel0123456789';
    for (const route of ['/api', '/api/quoter']) {
      const page = await pages.open(route, { permissions: ['clipboard-read', 'clipboard-write'] });
      await page.click('.api-auth__open');
      await page.waitForSelector('dialog.auth-dialog[open]');
      // Remembered for the session, so that it outlasts the reloads below.
      await page.locator('.auth-dialog__remember input').check();
      const card = page.locator('.auth-scheme', { hasText: 'apiKeyAuth' });
      await card.locator('input.tryit__input').fill(secret);
      await card.locator('.auth-scheme__submit').click();
      await expect.poll(() => page.evaluate(() => JSON.stringify({ ...(globalThis as any).sessionStorage }))).toContain(secret);
      await page.keyboard.press('Escape');

      const seen: string[] = [];
      const files = await page
        .locator('a[data-export]')
        .evaluateAll((as) => as.map((a) => (a as unknown as { getAttribute: (name: string) => string }).getAttribute('data-export')));
      for (const [i, file] of files.entries()) {
        // Chromium lets a page start about ten downloads by script; the page is loaded afresh (the
        // tab keeps its sessionStorage, so the credential stays) before that.
        if (i > 0 && i % 8 === 0) await page.reload();
        if (i % 8 === 0) await page.click('.api-export-menu summary');
        const [download] = await Promise.all([page.waitForEvent('download'), page.click(`a[data-export="${file}"]`)]);
        const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
        // A zip's files are read unpacked: compressed, a credential would not show.
        if (file.endsWith('.zip')) for (const entry of Object.values(unzipSync(bytes))) seen.push(Buffer.from(entry).toString('utf8'));
        else seen.push(bytes.toString('utf8'));
      }
      await page.click('.api-export-menu__copy');
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# /);
      seen.push(await page.evaluate(() => navigator.clipboard.readText()));
      seen.push(...(await page.locator('.api-export-menu a[href]').evaluateAll((as) => as.map((a) => (a as unknown as { href: string }).href))));
      expect(seen.length).toBeGreaterThan(route === '/api' ? 12 : 7);
      for (const text of seen) expect(text).not.toContain(secret);
    }
  });
});
