// The shell's behaviour in Chromium, on the default site built by the real CLI: language, colour
// mode, navbar, mobile menu, announcement bar, offline badge, client-side navigation and search.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { failOnPageProblems, pageOpener, useBuiltSite } from './browser.js';

// page.evaluate() callbacks run in the browser, but this file is type-checked with the node
// tsconfig (no DOM lib): the browser globals they use are declared loosely here.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;
declare const document: any;
declare const localStorage: any;
declare const sessionStorage: any;
declare const scrollY: number;
declare function scrollTo(x: number, y: number): void;
declare function getComputedStyle(e: unknown): any;
declare const MutationObserver: any;
declare const KeyboardEvent: any;
declare function requestAnimationFrame(f: () => void): number;
type HTMLElement = any;
type HTMLAnchorElement = any;

const site = useBuiltSite();
const pages = pageOpener(
  () => site.browser,
  () => site.url,
);
// Every page runs without an uncaught error, a console error or a CSP violation.
failOnPageProblems(pages);
const open = pages.open;

/** Opens the sidebar category holding the link to `href` (categories start closed), in `within`. */
async function expandCategoryOf(page: Page, href: string, within = '#doc-sidebar'): Promise<void> {
  const caret = page.locator(`${within} .menu__category:has(a[href="${href}"]) > .menu__category-row [data-sidebar-caret]`).first();
  if ((await caret.getAttribute('aria-expanded')) === 'false') await caret.click();
}

/** Records, at every animation frame until the page has content, the attributes that would flash. */
const RECORD_FRAMES = `
  window.__frames = [];
  const tick = () => {
    const d = document.documentElement;
    window.__frames.push({
      lang: d && d.getAttribute('data-ui-lang'),
      theme: d && d.getAttribute('data-theme'),
      dismissed: d && d.getAttribute('data-announcement-dismissed'),
      content: !!document.body && document.body.children.length > 0,
    });
    if (window.__frames.length < 40) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  document.addEventListener('DOMContentLoaded', () => {
    window.__atDomContentLoaded = {
      lang: document.documentElement.getAttribute('data-ui-lang'),
      theme: document.documentElement.getAttribute('data-theme'),
      skip: document.querySelector('.skip-link').innerText,
      bar: getComputedStyle(document.querySelector('.announcement-bar')).display,
    };
  });
`;
type Frame = { lang: string | null; theme: string | null; dismissed: string | null; content: boolean };
const framesWithContent = async (page: Page): Promise<Frame[]> =>
  (await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames)).filter((f) => f.content);
const atDomContentLoaded = (page: Page): Promise<{ lang: string; theme: string; skip: string; bar: string }> =>
  page.evaluate(() => (window as unknown as { __atDomContentLoaded: never }).__atDomContentLoaded);
const text = (page: Page, selector: string): Promise<string> => page.locator(selector).first().innerText();
const html = (page: Page, name: string): Promise<string | null> => page.evaluate((n) => document.documentElement.getAttribute(n), name);

describe('UI language', () => {
  it('follows the browser language when nothing is saved, else Spanish', async () => {
    const en = await open('/docs/intro', { locale: 'en-US' });
    expect(await html(en, 'data-ui-lang')).toBe('en');
    expect(await text(en, '.skip-link')).toBe('Skip to main content');
    const fr = await open('/docs/intro', { locale: 'fr-FR' });
    expect(await html(fr, 'data-ui-lang')).toBe('es');
    expect(await text(fr, '.skip-link')).toBe('Saltar al contenido principal');
    expect(await text(fr, '.lang-select__button')).toContain('Español');
  });

  it('switches every label at once without a reload, saves the choice, and does not flash after reload', async () => {
    const page = await open('/docs/intro', { locale: 'fr-FR', init: [RECORD_FRAMES] });
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.click('.lang-select__button');
    await page.click('.lang-select__option[data-lang="en"]');
    expect(await html(page, 'data-ui-lang')).toBe('en');
    expect(await text(page, '.skip-link')).toBe('Skip to main content');
    expect(await text(page, '.lang-select__button')).toContain('English');
    expect(await page.locator('.lang-select__option[data-lang="en"]').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('shipdocs.lang'))).toBe('en');

    await page.reload();
    const frames = await framesWithContent(page);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((f) => f.lang === 'en')).toBe(true);
    expect(await atDomContentLoaded(page)).toMatchObject({ lang: 'en', skip: 'Skip to main content' });
  });
});

