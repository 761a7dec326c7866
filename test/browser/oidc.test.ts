// OpenID Connect in Chromium, on a small project (test/fixtures/sites/oidc) whose openIdConnect
// scheme's discovery document is `shipdocs mock`'s (on a port of this test's own): the panel reads
// the discovery document from the browser, prefills the config's client id and scopes (openapi.oauth),
// always asks for `openid`, goes to the mock's authorization endpoint and back, and the try-it
// calls the API with the token. An access token pasted into the panel is sent as a bearer token.
// A discovery document that cannot be read is said in plain words; the legacy flows are marked so.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixtures.js';
import { failOnPageProblems, pageOpener, useSiteWithMock } from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const sessionStorage: any;

const { site, port } = await useSiteWithMock('shipdocs-oidc-', (project) => {
  cpSync(join(FIXTURES, 'sites/oidc'), project, { recursive: true });
  return join(project, 'openapi/api.yaml');
});

const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
const expectProblems = failOnPageProblems(pages);

async function openCard(page: Page, scheme: string) {
  await page.click('.api-auth__open');
  await page.waitForSelector('dialog.auth-dialog[open]');
  return page.locator(`[data-oauth-scheme="${scheme}"]`);
}

async function execute(page: Page): Promise<string | undefined> {
  await page.keyboard.press('Escape');
  await page.click('.tryit__open');
  await page.waitForSelector('form.tryit--open');
  const sent = page.waitForRequest((r) => r.url().includes('/profile') && r.url().includes(String(port)));
  await page.click('.tryit__execute');
  const authorization = (await sent).headers().authorization;
  await page.waitForSelector('.tryit__response');
  expect(await page.locator('.tryit__status').innerText()).toMatch(/^200/);
  return authorization;
}

describe('OpenID Connect against shipdocs mock', () => {
  it('reads the discovery document, prefills the config, asks for openid, authorizes and calls the API with the token', async () => {
    const page = await pages.open('/api/profile', { locale: 'en-US' });
    const card = await openCard(page, 'oidc');
    const clientId = card.getByLabel('Client ID');
    await clientId.waitFor();
    expect(await clientId.inputValue()).toBe('docs-site');
    const openid = card.getByLabel(/^openid/);
    expect([await openid.isChecked(), await openid.isDisabled()]).toEqual([true, true]);
    expect(await card.getByLabel(/^profile/).isChecked()).toBe(true);
    expect(await card.innerText()).toContain(`http://127.0.0.1:${port}/oauth/authorize`);

    const asked = page.waitForRequest((r) => r.url().includes('/oauth/authorize'));
    await card.locator('.auth-scheme__submit').click();
    const url = new URL((await asked).url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'docs-site',
      redirect_uri: `${site.url}/oauth2-redirect.html`,
      scope: 'openid profile',
      code_challenge_method: 'S256',
    });
    await page.waitForURL(`${site.url}/api/profile`);
    await expect.poll(() => card.locator('.auth-state').innerText(), { timeout: 10_000 }).toMatch(/Authorized/);
    expect(await card.innerText()).toMatch(/Expires at/);
    // Not ticked: the token lives in memory only.
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain('shipdocs-mock.');
    expect(await execute(page)).toMatch(/^Bearer shipdocs-mock\./);
  });

  it('sends an access token the reader pasted as a bearer token', async () => {
    const page = await pages.open('/api/profile', { locale: 'en-US' });
    const card = await openCard(page, 'oidc');
    const pasted = card.locator('details[data-method="pasted"]');
    await pasted.locator('summary').click();
    await pasted.getByLabel('Access token').fill('pasted-token-0123456789');
    await pasted.locator('.auth-flow__submit').click();
    await expect.poll(() => card.locator('.auth-state').innerText()).toMatch(/Authorized/);
    expect(await card.innerText()).toContain('Using an access token you pasted');
    expect(await execute(page)).toBe('Bearer pasted-token-0123456789');
    expect(await page.locator('.samples__code').innerText()).toContain('Authorization: Bearer ********');
  });

  it('says plainly when the discovery document cannot be read, and tries again; marks the legacy flows', async () => {
    const page = await pages.open('/api/profile', { locale: 'en-US' });
    let block = true;
    await page.route(/openid-configuration/, (route) => (block ? route.abort() : route.continue()));
    const card = await openCard(page, 'oidc');
    const problem = card.locator('.auth-discovery__problem');
    await expect.poll(() => problem.innerText()).toMatch(/discovery document could not be read from this page.*CORS/s);
    block = false;
    await problem.getByRole('button', { name: 'Try again' }).click();
    await card.getByLabel('Client ID').waitFor();

    const legacy = page.locator('[data-oauth-scheme="legacy"]');
    expect(await legacy.locator('.auth-flow--primary .auth-flow__title').innerText()).toMatch(/Implicit flow.*\(legacy\)/s);
    expect(await legacy.locator('.auth-flow--primary').innerText()).toMatch(/RFC 9700: the token comes back in the page’s URL/);
    const password = legacy.locator('details[data-method="password"]');
    expect(await password.locator('summary').innerText()).toMatch(/Password flow.*\(legacy\)/s);
    await password.locator('summary').click();
    expect(await password.innerText()).toMatch(/RFC 9700: the user’s password is handed to this page/);
    expectProblems(/openid-configuration|ERR_FAILED/);
  });
});
