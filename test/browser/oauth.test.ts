// OAuth 2.0 authorization code with PKCE in Chromium, on the default site with `shipdocs mock` as its
// authorization server (the warehouseOAuth scheme's URLs, on a port of this test's own): Authorize
// goes to the mock and back through oauth2-redirect.html, the token shows with its expiry and a
// ShipHero call with it is answered 200; an authorization error (access_denied) and a forged
// answer (state mismatch) are said in plain words; an expired token is said so, and refreshed when
// there is a refresh token. Nothing of it in localStorage, cookies or the URL.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REPO } from '../helpers/fixtures.js';
import { failOnPageProblems, pageOpener, useSiteWithMock } from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const sessionStorage: any;
declare const localStorage: any;
declare const document: any;

const { site, port } = await useSiteWithMock('shipdocs-oauth-', (project) => {
  // versioned_api: the changelog's 1.3 release is the document docs version 1.3 keeps.
  for (const entry of ['site.config.ts', 'content', 'static', 'openapi', 'versioned_api']) cpSync(join(REPO, entry), join(project, entry), { recursive: true });
  return join(project, 'openapi/shipping.yaml');
});

const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
const expectProblems = failOnPageProblems(pages);
const AUTH_KEY = 'shipdocs.auth:/api';

async function openScheme(page: Page) {
  await page.click('.api-auth__open');
  await page.waitForSelector('dialog.auth-dialog[open]');
  return page.locator('[data-oauth-scheme="warehouseOAuth"]');
}

async function authorize(page: Page, { remember = false } = {}): Promise<void> {
  const card = await openScheme(page);
  // Ticked, the token is kept in sessionStorage too (these tests read it there, or reload the page).
  if (remember) await page.locator('.auth-dialog__remember input').check();
  await card.getByLabel('Client ID').fill('warehouse-app');
  await card.getByLabel(/orders:read/).check();
  await card.locator('.auth-scheme__submit').click();
}