describe('language dropdown', () => {
  it('is 220 px wide, 180 px in the compact layout', async () => {
    const page = await open('/');
    await page.click('.lang-select__button');
    expect((await page.locator('.lang-select__menu').boundingBox())?.width).toBe(220);
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await page.locator('.lang-select__menu').boundingBox())?.width).toBe(180);
  });

  it('works from the keyboard: arrows, Home/End, Enter; Escape closes and returns focus', async () => {
    const page = await open('/', { locale: 'es-MX' });
    const menu = page.locator('.lang-select__menu');
    await page.focus('.lang-select__button');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.lang)).toBe('es');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.lang)).toBe('en');
    await page.keyboard.press('Home');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.lang)).toBe('es');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await menu.isHidden()).toBe(true);
    expect(await html(page, 'data-ui-lang')).toBe('en');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('lang-select__button'))).toBe(true);

    await page.keyboard.press('ArrowDown');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.isHidden()).toBe(true);
    expect(await page.locator('.lang-select__button').getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('lang-select__button'))).toBe(true);
    expect(await html(page, 'data-ui-lang')).toBe('en');
  });

  it('closes on an outside click', async () => {
    const page = await open('/docs/intro');
    await page.click('.lang-select__button');
    expect(await page.locator('.lang-select__menu').isVisible()).toBe(true);
    await page.mouse.click(640, 500);
    expect(await page.locator('.lang-select__menu').isHidden()).toBe(true);
  });
});

describe('colour mode', () => {
  it('toggles, persists and does not flash on reload', async () => {
    const page = await open('/docs/intro', { init: [RECORD_FRAMES] });
    const background = (): Promise<string> => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await html(page, 'data-theme')).toBe('light');
    const light = await background();
    await page.click('[data-color-mode-toggle]');
    expect(await html(page, 'data-theme')).toBe('dark');
    expect(await page.locator('[data-color-mode-toggle]').getAttribute('aria-pressed')).toBe('true');
    expect(await background()).not.toBe(light);
    expect(await page.evaluate(() => localStorage.getItem('shipdocs.theme'))).toBe('dark');

    await page.reload();
    const frames = await framesWithContent(page);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((f) => f.theme === 'dark')).toBe(true);
    expect((await atDomContentLoaded(page)).theme).toBe('dark');
    expect(await page.locator('[data-color-mode-toggle]').getAttribute('aria-pressed')).toBe('true');
  });
});

describe('navbar', () => {
  it("gets the 'scrolled' state past 10 px and, without hideOnScroll, never hides", async () => {
    const page = await open('/docs/tutorial-basics/create-a-document');
    const nav = page.locator('nav.navbar');
    expect(await nav.getAttribute('data-hide-on-scroll')).toBeNull();
    await page.evaluate(() => scrollTo(0, 8));
    await page.waitForTimeout(50);
    expect(await nav.getAttribute('class')).not.toContain('navbar--scrolled');
    await page.evaluate(() => scrollTo(0, 600));
    await expect.poll(() => nav.getAttribute('class')).toContain('navbar--scrolled');
    expect(await nav.getAttribute('class')).not.toContain('navbar--hidden');
  });

  it('marks the table-of-contents entry of the section being read', async () => {
    const page = await open('/docs/tutorial-basics/create-a-document');
    const id = await page.locator('[data-toc] a.toc__link').nth(2).getAttribute('href');
    await page.evaluate((hash) => document.getElementById(hash!.slice(1))!.scrollIntoView(), id);
    await expect.poll(() => page.locator('.toc__link--active').getAttribute('href')).toBe(id);
  });

  it("expands and collapses a sidebar category; categories start closed but for the page's own", async () => {
    const page = await open('/docs/intro');
    const caret = page.locator('[data-sidebar-caret]').first();
    const list = page.locator(`#${await caret.getAttribute('aria-controls')}`);
    expect(await caret.getAttribute('aria-expanded')).toBe('false');
    expect(await list.isHidden()).toBe(true);
    await caret.click();
    expect(await caret.getAttribute('aria-expanded')).toBe('true');
    expect(await list.isVisible()).toBe(true);
    await page.waitForTimeout(60);
    await caret.click();
    expect(await list.isHidden()).toBe(true);
    // On a page of the category, the category is open.
    const inside = await open('/docs/tutorial-basics/create-a-page');
    expect(await inside.locator('[data-sidebar-caret]').first().getAttribute('aria-expanded')).toBe('true');
    expect(await inside.locator('#doc-sidebar a[href="/docs/tutorial-basics/create-a-document"]').isVisible()).toBe(true);
  });
});

