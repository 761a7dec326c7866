// The API panels by keyboard alone on the default site's /api/quoter, at 1440 and 390 px: where
// focus goes after each step of the authorization dialog and the try-it (never to the page, never
// on a disabled button) and what the panel's live region says (once); what the reader chooses or
// types while the panels' code is still loading (kept once it has mounted); a control pressed
// meanwhile saying it waits (aria-busy at once, a spinner after 200 ms); and 'Retry' after a
// failed load opening the panel that was asked for, with focus in it.
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';
import { expectRing, isFocused, tabTo } from './keyboard.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare function getComputedStyle(e: unknown, pseudo?: string): any;

const site = useBuiltSite();
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
const expectProblems = failOnPageProblems(pages);

const WIDTHS = [1440, 390] as const;
/** Room for a loaded machine (the whole suite runs in parallel): what is polled comes within ms alone. */
const POLL = { timeout: 5000 };
const viewport = (width: number) => ({ viewport: { width, height: 844 } });

/** The panels' lazy chunk (React's is another), under its own URL or a retry's. */
const PANEL_CHUNK = /\/assets\/js\/chunks\/panel-[^/]*\.js(\?.*)?$/;
/** The default site's "Local mock" server, answered here by the test. */
const MOCK_QUOTER = 'http://127.0.0.1:4010/quoter';

/** Holds the panels' chunk back until the returned function is called. */
async function holdPanelChunk(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(PANEL_CHUNK, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** A short description of the focused element, for failure messages. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const a = document.activeElement;
    return a ? `${a.tagName.toLowerCase()}.${[...a.classList].join('.')}` : 'none';
  });

async function expectFocus(page: Page, selector: string): Promise<void> {
  await expect.poll(() => isFocused(page, selector), { ...POLL, message: `focus on ${selector}, not ${await focused(page)}` }).toBe(true);
}

/**
 * The texts of the page's live regions (status, alert, aria-live) that say `words`: exactly one
 * must, for the change to be said once.
 */
const sayers = (page: Page, words: string): Promise<string[]> =>
  page.evaluate(
    (w: string) =>
      [...document.querySelectorAll('[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]')]
        .map((e: any) => e.innerText.trim())
        .filter((t: string) => t.includes(w)),
    words,
  );

async function expectSaid(page: Page, words: string): Promise<void> {
  await expect.poll(() => sayers(page, words), POLL).toHaveLength(1);
}

