import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { REPO, tempProject } from '../helpers/fixtures.js';

let child: ChildProcess;
let port = 0;
let root = '';
let output = '';

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Collects server-sent events until `until` returns true. */
function events(until: (log: string) => boolean, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let log = '';
    const req = request({ host: '127.0.0.1', port, path: '/__shipdocs/events', headers: { host: `127.0.0.1:${port}` } }, (res) => {
      res.on('data', (c: Buffer) => {
        log += c.toString();
        if (until(log)) {
          req.destroy();
          resolve(log);
        }
      });
    });
    req.on('error', () => undefined);
    setTimeout(() => {
      req.destroy();
      reject(new Error(`no matching event; got: ${log}`));
    }, timeoutMs);
    req.end();
  });
}

beforeAll(async () => {
  root = tempProject({ 'content/docs/hello.md': '# Hello\n\nFirst version.\n' });
  child = spawn(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'serve', '--root', root, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`serve did not start: ${output}`)), 30_000);
    const check = (): void => {
      const m = /serving {2}http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (m) {
        port = Number(m[1]);
        clearTimeout(t);
        resolve();
      } else setTimeout(check, 50);
    };
    check();
  });
});

afterAll(() => {
  child?.kill('SIGTERM');
});

describe('shipdocs serve', () => {
  it('serves pages with and without a trailing slash, with the live-reload script', async () => {
    const a = await get('/docs/hello');
    expect(a.status).toBe(200);
    expect(a.body).toContain('First version.');
    expect(a.body).toContain('<script src="/__shipdocs/reload.js"></script></body>');
    expect((await get('/docs/hello/')).status).toBe(200);
    expect(a.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers unknown paths with the 404 page', async () => {
    const r = await get('/nope');
    expect(r.status).toBe(404);
    expect(r.body).toContain('Page not found');
  });

  it('refuses foreign Host and Origin headers, traversal and dotfiles', async () => {
    expect((await get('/docs/hello', { host: 'evil.example' })).status).toBe(403);
    expect((await get('/docs/hello', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await get('/docs/hello', { origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/.shipdocs-tmp-x/a']) {
      const r = await get(path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.body).not.toContain('root:');
    }
  });

  it('rebuilds on change and tells the browser to reload', async () => {
    const waiting = events((log) => log.includes('event: reload'));
    await new Promise((r) => setTimeout(r, 300));
    writeFileSync(join(root, 'content/docs/hello.md'), '# Hello\n\nSecond version.\n');
    await waiting;
    expect((await get('/docs/hello')).body).toContain('Second version.');
  });

  it('keeps serving the last good build when a rebuild fails, and reports the error', async () => {
    const waiting = events((log) => log.includes('event: build-error'));
    await new Promise((r) => setTimeout(r, 300));
    writeFileSync(join(root, 'content/docs/hello.md'), '---\ntitle: [broken\n---\n# Hello\n');
    const log = await waiting;
    expect(log).toContain('content/docs/hello.md:2:');
    const page = await get('/docs/hello');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Second version.');
  });
});