describe('mobile menu (390 px)', () => {
  const mobile = { viewport: { width: 390, height: 844 } };

  it('opens with the links and the docs sidebar, and closes on growing to desktop size', async () => {
    const page = await open('/docs/intro', mobile);
    expect(await page.locator('#doc-sidebar').isHidden()).toBe(true);
    await page.click('[data-menu-toggle]');
    const menu = page.locator('[data-mobile-menu]');
    expect(await menu.isVisible()).toBe(true);
    expect(await html(page, 'data-menu-open')).toBe('');
    expect(await page.locator('[data-mobile-menu-slot] #doc-sidebar').isVisible()).toBe(true);
    expect(await page.locator('[data-mobile-menu] a.mobile-menu__link[href="/blog"]').isVisible()).toBe(true);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => menu.isHidden()).toBe(true);
    expect(await html(page, 'data-menu-open')).toBeNull();
    // The sidebar is back in the page layout.
    expect(await page.locator('.doc-layout > #doc-sidebar, .page-wrapper #doc-sidebar').isVisible()).toBe(true);
    expect(await page.locator('[data-mobile-menu-slot] #doc-sidebar').count()).toBe(0);
  });

  it('ignores a double tap on the toggle (debounced) and closes on Escape and on the backdrop', async () => {
    const page = await open('/docs/intro', mobile);
    const menu = page.locator('[data-mobile-menu]');
    // Two clicks 0 ms apart: the second is dropped (the drawer would cover the button for a real one).
    await page.locator('[data-menu-toggle]').evaluate((b: HTMLElement) => {
      b.click();
      b.click();
    });
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-menu-toggle'))).toBe(true);
    await page.waitForTimeout(60);
    await page.click('[data-menu-toggle]');
    expect(await menu.isVisible()).toBe(true);
    await page.mouse.click(370, 500);
    expect(await menu.isHidden()).toBe(true);
  });

  it('closes on navigation', async () => {
    const page = await open('/docs/intro', mobile);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    await page.click('[data-menu-toggle]');
    await expandCategoryOf(page, '/docs/tutorial-basics/create-a-page', '[data-mobile-menu-slot]');
    await page.click('[data-mobile-menu-slot] a.menu__link[href="/docs/tutorial-basics/create-a-page"]');
    await page.waitForURL('**/docs/tutorial-basics/create-a-page');
    await expect.poll(() => page.title()).toBe('Create a page | Rutapack Docs');
    expect(await page.locator('[data-mobile-menu]').isHidden()).toBe(true);
    expect(await html(page, 'data-menu-open')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    // The new page's sidebar, in the page, marking the new page.
    await page.click('[data-menu-toggle]');
    expect(await page.locator('[data-mobile-menu-slot] .menu__link--active').innerText()).toBe('Create a page');
  });
});

