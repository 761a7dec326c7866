import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { REPO, tempDir } from '../helpers/fixtures.js';
import { freePort, startServerCommand } from '../helpers/cli-server.js';
import { serveStatic, type StaticServer } from './static-server.js';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Builds a site with the real CLI into a fresh temporary folder; returns that folder. */
export function buildWithCli(root: string = REPO): string {
  const out = join(tempDir('shipdocs-browser-'), 'dist');
  const r = spawnSync(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'build', '--root', root, '--out', out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed (${r.status}):\n${r.stderr}\n${r.stdout}`);
  return out;
}

/**
 * The default site built by the real CLI, once per test run: the first file that asks builds it,
 * the others reuse it. Callers only read it; it is removed after the run (global-setup.ts).
 */
export function sharedDefaultSite(): string {
  const site = join(inject('sharedBuilds'), 'default');
  if (existsSync(site)) return join(site, 'dist');
  const built = dirname(buildWithCli());
  try {
    renameSync(built, site);
  } catch (e) {
    // Another test file, in another worker, finished the same build first.
    if (!existsSync(site)) throw e;
    rmSync(built, { recursive: true, force: true });
  }
  return join(site, 'dist');
}

interface OpenOptions extends BrowserContextOptions {
  /** localStorage entries set before any page script runs (first load of the context only). */
  storage?: Record<string, string>;
  /** Scripts run in every page before its own. */
  init?: string[];
  /** Set up before the first page load (routes, request listeners). */
  before?: (ctx: BrowserContext) => Promise<unknown>;
}

export interface PageOpener {
  /** A page of the served site in a fresh context (1280×800, en-US, service workers blocked, unless told otherwise). */
  open(path: string, options?: OpenOptions): Promise<Page>;
  /** Uncaught errors, console errors and CSP violations seen so far, emptied by `settle()`. */
  problems: string[];
  /** Closes the contexts opened so far and returns (and forgets) the problems they had. */
  settle(): Promise<string[]>;
}

/** Every CSP violation becomes a console error (Chromium reports some only to the page). */
const REPORT_CSP = "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));";

/**
 * Opens pages in fresh contexts and records what went wrong in them: uncaught errors, console
 * errors (a failed resource load that a test provokes excepted) and CSP violations.
 */
export function pageOpener(browser: () => Browser, baseUrl: () => string): PageOpener {
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  return {
    problems,
    async open(path, { storage, init = [], before, ...context } = {}) {
      // Service workers (the default site has `offline` on) are blocked unless a test asks for
      // them: a worker answers requests the test means to route, and keeps pages across tests.
      const ctx = await browser().newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', serviceWorkers: 'block', ...context });
      contexts.push(ctx);
      await ctx.addInitScript(REPORT_CSP);
      if (storage) {
        await ctx.addInitScript((entries) => {
          type Store = { getItem(k: string): string | null; setItem(k: string, v: string): void };
          const w = globalThis as unknown as { sessionStorage: Store; localStorage: Store };
          if (w.sessionStorage.getItem('seeded')) return;
          w.sessionStorage.setItem('seeded', '1');
          for (const [k, v] of Object.entries(entries)) w.localStorage.setItem(k, v);
        }, storage);
      }
      for (const script of init) await ctx.addInitScript(script);
      await before?.(ctx);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
      });
      await page.goto(baseUrl() + path);
      return page;
    },
    async settle() {
      await Promise.all(contexts.splice(0).map((c) => c.close()));
      return problems.splice(0);
    },
  };
}

/** The accessible name Chromium itself computes for an element (DevTools protocol). */
export async function accessibleName(page: Page, locator: Locator): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await locator.evaluate((el: { setAttribute(k: string, v: string): void }) => el.setAttribute('data-ax-probe', ''));
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-ax-probe]' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    return String(nodes[0]?.name?.value ?? '');
  } finally {
    await locator.evaluate((el: { removeAttribute(k: string): void }) => el.removeAttribute('data-ax-probe'));
    await cdp.detach();
  }
}

export interface BuiltSite {
  readonly browser: Browser;
  readonly server: StaticServer;
  /** Base URL of the served site. */
  readonly url: string;
  /** The output folder. */
  readonly dist: string;
}

/**
 * For the tests of one file: builds a site with the real CLI (the default site unless `root`
 * makes a project), serves it on 127.0.0.1 and launches Chromium; everything is closed and
 * removed afterwards.
 */
export function useBuiltSite(root?: () => string): BuiltSite {
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  let dist: string | undefined;
  beforeAll(async () => {
    dist = root ? buildWithCli(root()) : sharedDefaultSite();
    [server, browser] = await Promise.all([serveStatic(dist), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dist && root) rmSync(dirname(dist), { recursive: true, force: true });
  });
  return {
    get browser() {
      return browser!;
    },
    get server() {
      return server!;
    },
    get url() {
      return server!.url;
    },
    get dist() {
      return dist!;
    },
  };
}

/**
 * For the tests of one file: a project that `fill` writes into a fresh folder (returning its OpenAPI
 * document's path), its "Local mock" server (http://127.0.0.1:4010) moved to a port of the file's
 * own, the site built and served as useBuiltSite does, and `shipdocs mock` of the project on that port.
 */
export async function useSiteWithMock(prefix: string, fill: (project: string) => string): Promise<{ site: BuiltSite; project: string; port: number }> {
  const port = await freePort();
  const project = tempDir(prefix);
  let mock: ChildProcess | undefined;
  const site = useBuiltSite(() => {
    const spec = fill(project);
    writeFileSync(spec, readFileSync(spec, 'utf8').replaceAll('http://127.0.0.1:4010', `http://127.0.0.1:${port}`));
    return project;
  });
  beforeAll(async () => {
    mock = (await startServerCommand('mock', ['--root', project, '--port', String(port)], 'mocking')).child;
  }, 60_000);
  afterAll(() => {
    mock?.removeAllListeners('exit');
    mock?.kill();
  });
  return { site, project, port };
}

/**
 * After each test, closes its pages and fails it on any page problem (uncaught error, console
 * error, CSP violation) but those it declared with the returned function.
 */
export function failOnPageProblems(pages: PageOpener): (expected: RegExp) => void {
  let expected: RegExp | undefined;
  afterEach(async () => {
    const problems = (await pages.settle()).filter((p) => !expected?.test(p));
    expected = undefined;
    expect(problems).toEqual([]);
  });
  return (re) => {
    expected = re;
  };
}
