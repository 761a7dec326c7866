import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { rule, startProxy, startTarget, type RunningProxy, type RunningTarget } from '../proxy/helpers.js';

// The attacker's probe, in a real browser: a page of another site cannot read an allowed host through
// a developer's running proxy, while the docs site's own pages can (preflight and request).

let browser: Browser;
let pages: Server;
let pagePort: number;
let target: RunningTarget;
let proxy: RunningProxy;
beforeAll(async () => {
  // Both names resolve to this machine; the page server answers any of them with an empty page.
  pages = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>page</title>'));
  await new Promise<void>((done) => pages.listen(0, '127.0.0.1', done));
  pagePort = (pages.address() as { port: number }).port;
  target = await startTarget((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"intranet data"}'));
  proxy = await startProxy({ allow: [rule(`127.0.0.1:${target.port}`)], origins: [`http://docs.test:${pagePort}`] });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--host-resolver-rules=MAP docs.test 127.0.0.1, MAP evil.test 127.0.0.1'],
  });
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await target?.close();
  await new Promise((done) => pages?.close(done));
});

/** What a page of `origin` reads through the proxy with a POST (preflighted) and a GET, or the error it gets. */
async function readThroughProxy(origin: string): Promise<string[]> {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/`);
    const through = `http://127.0.0.1:${proxy.port}/?url=${encodeURIComponent(`http://127.0.0.1:${target.port}/v1/data`)}`;
    return await page.evaluate(async (url) => {
      const attempt = (init: RequestInit): Promise<string> =>
        fetch(url, { credentials: 'omit', ...init }).then(
          (r) => r.text(),
          (err: Error) => `blocked: ${err.name}`,
        );
      return [await attempt({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), await attempt({ method: 'GET' })];
    }, through);
  } finally {
    await page.close();
  }
}

describe('the proxy in a browser', () => {
  it("lets the docs site's pages read through it", async () => {
    expect(await readThroughProxy(`http://docs.test:${pagePort}`)).toEqual(['{"secret":"intranet data"}', '{"secret":"intranet data"}']);
  });

  it('keeps a foreign page from reading through it: its preflight and its request are refused', async () => {
    const before = target.received.length;
    expect(await readThroughProxy(`http://evil.test:${pagePort}`)).toEqual(['blocked: TypeError', 'blocked: TypeError']);
    expect(target.received.length).toBe(before);
    expect(proxy.logs.slice(-2).map((e) => [e.method, e.status])).toEqual([
      ['OPTIONS', 403],
      ['GET', 403],
    ]);
  });
});