describe('OAuth 2.0 authorization code with PKCE against shipdocs mock', () => {
  it('authorizes, comes back to the same page with the token and its expiry, and calls the API with it', async () => {
    const page = await pages.open('/api/shiphero-orders', { locale: 'en-US' });
    const authorizeRequest = page.waitForRequest((r) => r.url().includes('/oauth/authorize'));
    await authorize(page, { remember: true });
    const asked = new URL((await authorizeRequest).url());
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'warehouse-app',
      redirect_uri: `${site.url}/oauth2-redirect.html`,
      scope: 'orders:read',
      code_challenge_method: 'S256',
    });
    expect(asked.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.waitForURL(`${site.url}/api/shiphero-orders`);
    const card = page.locator('[data-oauth-scheme="warehouseOAuth"]');
    await expect.poll(() => card.locator('.auth-state').innerText(), { timeout: 10_000 }).toMatch(/Authorized/);
    expect(await card.locator('.auth-scheme__expiry').innerText()).toMatch(/Expires at .*refreshed automatically/s);
    // The time as the reader's UI language writes it (English here: 12-hour), not as the browser's locale does.
    expect(await card.locator('.auth-scheme__expiry time').innerText()).toMatch(/^\d{2}:\d{2}\s?[AP]M$/);
    const stored = await page.evaluate((k: string) => JSON.parse(sessionStorage.getItem(k)), AUTH_KEY);
    expect(stored.warehouseOAuth).toMatchObject({
      kind: 'oauth2',
      flow: 'authorizationCode',
      token: expect.stringMatching(/^shipdocs-mock\./),
      refreshToken: expect.any(String),
    });
    expect(stored.warehouseOAuth.expiresAt).toBeGreaterThan(Date.now() + 3000_000);
    // The verifier and the code are gone from the tab; nothing in the URL, localStorage or cookies.
    const kept = await page.evaluate(() => ({
      session: JSON.stringify({ ...sessionStorage }),
      local: JSON.stringify({ ...localStorage }),
      cookie: document.cookie,
    }));
    expect(kept.session).not.toContain('shipdocs.oauth.pending');
    expect(kept.local).not.toContain(stored.warehouseOAuth.token);
    expect(kept.cookie).toBe('');
    expect(page.url()).not.toMatch(/code=|state=/);

    await page.keyboard.press('Escape');
    await page.click('.tryit__open');
    await page.waitForSelector('form.tryit--open');
    const options: { text: string; value: string }[] = await page.$eval('form.tryit--open select', (s: any) =>
      [...s.options].map((o: any) => ({ text: o.text, value: o.value })),
    );
    await page.selectOption('form.tryit--open select >> nth=0', options.find((o) => o.text.includes(`127.0.0.1:${port}`))!.value);
    const sent = page.waitForRequest((r) => r.url().includes('/shiphero/orders'));
    await page.click('.tryit__execute');
    expect((await sent).headers().authorization).toBe(`Bearer ${stored.warehouseOAuth.token}`);
    await page.waitForSelector('.tryit__response');
    expect(await page.locator('.tryit__status').innerText()).toMatch(/^200/);
    expect(await page.locator('.samples__code').innerText()).toContain('Authorization: Bearer ********');
  });

  it('says in plain words that the server denied access, and that a forged answer was ignored', async () => {
    const page = await pages.open('/api/shiphero-products', { locale: 'en-US' });
    await page.route(/\/oauth\/authorize\?/, (route) => {
      const asked = new URL(route.request().url());
      const back = new URL(asked.searchParams.get('redirect_uri')!);
      back.search = new URLSearchParams({
        error: 'access_denied',
        error_description: 'The merchant declined',
        state: asked.searchParams.get('state')!,
      }).toString();
      return route.fulfill({ status: 302, headers: { location: back.href } });
    });
    await authorize(page);
    await page.waitForURL(`${site.url}/api/shiphero-products`);
    const problem = page.locator('[data-oauth-scheme="warehouseOAuth"] .auth-scheme__problem');
    await expect.poll(() => problem.innerText(), { timeout: 10_000 }).toContain('access_denied');
    expect(await problem.innerText()).toMatch(/did not authorize.*The merchant declined.*Access was denied.*Authorize again/s);

    // An answer whose state is not the one this tab sent: refused, no token.
    await page.unroute(/\/oauth\/authorize\?/);
    await page.route(/\/oauth\/authorize\?/, (route) => {
      const back = new URL(new URL(route.request().url()).searchParams.get('redirect_uri')!);
      back.search = 'code=stolen&state=forged';
      return route.fulfill({ status: 302, headers: { location: back.href } });
    });
    await page.keyboard.press('Escape');
    await authorize(page);
    await page.waitForURL(`${site.url}/api/shiphero-products`);
    await expect.poll(() => problem.innerText(), { timeout: 10_000 }).toMatch(/state does not match/);
    expect(await page.evaluate((k: string) => sessionStorage.getItem(k), AUTH_KEY)).toBeNull();
  });

  it('keeps the token in memory only, unless the reader ticks "Remember for this session"; unticking removes it from sessionStorage', async () => {
    const page = await pages.open('/api/shiphero-orders', { locale: 'en-US' });
    await authorize(page);
    await page.waitForURL(`${site.url}/api/shiphero-orders`);
    const card = page.locator('[data-oauth-scheme="warehouseOAuth"]');
    await expect.poll(() => card.locator('.auth-state').innerText(), { timeout: 10_000 }).toMatch(/Authorized/);
    const session = (): Promise<string> => page.evaluate(() => JSON.stringify({ ...sessionStorage }));
    // The flow's own state is gone, and nothing credential-like was written.
    expect(await session()).not.toMatch(/shipdocs-mock\.|refresh|access_token|warehouse-app|shipdocs\.oauth\.pending/);
    expect(await page.evaluate((k: string) => sessionStorage.getItem(k), AUTH_KEY)).toBeNull();
    // The requirement is satisfied all the same (the panel said so in memory).
    expect(await page.locator('.api-auth__open').getAttribute('data-authorized')).toBe('');
    const remember = page.locator('.auth-dialog__remember input');
    expect(await remember.isChecked()).toBe(false);
    await remember.check();
    await expect.poll(session).toMatch(/shipdocs-mock\./);
    const stored = await page.evaluate((k: string) => JSON.parse(sessionStorage.getItem(k)), AUTH_KEY);
    expect(stored.warehouseOAuth.token).toMatch(/^shipdocs-mock\./);
    await remember.uncheck();
    await expect.poll(session).not.toMatch(/shipdocs-mock\./);
    expect(await page.evaluate((k: string) => sessionStorage.getItem(k), AUTH_KEY)).toBeNull();
    // Still authorized in this page (memory); a reload forgets it.
    expect(await card.locator('.auth-state').innerText()).toMatch(/Authorized/);
    await page.reload();
    expect(await page.locator('.api-auth__open').getAttribute('data-authorized')).toBeNull();
  });

  it('says a token has expired; refreshes it with the refresh token', async () => {
    const page = await pages.open('/api/shiphero-orders', { locale: 'en-US' });
    await authorize(page, { remember: true });
    await page.waitForURL(`${site.url}/api/shiphero-orders`);
    const card = page.locator('[data-oauth-scheme="warehouseOAuth"]');
    await expect.poll(() => card.locator('.auth-state').innerText(), { timeout: 10_000 }).toMatch(/Authorized/);
    const first = await page.evaluate((k: string) => JSON.parse(sessionStorage.getItem(k)).warehouseOAuth, AUTH_KEY);
    // Without a refresh token, expired: said so.
    await page.evaluate(
      ([k, c]: [string, any]) => sessionStorage.setItem(k, JSON.stringify({ warehouseOAuth: { ...c, refreshToken: undefined, expiresAt: Date.now() - 1000 } })),
      [AUTH_KEY, first] as [string, any],
    );
    await page.reload();
    await openScheme(page);
    await expect.poll(() => card.locator('.auth-scheme__expired').innerText()).toMatch(/The token has expired\. Authorize again/);
    // With one: refreshed at once, a new token that expires later.
    await page.evaluate(([k, c]: [string, any]) => sessionStorage.setItem(k, JSON.stringify({ warehouseOAuth: { ...c, expiresAt: Date.now() - 1000 } })), [
      AUTH_KEY,
      first,
    ] as [string, any]);
    await page.reload();
    await openScheme(page);
    await expect.poll(() => card.locator('.auth-scheme__expiry').innerText(), { timeout: 10_000 }).toMatch(/Expires at/);
    const next = await page.evaluate((k: string) => JSON.parse(sessionStorage.getItem(k)).warehouseOAuth, AUTH_KEY);
    expect(next.token).not.toBe(first.token);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(next.expiresAt).toBeGreaterThan(Date.now());
    expectProblems(/401|expired/);
  });

  it('the redirect page without an authorization under way says so and goes nowhere', async () => {
    const page = await pages.open('/oauth2-redirect.html?code=x&state=y');
    expect(await page.locator('#note').isVisible()).toBe(true);
    expect(page.url()).toContain('/oauth2-redirect.html');
  });
});