describe('announcement bar', () => {
  it('is dismissed and stays dismissed across reloads, without showing first', async () => {
    const page = await open('/', { init: [RECORD_FRAMES] });
    const bar = page.locator('.announcement-bar');
    expect(await bar.isVisible()).toBe(true);
    await page.click('[data-announcement-close]');
    expect(await bar.isHidden()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('shipdocs.announcement.dismissed.api-v1-4'))).toBe('1');
    await page.reload();
    expect(await bar.isHidden()).toBe(true);
    expect((await framesWithContent(page)).every((f) => f.dismissed === 'true')).toBe(true);
    expect((await atDomContentLoaded(page)).bar).toBe('none');
  });
});

describe('offline badge', () => {
  it("shows 'Sin conexión - Modo offline' while offline, in the reader's language, gone when back online", async () => {
    const page = await open('/docs/intro', { locale: 'es-ES' });
    const badge = page.locator('[data-offline-badge]');
    expect(await badge.isHidden()).toBe(true);
    await page.context().setOffline(true);
    await expect.poll(() => badge.isVisible()).toBe(true);
    expect(await badge.innerText()).toBe('Sin conexión - Modo offline');
    await page.evaluate(() => {
      document.documentElement.dataset.uiLang = 'en';
    });
    expect(await badge.innerText()).toBe('No connection - Offline mode');
    await page.context().setOffline(false);
    await expect.poll(() => badge.isHidden()).toBe(true);
  });
});

