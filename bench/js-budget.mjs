// The JS budget: builds the default site, serves it on 127.0.0.1, loads pages in Chromium
// (playwright-core) and sums the JavaScript each page loads before any interaction, gzipped.
// Prints KB per page type against the budgets: doc page ≤ 20 KB, an API page ≤ 30 KB before the first
// interaction, an operation page ≤ 120 KB after opening the try-it, running a request and switching
// the code samples' language; a page with a React island that hydrates on load ≤ 90 KB (the entry,
// React with React DOM, the island's code; pages without one load no framework).
// Usage: npm run bench:js      (CHROMIUM=/path/to/chromium to use another browser)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const repo = fileURLToPath(new URL('..', import.meta.url));
const KB = 1024;

/** Page types, the pages measured for each (the heaviest counts), and their budgets in KB. */
const PAGE_TYPES = [
  { type: 'home', paths: ['/'] },
  { type: 'doc', paths: ['/docs/intro', '/docs/tutorial-basics/create-a-document', '/docs/tutorial-basics/markdown-features'], budget: 20 },
  { type: 'blog post', paths: ['/blog/welcome'] },
  // An island hydrated on load (the rate calculator), with React 19 and React DOM.
  { type: 'island page', paths: ['/blog/mdx-blog-post'], budget: 90 },
  { type: 'API page', paths: ['/api', '/api/quoter', '/api/shiphero-orders-order-id'], budget: 30 },
  { type: 'operation page, after try-it', paths: ['/api/quoter'], budget: 120, interact: tryIt },
];

/** Opens the try-it, runs the request against the "Local mock" server, then shows the Python sample. */
async function tryIt(page) {
  // The request's answer is canned here: the budget is about the page's JavaScript, not the mock.
  await page.route('http://127.0.0.1:4010/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: '{"data":[]}' }),
  );
  await page.click('.tryit__open');
  await page.waitForSelector('.tryit select');
  const mock = await page.$eval('.tryit select', (s) => [...s.options].find((o) => o.text.includes('127.0.0.1:4010')).value);
  await page.selectOption('.tryit select >> nth=0', mock);
  await page.click('.tryit__execute');
  await page.waitForSelector('.tryit__response');
  await page.selectOption('.samples__select', 'python-requests');
  await page.waitForFunction(() => document.querySelector('.samples__code')?.textContent?.includes('requests'));
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

function build() {
  const tmp = mkdtempSync(join(tmpdir(), 'shipdocs-jsbench-'));
  const out = join(tmp, 'dist');
  const r = spawnSync(process.execPath, [join(repo, 'bin/shipdocs.js'), 'build', '--root', repo, '--out', out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stderr}\n${r.stdout}`);
  return { tmp, out };
}

function serve(root) {
  const isFile = (p) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  };
  const server = createServer((req, res) => {
    const path = normalize(join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (!path.startsWith(root + sep) && path !== root) return res.writeHead(403).end();
    const file = [path, join(path, 'index.html')].find(isFile);
    const body = readFileSync(file ?? join(root, '404.html'));
    res.writeHead(file ? 200 : 404, { 'content-type': TYPES[extname(file ?? '.html')] ?? 'application/octet-stream' }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Gzipped bytes of every script response of a page, loaded and left idle (no interaction). */
async function measure(browser, url, interact) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !response.url().endsWith('.js')) return;
    try {
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a response without a body (redirect): nothing to count
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Idle-time work (islands hydrating on idle, prefetches) gets its chance.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  if (interact) {
    await interact(page);
    await page.waitForLoadState('networkidle');
  }
  await context.close();
  const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { bytes, files: [...scripts.keys()].map((u) => new URL(u).pathname) };
}

const { tmp, out } = build();
const server = await serve(out);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = [];
let failed = false;
try {
  for (const { type, paths, budget, interact } of PAGE_TYPES) {
    let worst = { bytes: -1 };
    for (const path of paths) {
      const m = await measure(browser, base + path, interact);
      if (m.bytes > worst.bytes) worst = { ...m, path };
    }
    const kb = worst.bytes / KB;
    const ok = budget === undefined || kb <= budget;
    failed ||= !ok;
    rows.push({
      'page type': type,
      'heaviest page': worst.path,
      'JS KB (gzip)': kb.toFixed(1),
      files: worst.files.length,
      budget: budget ? `≤ ${budget} KB` : '—',
      within: budget ? (ok ? 'yes' : 'NO') : '',
    });
  }
} finally {
  await browser.close();
  server.close();
  rmSync(tmp, { recursive: true, force: true });
}
console.table(rows);
process.exitCode = failed ? 1 : 0;
