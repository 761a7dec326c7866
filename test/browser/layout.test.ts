// The shell's layout in Chromium, on the default site built by the real CLI: the spec's sidebar
// breakpoints, the page without JavaScript (mobile and desktop), the logo's hover and reduced
// motion, the navbar's 'scrolled' threshold, and landmark labels in the reader's language.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibleName, failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare function scrollTo(x: number, y: number): void;
declare function getComputedStyle(e: unknown): any;
declare function requestAnimationFrame(fn: () => void): number;

const site = useBuiltSite();
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
const expectProblems = failOnPageProblems(pages);

const width = (page: Page, selector: string): Promise<number> => page.locator(selector).evaluate((e: any) => Math.round(e.getBoundingClientRect().width));
const twoFrames = (page: Page): Promise<void> => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

describe('sidebar breakpoints (mobile ≤ 640, tablet ≤ 1024, small monitor ≤ 1279, lg ≤ 1536, xl ≤ 1920, 2xl)', () => {
  it('sizes the docs sidebar per breakpoint, changing exactly past each boundary', async () => {
    const page = await pages.open('/docs/intro');
    const expected: [number, number][] = [
      [1000, 240],
      [1024, 240],
      [1025, 260],
      [1279, 260],
      [1280, 280],
      [1536, 280],
      [1537, 300],
      [1920, 300],
      [1921, 320],
      [2400, 320],
    ];
    const measured: [number, number][] = [];
    for (const [w] of expected) {
      await page.setViewportSize({ width: w, height: 800 });
      await twoFrames(page);
      measured.push([w, await width(page, '#doc-sidebar')]);
    }
    expect(measured).toEqual(expected);
  });

  it('sizes the drawer for mobile and tablet', async () => {
    const page = await pages.open('/docs/intro', { viewport: { width: 320, height: 800 } });
    await page.click('[data-menu-toggle]');
    const measured: [number, number][] = [];
    // The drawer stays open below the desktop navbar (996 px).
    for (const w of [320, 390, 640, 641, 995]) {
      await page.setViewportSize({ width: w, height: 800 });
      await twoFrames(page);
      measured.push([w, await width(page, '[data-mobile-menu]')]);
    }
    expect(measured).toEqual([
      [320, Math.round(320 * 0.85)],
      [390, 300],
      [640, 300],
      [641, 320],
      [995, 320],
    ]);
  });
});

describe('without JavaScript', () => {
  const noJs = { javaScriptEnabled: false };

  it('on a phone (390 px): no dead controls; navbar links and the sidebar lead everywhere', async () => {
    const page = await pages.open('/docs/intro', { ...noJs, viewport: { width: 390, height: 844 } });
    for (const dead of [
      '[data-menu-toggle]',
      '[data-lang-select]',
      '[data-color-mode-toggle]',
      '[data-search]',
      '[data-announcement-close]',
      '[data-sidebar-caret]',
    ]) {
      const visible = await page.locator(dead).evaluateAll((els: any[]) => els.filter((e) => e.getClientRects().length > 0).length);
      expect(visible, dead).toBe(0);
    }
    for (const href of ['/docs/intro', '/blog', '/api']) {
      expect(await page.locator(`nav.navbar a.navbar__link[href="${href}"]`).isVisible(), href).toBe(true);
    }
    // Links fit in the viewport (wrapped onto a second row, no horizontal scrolling).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const sidebar = page.locator('#doc-sidebar');
    expect(await sidebar.isVisible()).toBe(true);
    // After the content: the article reads first.
    const [mainBottom, sidebarTop] = await page.evaluate(() => [
      document.querySelector('main').getBoundingClientRect().bottom,
      document.querySelector('#doc-sidebar').getBoundingClientRect().top,
    ]);
    expect(sidebarTop).toBeGreaterThanOrEqual(mainBottom - 1);
    // Every doc is listed and reachable (a normal page load).
    await sidebar.locator('a[href="/docs/tutorial-extras/translate-your-site"]').click();
    await page.waitForURL('**/docs/tutorial-extras/translate-your-site');
    expect(await page.locator('h1').innerText()).toBe('Translate your site');
    await page.locator('nav.navbar a.navbar__link[href="/api"]').click();
    await page.waitForURL('**/api');
    expect(await page.locator('#doc-sidebar a[href="/api/tracking-id"]').isVisible()).toBe(true);
  });

  it('on a desktop: no dead controls, every category open', async () => {
    const page = await pages.open('/docs/intro', noJs);
    for (const dead of ['[data-lang-select]', '[data-color-mode-toggle]', '[data-search]', '[data-sidebar-caret]', '[data-announcement-close]']) {
      expect(await page.locator(dead).first().isVisible(), dead).toBe(false);
    }
    const links = page.locator('#doc-sidebar a.menu__link');
    const count = await links.count();
    expect(count).toBeGreaterThan(8);
    for (let i = 0; i < count; i++) expect(await links.nth(i).isVisible()).toBe(true);
  });
});