describe('client-side navigation', () => {
  const marker = (page: Page): Promise<number | undefined> => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

  it('swaps pages without reloading, with back/forward, active states, focus and scroll restoration', async () => {
    const page = await open('/docs/intro');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await expandCategoryOf(page, '/docs/tutorial-basics/create-a-document');
    await page.click('#doc-sidebar a[href="/docs/tutorial-basics/create-a-document"]');
    await page.waitForURL('**/docs/tutorial-basics/create-a-document');
    await expect.poll(() => page.title()).toBe('Create a document | Rutapack Docs');
    expect(await marker(page)).toBe(42);
    expect(await page.locator('h1').innerText()).toBe('Create a document');
    expect(await page.locator('#doc-sidebar .menu__link--active').innerText()).toBe('Create a document');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://docs.rutapack.example/docs/tutorial-basics/create-a-document');
    expect(await page.locator('[data-route-announcer]').innerText()).toBe('Create a document | Rutapack Docs');

    // Scroll down, leave through the navbar, come back: the position is restored.
    await page.evaluate(() => scrollTo(0, 1200));
    await page.waitForTimeout(250);
    // A real click where the link is (page.click would first scroll it "into view").
    const blog = (await page.locator('nav.navbar a.navbar__link[href="/blog"]').boundingBox())!;
    await page.mouse.click(blog.x + blog.width / 2, blog.y + blog.height / 2);
    await page.waitForURL('**/blog');
    expect(await page.locator('nav.navbar a.navbar__link[href="/blog"]').getAttribute('class')).toContain('navbar__link--active');
    expect(await page.locator('nav.navbar a.navbar__link[href="/docs/intro"]').getAttribute('class')).not.toContain('navbar__link--active');
    expect(await page.evaluate(() => scrollY)).toBe(0);

    await page.goBack();
    await expect.poll(() => page.title()).toBe('Create a document | Rutapack Docs');
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1100);
    expect(await page.locator('nav.navbar a.navbar__link[href="/docs/intro"]').getAttribute('class')).toContain('navbar__link--active');
    await page.goBack();
    await expect.poll(() => page.title()).toBe('Introduction | Rutapack Docs');
    await page.goForward();
    await expect.poll(() => page.title()).toBe('Create a document | Rutapack Docs');
    expect(await marker(page)).toBe(42);
  });

  it('scrolls to the fragment of a link, on the same page and on another one', async () => {
    const page = await open('/docs/intro');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.evaluate(() =>
      (document.querySelector('#doc-sidebar a[href="/docs/intro"]') as HTMLAnchorElement).setAttribute(
        'href',
        '/docs/tutorial-basics/create-a-document#front-matter-reference',
      ),
    );
    await page.click('#doc-sidebar a[href="/docs/tutorial-basics/create-a-document#front-matter-reference"]');
    await page.waitForURL('**/create-a-document#front-matter-reference');
    // At the top of the viewport, below the navbar (where the browser's own fragment scroll puts it).
    const top = (): Promise<number> => page.evaluate(() => Math.round(document.getElementById('front-matter-reference')!.getBoundingClientRect().top));
    await expect.poll(top).toBeGreaterThan(50);
    expect(await top()).toBeLessThan(200);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(500);
    const toc = page.locator('[data-toc] a.toc__link').first();
    const hash = await toc.getAttribute('href');
    await toc.click();
    await page.waitForURL(`**${hash}`);
    expect(await marker(page)).toBe(1);
  });

  it('shows the progress bar for slow pages (after 200 ms)', async () => {
    const page = await open('/docs/intro', {
      // Slow for the client's fetches (prefetches included), not for a real page load.
      before: (ctx) =>
        ctx.route('**/docs/tutorial-basics/deploy-your-site', async (route) => {
          if (route.request().resourceType() === 'fetch') await new Promise((r) => setTimeout(r, 900));
          await route.continue();
        }),
    });
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 3));
    await expandCategoryOf(page, '/docs/tutorial-basics/deploy-your-site');
    const bar = page.locator('[data-progress-bar]');
    // When the click happened and when the bar showed, measured in the page.
    await page.evaluate(() => {
      const w = window as unknown as { __clickAt: number; __shownAt: number; __shownWith: string };
      const el = document.querySelector('[data-progress-bar]') as HTMLElement;
      document.addEventListener('click', () => (w.__clickAt = performance.now()), true);
      new MutationObserver(() => {
        if (el.classList.contains('progress-bar--active') && !w.__shownAt) {
          w.__shownAt = performance.now();
          w.__shownWith = el.style.transform;
        }
      }).observe(el, { attributes: true });
    });
    await page.click('#doc-sidebar a[href="/docs/tutorial-basics/deploy-your-site"]');
    await expect.poll(() => bar.getAttribute('class'), { timeout: 800 }).toContain('progress-bar--active');
    const timing = await page.evaluate(() => {
      const w = window as unknown as { __clickAt: number; __shownAt: number; __shownWith: string };
      return { __clickAt: w.__clickAt, __shownAt: w.__shownAt, __shownWith: w.__shownWith };
    });
    expect(timing.__shownAt - timing.__clickAt).toBeGreaterThanOrEqual(195);
    expect(timing.__shownAt - timing.__clickAt).toBeLessThan(600);
    expect(timing.__shownWith).toBe('scaleX(0.08)');
    await expect.poll(() => page.title()).toBe('Deploy your site | Rutapack Docs');
    await expect.poll(() => bar.getAttribute('class')).not.toContain('progress-bar--active');
    expect(await marker(page)).toBe(3);
  });

  it('falls back to a full page load when the page fetch fails', async () => {
    const page = await open('/docs/intro', {
      // Every fetch of that page fails (prefetches too); the document request itself works.
      before: (ctx) =>
        ctx.route('**/docs/tutorial-basics/congratulations', (route) => (route.request().resourceType() === 'document' ? route.continue() : route.abort())),
    });
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 4));
    await expandCategoryOf(page, '/docs/tutorial-basics/congratulations');
    await page.click('#doc-sidebar a[href="/docs/tutorial-basics/congratulations"]');
    await page.waitForURL('**/docs/tutorial-basics/congratulations');
    await expect.poll(() => page.title()).toBe('Congratulations! | Rutapack Docs');
    expect(await marker(page)).toBeUndefined();
  });

  it('prefetches on hover and visible links, but not on Save-Data', async () => {
    const fetched = new Set<string>();
    const page = await open('/docs/intro', {
      before: async (ctx) => ctx.on('request', (r) => r.resourceType() === 'fetch' && fetched.add(new URL(r.url()).pathname)),
    });
    // Visible links: prefetched when the browser is idle (not those of a closed sidebar category).
    await expect.poll(() => fetched.has('/docs/category/tutorial---basics'), { timeout: 5000 }).toBe(true);
    expect(fetched.has('/docs/tutorial-basics/create-a-page')).toBe(false);
    // Hover: a link added after load (not watched for visibility) to a page no visible link has.
    expect(fetched.has('/test-md')).toBe(false);
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/test-md';
      a.textContent = 'Hover me';
      a.id = 'hover-me';
      document.querySelector('main h1').after(a);
    });
    await page.hover('#hover-me');
    await expect.poll(() => fetched.has('/test-md')).toBe(true);

    const saverFetched: string[] = [];
    const saver = await open('/docs/intro', {
      init: ["Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true, effectiveType: '4g' }) });"],
      before: async (ctx) => ctx.on('request', (r) => r.resourceType() === 'fetch' && saverFetched.push(r.url())),
    });
    await saver.hover('nav.navbar a.navbar__link[href="/blog"]');
    await saver.waitForTimeout(1500);
    expect(saverFetched).toEqual([]);
    // Navigation itself still works client-side.
    await saver.click('nav.navbar a.navbar__link[href="/blog"]');
    await saver.waitForURL('**/blog');
  });

  it('loads React only on pages with islands', async () => {
    const page = await open('/docs/intro');
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('/entry-'))).toBe(true);
    expect(scripts.filter((s) => /mount-|react/i.test(s))).toEqual([]);

    await page.goto(`${site.url}/blog/mdx-blog-post`);
    // The calculator hydrates when visible (client:visible).
    await page.locator('[data-island]').first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('[data-island]').first().getAttribute('data-hydrated')).toBe('true');
    expect(scripts.some((s) => s.includes('/mount-'))).toBe(true);
  });
});