describe.each(WIDTHS)('at %i px', (width) => {
  it('the authorization dialog by keyboard: focus follows authorize, edit, confirm, forget and close, and each state is said once', async () => {
    const page = await pages.open('/api/quoter', viewport(width));
    await tabTo(page, '.api-auth__open', { max: 100 });
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog.auth-dialog[open]');
    // The dialog has the focus.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog.auth-dialog')), POLL).toBe(true);

    const card = 'dialog [data-auth-scheme="bearerAuth"]';
    await tabTo(page, `${card} input.tryit__input`);
    await page.keyboard.type('tok-123');
    // Authorize (Enter in the field): the form goes; its card, now Authorized, has the focus.
    await page.keyboard.press('Enter');
    await expectFocus(page, card);
    await expectRing(page);
    expect(await page.locator(`${card} .auth-state`).innerText()).toBe('Authorized');
    await expectSaid(page, 'bearerAuth: Authorized');

    // Edit: the token field, filled with the token, has the focus.
    await tabTo(page, `${card} .auth-scheme__edit`);
    await page.keyboard.press('Enter');
    await expectFocus(page, `${card} input.tryit__input`);
    expect(await page.inputValue(`${card} input.tryit__input`)).toBe('tok-123');
    await expectSaid(page, 'bearerAuth: Editing');
    // Confirm (Enter): back on the card.
    await page.keyboard.press('Enter');
    await expectFocus(page, card);
    await expectSaid(page, 'bearerAuth: Authorized');

    // Forget: the card, Pending again, keeps the focus; its field is back, empty.
    await tabTo(page, `${card} .auth-scheme__forget`);
    await page.keyboard.press('Space');
    await expectFocus(page, card);
    expect(await page.locator(`${card} .auth-state`).innerText()).toBe('Pending');
    expect(await page.inputValue(`${card} input.tryit__input`)).toBe('');
    await expectSaid(page, 'bearerAuth: Pending');

    // Escape closes the dialog and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.auth-dialog[open]').count(), POLL).toBe(0);
    await expectFocus(page, '.api-auth__open');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  it('the try-it by keyboard: open, execute (focus on Cancel), cancel, execute again (focus on the response), each said once', async () => {
    /** How to answer each request sent to the mock, in order. */
    const answers: (() => void)[] = [];
    const page = await pages.open('/api/quoter', {
      ...viewport(width),
      // The mock server, answered when the test says (a CORS answer: the page is on another origin).
      before: (ctx) =>
        ctx.route(MOCK_QUOTER, async (route: Route) => {
          const headers = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'content-type': 'application/json' };
          if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers });
          await new Promise<void>((resolve) => answers.push(resolve));
          await route.fulfill({ status: 200, headers, body: '{"data":[{"service_name":"Express"}]}' }).catch(() => undefined);
        }),
    });
    await tabTo(page, '.tryit__open', { max: 100 });
    // Focused, the panel loads: here it opens as the hydrated panel (the test below opens it before).
    await expect.poll(() => page.locator('[data-api-panel="try-it"]').getAttribute('data-mounted'), POLL).toBe('true');
    await page.keyboard.press('Enter');
    // Open: its first field, the server, has the focus.
    await page.waitForSelector('form.tryit--open');
    await expectFocus(page, 'form.tryit--open select');
    await expectRing(page);
    // "Local mock", the third server.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('.tryit__server-url').innerText(), POLL).toBe('http://127.0.0.1:4010');

    // Execute: disabled while the request runs, and Cancel beside it has the focus.
    await tabTo(page, '.tryit__execute');
    await page.keyboard.press('Enter');
    await expectFocus(page, '.tryit__cancel');
    expect(await page.locator('.tryit__execute').isDisabled()).toBe(true);
    await expectRing(page);
    await expectSaid(page, 'Executing');
    // Cancel: the outcome, which says so, has the focus.
    await page.keyboard.press('Enter');
    await expectFocus(page, '.tryit__outcome .tryit__alert');
    await expectSaid(page, 'You cancelled the request.');
    expect(await page.locator('.tryit__outcome').innerText()).toContain('You cancelled the request.');

    // Clear: back to Execute, which runs it again; the response has the focus once it is in.
    await tabTo(page, '.tryit__clear', { back: true });
    await page.keyboard.press('Enter');
    await expectFocus(page, '.tryit__execute');
    await page.keyboard.press('Enter');
    await expectFocus(page, '.tryit__cancel');
    // The second request (the first was cancelled).
    await expect.poll(() => answers.length, POLL).toBe(2);
    answers[1]!();
    await expectFocus(page, '.tryit__result');
    await expectRing(page);
    expect(await page.locator('.tryit__status').innerText()).toMatch(/^200/);
    await expectSaid(page, 'Response: 200');
    // The response is said by the live region only: not by its block (no live region reads the whole body).
    expect(await sayers(page, 'service_name')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  it('keeps the sample language, the server and the body chosen and typed while the panels’ code loads', async () => {
    const page = await pages.open('/api/quoter', viewport(width));
    const release = await holdPanelChunk(page);
    // The try-it opens at once, before its code: its server's form.
    await tabTo(page, '.tryit__open', { max: 100 });
    await page.keyboard.press('Enter');
    await expectFocus(page, 'form.tryit--open select');
    expect(await page.locator('[data-api-panel="try-it"]').getAttribute('data-mounted')).toBe('loading');
    await page.keyboard.press('ArrowDown');
    expect(await page.inputValue('form.tryit--open select')).toBe('1');
    await page.keyboard.press('Tab');
    expect(await isFocused(page, '.tryit__body')).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('{"origin": {"postal_code": "01000"}}');
    await tabTo(page, '.samples__select');
    await page.keyboard.press('ArrowDown');
    expect(await page.inputValue('.samples__select')).toBe('python-requests');

    release();
    await expect.poll(() => page.locator('[data-api-panel="try-it"]').getAttribute('data-mounted'), POLL).toBe('true');
    await expect.poll(() => page.locator('[data-api-panel="code-samples"]').getAttribute('data-mounted'), POLL).toBe('true');
    // Kept, and the panels act on them: the sample is Python, to the chosen server, with the typed body.
    await expect.poll(() => page.locator('.samples__code').innerText(), POLL).toContain('requests.post(');
    const sample = await page.locator('.samples__code').innerText();
    expect(sample).toContain('https://sandbox.rutapack.example/v1/quoter');
    expect(sample).toContain('01000');
    expect(await page.inputValue('.samples__select')).toBe('python-requests');
    expect(await page.inputValue('form.tryit--open select')).toBe('1');
    expect(await page.locator('.tryit__server-url').innerText()).toBe('https://sandbox.rutapack.example/v1');
    expect(await page.inputValue('.tryit__body')).toBe('{"origin": {"postal_code": "01000"}}');
    // The focus stayed where the reader left it.
    expect(await isFocused(page, '.samples__select')).toBe(true);
  });

  it('a control pressed while the code loads says it waits: aria-busy at once, a spinner after 200 ms, gone when the panel has mounted', async () => {
    const page = await pages.open('/api/quoter', viewport(width));
    const release = await holdPanelChunk(page);
    const button = page.locator('.api-auth__open');
    await tabTo(page, '.api-auth__open', { max: 100 });
    const size = await button.evaluate((b: any) => [b.offsetWidth, b.offsetHeight]);
    // When each mark comes, as the page's clock sees it.
    await button.evaluate((b: any) => {
      const marks: Record<string, number> = {};
      b.marks = marks;
      new (globalThis as any).MutationObserver(() => {
        for (const name of ['aria-busy', 'data-spinner']) if (b.hasAttribute(name) && !(name in marks)) marks[name] = (globalThis as any).performance.now();
      }).observe(b, { attributes: true });
    });
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => button.getAttribute('data-spinner'), POLL).toBe('');
    // Not at once: a load faster than the progress bar's delay shows nothing.
    const marks: Record<string, number> = await button.evaluate((b: any) => b.marks);
    expect(marks['data-spinner']! - marks['aria-busy']!).toBeGreaterThanOrEqual(199);
    expect(await button.evaluate((b: any) => getComputedStyle(b, '::after').animationName)).toBe('sd-spin');
    // Without motion, a still ring.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await button.evaluate((b: any) => [getComputedStyle(b, '::after').animationName, getComputedStyle(b, '::after').borderStyle])).toEqual([
      'none',
      'dotted',
    ]);
    // The button keeps its size, name and focus.
    expect(await button.evaluate((b: any) => [b.offsetWidth, b.offsetHeight])).toEqual(size);
    expect(await isFocused(page, '.api-auth__open')).toBe(true);
    expect(await button.innerText()).toContain('Authorization');

    release();
    await page.waitForSelector('dialog.auth-dialog[open]');
    expect(await button.getAttribute('aria-busy')).toBeNull();
    expect(await button.getAttribute('data-spinner')).toBeNull();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog.auth-dialog')), POLL).toBe(true);
  });

  it("after a failed load, 'Retry' loads the panels and opens what was asked, with focus in it", async () => {
    // The chunk fails to load (under any URL) until the test lets it.
    let failing = true;
    const page = await pages.open('/api/quoter', {
      ...viewport(width),
      before: (ctx) => ctx.route(PANEL_CHUNK, (route) => (failing ? route.abort('connectionrefused') : route.continue())),
    });
    // The try-it, opened before its code. (Tab passes the Authorization button on the way: its
    // place shows the error too, having tried to load on focus.)
    await tabTo(page, '.tryit__open', { max: 100 });
    await page.keyboard.press('Enter');
    const tryIt = page.locator('[data-api-panel="try-it"]');
    await expect.poll(() => tryIt.locator('.chunk-error').isVisible(), POLL).toBe(true);
    expect(await tryIt.locator('.chunk-error').getAttribute('role')).toBe('alert');
    expect(await page.locator('form.tryit--open').isVisible()).toBe(true);
    failing = false;
    await tabTo(page, '[data-api-panel="try-it"] [data-island-retry]');
    await page.keyboard.press('Enter');
    await expect.poll(() => tryIt.getAttribute('data-mounted'), POLL).toBe('true');
    expect(await tryIt.locator('.chunk-error').count()).toBe(0);
    expect(await page.locator('form.tryit--open').isVisible()).toBe(true);
    await expectFocus(page, 'form.tryit--open select');
    // It is the panel now: choosing a server shows its URL.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('.tryit__server-url').innerText(), POLL).toBe('https://sandbox.rutapack.example/v1');

    // The authorization dialog, asked for while the chunk failed, on another page load.
    failing = true;
    await page.reload();
    await tabTo(page, '.api-auth__open', { max: 100 });
    await page.keyboard.press('Enter');
    const auth = page.locator('[data-api-panel="authorization"]');
    await expect.poll(() => auth.locator('.chunk-error').isVisible(), POLL).toBe(true);
    // Failed: the button no longer says it waits.
    expect(await page.locator('.api-auth__open').getAttribute('aria-busy')).toBeNull();
    failing = false;
    await page.keyboard.press('Tab');
    expect(await isFocused(page, '[data-api-panel="authorization"] [data-island-retry]')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog.auth-dialog[open]');
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog.auth-dialog')), POLL).toBe(true);
    // Closed, the focus goes back to the button that asked for it.
    await page.keyboard.press('Escape');
    await expectFocus(page, '.api-auth__open');
    expectProblems(/Failed to fetch dynamically imported module|panel-/);
  });
});