describe('logo hover', () => {
  const state = (page: Page) =>
    page.evaluate(() => {
      const s = (sel: string) => getComputedStyle(document.querySelector(sel));
      const sparkles = [...document.querySelectorAll('.navbar__inner .navbar__sparkles > i')].map((i: any) => {
        const c = getComputedStyle(i);
        return `${c.display} ${c.animationName} ${c.animationDuration} ${c.animationDelay}`;
      });
      return {
        logo: s('.navbar__inner .navbar__logo').transform,
        glow: s('.navbar__inner .navbar__logo-glow').opacity,
        dot: s('.navbar__inner .navbar__status-dot').opacity,
        sparkles,
      };
    });

  it('glows, shows 3 sparkles (1.5 s, 0.2 s apart) and the status dot, and scales to 1.05', async () => {
    const page = await pages.open('/docs/intro');
    expect((await state(page)).glow).toBe('0');
    await page.hover('.navbar__inner .navbar__brand');
    await expect.poll(async () => (await state(page)).logo, { timeout: 3000 }).toBe('matrix(1.05, 0, 0, 1.05, 0, 0)');
    await expect.poll(async () => (await state(page)).glow).toBe('1');
    await expect.poll(async () => (await state(page)).dot).toBe('1');
    expect((await state(page)).sparkles).toEqual(['block sd-sparkle 1.5s 0s', 'block sd-sparkle 1.5s 0.2s', 'block sd-sparkle 1.5s 0.4s']);
  });

  it('under prefers-reduced-motion: glow and dot only, no sparkles, no scale', async () => {
    const page = await pages.open('/docs/intro', { reducedMotion: 'reduce' });
    await page.hover('.navbar__inner .navbar__brand');
    await expect.poll(async () => (await state(page)).glow).toBe('1');
    const hovered = await state(page);
    expect(hovered.logo).toBe('none');
    expect(hovered.dot).toBe('1');
    expect(hovered.sparkles.every((s: string) => s.startsWith('none none'))).toBe(true);
  });
});

describe('navbar', () => {
  it("is 'scrolled' past 10 px: not at 10, at 11", async () => {
    const page = await pages.open('/docs/tutorial-basics/create-a-document');
    const nav = page.locator('nav.navbar');
    const at = async (y: number): Promise<boolean> => {
      await page.evaluate((top) => scrollTo(0, top), y);
      await twoFrames(page);
      return (await nav.getAttribute('class'))!.includes('navbar--scrolled');
    };
    expect(await at(10)).toBe(false);
    expect(await at(11)).toBe(true);
    expect(await at(10)).toBe(false);
    expect(await at(0)).toBe(false);
  });
});

describe('landmark labels', () => {
  it("are in the reader's language and follow a switch", async () => {
    const page = await pages.open('/api/quoter', { locale: 'en-US' });
    const names = async (): Promise<string[]> => [
      await accessibleName(page, page.locator('nav.navbar')),
      await accessibleName(page, page.locator('#doc-sidebar nav')),
      await accessibleName(page, page.locator('.announcement-bar')),
    ];
    expect(await names()).toEqual(['Main navigation', 'API reference sidebar', 'Announcement']);
    await page.click('.lang-select__button');
    await page.click('.lang-select__option[data-lang="es"]');
    expect(await names()).toEqual(['Navegación principal', 'Barra lateral de la referencia de la API', 'Anuncio']);

    await page.click('nav.navbar a.navbar__link[href="/docs/intro"]');
    await expect.poll(() => page.title()).toBe('Introduction | Rutapack Docs');
    expect(await accessibleName(page, page.locator('#doc-sidebar nav'))).toBe('Barra lateral de la documentación');
    await page.click('.lang-select__button');
    await page.click('.lang-select__option[data-lang="en"]');
    expect(await accessibleName(page, page.locator('#doc-sidebar nav'))).toBe('Docs sidebar');
  });
});