describe('search', () => {
  it('loads the index on first focus, finds as you type with highlights, and navigates by keyboard', async () => {
    const page = await open('/docs/intro');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 5));
    const indexRequests: string[] = [];
    page.on('request', (r) => r.url().endsWith('/search-index.json') && indexRequests.push(r.url()));
    await page.waitForTimeout(300);
    expect(indexRequests).toEqual([]);

    await page.keyboard.press('Control+k');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-search-input'))).toBe(true);
    await page.keyboard.type('quoter');
    const results = page.locator('.search-result');
    await expect.poll(() => results.count()).toBeGreaterThan(1);
    expect(indexRequests.length).toBe(1);
    expect(await results.first().getAttribute('href')).toBe('/api/quoter');
    expect(await results.first().locator('mark').first().innerText()).toMatch(/quote/i);
    expect(await results.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await results.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    expect(await results.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/api/quoter');
    expect(await page.locator('[data-search-panel]').isHidden()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(5);

    // "/" focuses the box too; an operation by method + path.
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-search-input'))).toBe(true);
    await page.keyboard.type('GET /tracking');
    await expect.poll(() => results.first().getAttribute('href')).toBe('/api/tracking-id');
    expect(await results.first().locator('.search-result__method').innerText()).toBe('GET');
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-search-panel]').isHidden()).toBe(true);
    // The second Escape empties the box and leaves it.
    await page.keyboard.press('Escape');
    expect(await page.inputValue('[data-search-input]')).toBe('');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-search-input'))).toBe(false);

    await page.keyboard.press('/');
    await page.keyboard.type('tracking');
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    expect(await page.locator('.search-result[href="/api/tracking-id"]').count()).toBe(1);
    await page.keyboard.type('zzqqxx');
    await expect.poll(() => page.locator('.search-panel__status').innerText()).toContain('No results for');

    // Escape right after a keystroke, before the search it started has run: the results stay closed.
    await page.evaluate(() => {
      const input = document.querySelector('[data-search-input]');
      input.value = 'quoter';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
    expect(await page.locator('[data-search-panel]').isHidden()).toBe(true);
  });

  it('shows the panel in the compact layout and closes it when focus leaves', async () => {
    const page = await open('/', { viewport: { width: 390, height: 844 } });
    await page.click('[data-search] .navbar-search__field');
    await page.keyboard.type('shipment');
    const panel = page.locator('[data-search-panel]');
    await expect.poll(() => page.locator('.search-result').count()).toBeGreaterThan(0);
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Tab');
    await expect.poll(() => panel.isHidden()).toBe(true);
  });
});
