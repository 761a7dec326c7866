// The API reference's interactive half in Chromium, on the default site with `shipdocs mock`
// running as its "Local mock" server: authorize with an API key and run POST /quoter (the rates
// come back), the missing-parameter message, an unreachable server's error, the confirmation
// before writing to a live server, a token from POST /auth/client offered as the bearer token,
// the language switch relabelling the panels, code samples following the inputs with the secret
// masked, and nothing of the credentials left in localStorage, cookies or the URL.
import type { ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freePort, startServerCommand } from '../helpers/cli-server.js';
import { REPO, tempDir } from '../helpers/fixtures.js';
import { failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const localStorage: any;
declare const location: any;
declare const getComputedStyle: any;

const API_KEY = 'rp_live_Secret-Key-1234';

// The default site, with its "Local mock" server on a port of this test's own, its "Sandbox" server
// on a plain server that sends no CORS headers, and `shipdocs proxy` as the site's proxy.
const port = await freePort();
const proxyPort = await freePort();
const noCors = createHttpServer((req, res) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ code: 'JAL', path: req.url }] })),
);
await new Promise<void>((resolve) => noCors.listen(0, '127.0.0.1', resolve));
const noCorsPort = (noCors.address() as { port: number }).port;
let mock: ChildProcess | undefined;
let proxy: ChildProcess | undefined;
const project = tempDir('shipdocs-panels-');
const site = useBuiltSite(() => {
  // versioned_api: the changelog's 1.3 release is the document docs version 1.3 keeps.
  for (const entry of ['site.config.ts', 'content', 'static', 'openapi', 'versioned_api']) cpSync(join(REPO, entry), join(project, entry), { recursive: true });
  const spec = join(project, 'openapi/shipping.yaml');
  writeFileSync(
    spec,
    readFileSync(spec, 'utf8')
      .replaceAll('http://127.0.0.1:4010', `http://127.0.0.1:${port}`)
      .replaceAll('https://sandbox.rutapack.example/v1', `http://127.0.0.1:${noCorsPort}/v1`),
  );
  const config = join(project, 'site.config.ts');
  // The site's proxy, in the default site's own `openapi` block (a second `openapi:` key would be overridden by it).
  const withProxy = readFileSync(config, 'utf8').replace(/^ {2}openapi: \{$/m, `  openapi: {\n    proxyUrl: 'http://127.0.0.1:${proxyPort}/',`);
  if (!withProxy.includes(`127.0.0.1:${proxyPort}`)) throw new Error("site.config.ts has no `  openapi: {` line to add the proxy's URL to");
  writeFileSync(config, withProxy);
  return project;
});

beforeAll(async () => {
  [mock, proxy] = await Promise.all([
    startServerCommand('mock', ['--root', project, '--port', String(port)], 'mocking').then((s) => s.child),
    startServerCommand('proxy', ['--root', project, '--port', String(proxyPort)], 'proxying').then((s) => s.child),
  ]);
}, 60_000);
afterAll(() => {
  for (const child of [mock, proxy]) {
    child?.removeAllListeners('exit');
    child?.kill();
  }
  noCors.close();
});

const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
const expectProblems = failOnPageProblems(pages);

async function openTryIt(page: Page): Promise<void> {
  await page.click('.tryit__open');
  await page.waitForSelector('form.tryit--open');
}

async function chooseServer(page: Page, text: string): Promise<void> {
  const options: { text: string; value: string }[] = await page.$eval('form.tryit--open select', (s: any) =>
    [...s.options].map((o: any) => ({ text: o.text, value: o.value })),
  );
  const option = options.find((o) => o.text.includes(text));
  if (!option) throw new Error(`no server "${text}" in ${options.map((o) => o.text).join(', ')}`);
  await page.selectOption('form.tryit--open select >> nth=0', option.value);
}

async function authorizeApiKey(page: Page, { remember = false } = {}): Promise<void> {
  await page.click('.api-auth__open');
  await page.waitForSelector('dialog.auth-dialog[open]');
  if (remember) await page.locator('.auth-dialog__remember input').check();
  const card = page.locator('.auth-scheme', { hasText: 'apiKeyAuth' });
  await card.locator('input.tryit__input').fill(API_KEY);
  await card.locator('.auth-scheme__submit').click();
  await expect.poll(() => card.locator('.auth-state').innerText()).toMatch(/Authorized/);
  await page.keyboard.press('Escape');
}

describe('the API panels', () => {
  it('authorizes with an API key and runs POST /quoter against the mock: the rates come back; the samples follow, the key masked', async () => {
    const page = await pages.open('/api/quoter');
    expect(await page.locator('.samples__code').innerText()).toContain('curl');
    expect(await page.locator('[data-auth-schemes="apiKeyAuth"]').getAttribute('data-satisfied')).toBeNull();
    // Remembered for the session: it outlasts the full page load below.
    await authorizeApiKey(page, { remember: true });
    expect(await page.locator('[data-auth-schemes="apiKeyAuth"]').getAttribute('data-satisfied')).toBe('');
    await openTryIt(page);
    await chooseServer(page, `127.0.0.1:${port}`);
    await page.click('.tryit__execute');
    await page.waitForSelector('.tryit__response');
    expect(await page.locator('.tryit__status').innerText()).toMatch(/^200/);
    expect(await page.locator('.tryit__body-out').innerText()).toContain('"service_name"');
    const sample = await page.locator('.samples__code').innerText();
    expect(sample).toContain(`127.0.0.1:${port}/quoter`);
    expect(sample).toContain('X-API-Key: ********');
    expect(sample).not.toContain(API_KEY);
    await page.click('.samples__reveal input');
    await expect.poll(() => page.locator('.samples__code').innerText()).toContain(API_KEY);
    // Nothing of the key outside the tab's memory and sessionStorage.
    const kept = await page.evaluate(() => ({ local: JSON.stringify({ ...localStorage }), cookie: document.cookie, url: location.href }));
    expect(kept.local).not.toContain(API_KEY);
    expect(kept.cookie).toBe('');
    expect(kept.url).not.toContain(API_KEY);
    expect(JSON.stringify(await page.context().cookies())).not.toContain(API_KEY);
    // Another page of the site: the requirement shows as satisfied from sessionStorage.
    await page.goto(`${site.url}/api/shipment-id`);
    expect(await page.locator('[data-auth-schemes="apiKeyAuth"]').getAttribute('data-satisfied')).toBe('');
  });

  it('opens the try-it on a click made while the panels’ code is still loading', async () => {
    const page = await pages.open('/api/quoter');
    let arrived = false;
    await page.route(/\/chunks\/panel-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
      arrived = true;
    });
    await page.click('.tryit__open');
    expect(arrived).toBe(false);
    await page.waitForSelector('form.tryit--open');
  });

  it('hydrates the server’s markup in place: the same nodes, at the same size, without a mismatch', async () => {
    const page = await pages.open('/api/quoter');
    const PANELS = ['.api-auth__open', '[data-api-panel="try-it"]', '.samples__select', '.samples__code'];
    // The server's nodes, marked before any code of the panels has loaded, and their boxes.
    const before = await page.evaluate(
      (sels: string[]) =>
        sels.map((sel) => {
          const el = document.querySelector(sel);
          el.serverNode = true;
          return [el.offsetLeft, el.offsetTop, el.offsetWidth, el.offsetHeight];
        }),
      PANELS,
    );
    await page.click('.api-auth__open');
    await page.waitForSelector('dialog.auth-dialog[open]');
    await page.keyboard.press('Escape');
    // The code samples hydrate with the first panel used: React has claimed the server's nodes.
    const claimed = (): Promise<boolean[]> =>
      page.evaluate(
        (sels: string[]) =>
          sels.map((sel) => {
            const el = document.querySelector(sel);
            return el.serverNode === true && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
          }),
        PANELS.filter((_, i) => i !== 1),
      );
    await expect.poll(claimed).toEqual([true, true, true]);
    const after = await page.evaluate(
      (sels: string[]) =>
        sels.map((sel) => {
          const el = document.querySelector(sel);
          return [el.offsetLeft, el.offsetTop, el.offsetWidth, el.offsetHeight];
        }),
      PANELS,
    );
    expect(after).toEqual(before);
  });

  it('shows the sample language the reader chose before, the samples hydrating once the browser is idle', async () => {
    const page = await pages.open('/api/quoter', { storage: { 'shipdocs.api.sample': 'python-requests' } });
    await expect.poll(() => page.locator('.samples__code').innerText()).toContain('requests.post(');
    expect(await page.inputValue('.samples__select')).toBe('python-requests');
  });

  it('takes a sample language chosen by keyboard while the panels’ code is still loading', async () => {
    const page = await pages.open('/api/quoter');
    await page.route(/\/chunks\/panel-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.focus('.samples__select');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('.samples__code').innerText(), { timeout: 5000 }).toContain('requests.post(');
    expect(await page.inputValue('.samples__select')).toBe('python-requests');
  });

  it("says 'Missing required parameters' when a required path parameter is empty", async () => {
    const page = await pages.open('/api/shipment-id');
    await openTryIt(page);
    await page.fill('form.tryit--open fieldset:has(legend:text("path")) input', '');
    await page.click('.tryit__execute');
    const alert = page.locator('.tryit__alert--error');
    await expect.poll(() => alert.innerText()).toContain('Missing required parameters: id');
    expect(await alert.innerText()).toContain('Required parameters must be completed before testing the API');
  });

  it("explains an unreachable server: 'Request error', the cause and what to do", async () => {
    const page = await pages.open('/api/shipment-id');
    await openTryIt(page);
    await chooseServer(page, 'Production');
    await page.click('.tryit__execute');
    const alert = page.locator('.tryit__alert--error');
    await expect.poll(() => alert.innerText(), { timeout: 20_000 }).toContain('Request error');
    const text = await alert.innerText();
    expect(text).toContain('Error fetching.');
    expect(text).toContain('could not be reached');
    expect(text).toContain('npx shipdocs mock');
    expectProblems(/net::ERR_|Failed to fetch|CORS/);
  });

  it('explains a CORS refusal and, once the reader confirms, resends the request through the site’s proxy', async () => {
    const page = await pages.open('/api/states');
    await openTryIt(page);
    await chooseServer(page, `127.0.0.1:${noCorsPort}`);
    await page.click('.tryit__execute');
    const alert = page.locator('.tryit__alert--error');
    await expect.poll(() => alert.innerText(), { timeout: 20_000 }).toContain('the browser blocked the response');
    expect(await alert.innerText()).toContain(`127.0.0.1:${proxyPort}`);
    await page.click('.tryit__use-proxy');
    await page.waitForSelector('.tryit__response');
    expect(await page.locator('.tryit__status').innerText()).toMatch(/^200/);
    expect(await page.locator('.tryit__body-out').innerText()).toContain('/v1/states');
    expectProblems(/CORS|Failed to fetch|net::ERR_/);
  });

  it('asks before a write to a server that is not a sandbox, and sends nothing until confirmed', async () => {
    const requests: string[] = [];
    const page = await pages.open('/api/quoter', { before: (ctx) => Promise.resolve(ctx.on('request', (r) => requests.push(r.url()))) });
    await openTryIt(page);
    await chooseServer(page, 'Production');
    await page.click('.tryit__execute');
    const alert = page.locator('.tryit__alert--warning');
    await expect.poll(() => alert.innerText()).toContain('This server is not a sandbox');
    expect(requests.filter((u) => u.includes('rutapack.example'))).toEqual([]);
    await alert.locator('button', { hasText: 'Cancel' }).click();
    expect(await page.locator('.tryit__alert').count()).toBe(0);
  });

  it('offers the token of POST /auth/client as the bearer token', async () => {
    const page = await pages.open('/api/auth-client');
    await openTryIt(page);
    await chooseServer(page, `127.0.0.1:${port}`);
    await page.click('.tryit__execute');
    await page.click('.tryit__use-token');
    await expect.poll(() => page.locator('.tryit__use-token').isDisabled()).toBe(true);
    expect(await page.locator('.api-auth__open .auth-state').innerText()).toBe('Authorized');
    // A client-side navigation (the sidebar's link) keeps the token, held in memory only: the requirement is satisfied there.
    await page.evaluate(() => {
      (globalThis as any).sameDocument = true;
      const link = document.createElement('a');
      link.href = '/api/quoter';
      link.textContent = 'Quoter';
      document.querySelector('main').append(link);
      link.click();
    });
    await page.waitForURL(`${site.url}/api/quoter`);
    await page.waitForSelector('[data-auth-schemes="bearerAuth"]');
    expect(await page.evaluate(() => (globalThis as any).sameDocument)).toBe(true);
    await expect.poll(() => page.locator('[data-auth-schemes="bearerAuth"]').getAttribute('data-satisfied')).toBe('');
    expect(await page.evaluate(() => JSON.stringify({ ...(globalThis as any).sessionStorage }))).not.toContain('bearerAuth');
  });

  it('relabels the panels when the reader switches the language', async () => {
    const page = await pages.open('/api/quoter');
    await openTryIt(page);
    const button = page.locator('.tryit__execute');
    expect(await button.innerText()).toBe('Execute API request');
    await page.click('.lang-select__button');
    await page.click('.lang-select__option[data-lang="es"]');
    expect(await button.innerText()).toBe('Ejecutar la solicitud a la API');
    expect(await page.locator('.api-auth__open').innerText()).toContain('Autorización');
    expect(await page.locator('.samples__label').innerText()).toBe('Lenguaje');
  });

  it('reads without JavaScript: the curl sample is there, the controls that need a script are not', async () => {
    const page = await pages.open('/api/quoter', { javaScriptEnabled: false });
    expect(await page.locator('.samples__code').innerText()).toContain('curl https://api.rutapack.example/v1/quoter');
    expect(await page.locator('.tryit__open').isVisible()).toBe(false);
    expect(await page.locator('.api-auth__open').isVisible()).toBe(false);
  });

  it('switches schema variants without JavaScript: a discriminator value opens its variant, one open at a time, by keyboard too', async () => {
    const page = await pages.open('/api/shipment', { javaScriptEnabled: false });
    // The label of the 201 response: oneOf PdfLabel | ZplLabel, by `format`.
    const group = page.locator('#response-201 .sc-vs').first();
    const open = (): Promise<string[]> =>
      group.locator('details.sc-var').evaluateAll((ds: any[]) => ds.filter((d) => d.open).map((d) => d.querySelector('.sc-vl').textContent));
    expect(await open()).toEqual(['pdf']);
    await group.locator('.sc-map a', { hasText: 'zpl' }).click();
    expect(await open()).toEqual(['zpl']);
    expect(await group.locator('details.sc-var[open] .sc-panel').innerText()).toContain('zpl');
    // Reached by Tab (from the discriminator value before it), the first variant's summary shows a focus ring.
    await group.locator('summary.sc-vh', { hasText: 'pdf' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const focused = page.locator('summary.sc-vh:focus');
    expect(await focused.locator('.sc-vl').innerText()).toBe('pdf');
    expect(await focused.evaluate((el: any) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    expect(await open()).toEqual(['pdf']);
  });
});
