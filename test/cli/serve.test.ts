import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { REPO, tempProject } from '../helpers/fixtures.js';
import { startServerCommand, type StartedServer } from '../helpers/cli-server.js';

let child: ChildProcess;
let port = 0;
let root = '';
let output = '';

function get(path: string, headers: Record<string, string> = {}, at = port): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: at, path, headers: { host: `127.0.0.1:${at}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Collects server-sent events until `until` returns true. */
function events(until: (log: string) => boolean, timeoutMs = 20_000, at = port): Promise<string> {
  return new Promise((resolve, reject) => {
    let log = '';
    const req = request({ host: '127.0.0.1', port: at, path: '/__shipdocs/events', headers: { host: `127.0.0.1:${at}` } }, (res) => {
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

/** Starts `shipdocs serve` on a free port. */
const startServe = (projectRoot: string, args: string[] = []): Promise<StartedServer> =>
  startServerCommand('serve', ['--root', projectRoot, '--port', '0', ...args], 'serving');

beforeAll(async () => {
  root = tempProject({ 'content/docs/hello.md': '# Hello\n\nFirst version.\n', 'static/img/logo.txt': 'a static file\n' });
  const started = await startServe(root);
  child = started.child;
  port = started.port;
  output = started.log();
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

  it('serves the site from memory: no output folder is written', async () => {
    expect(existsSync(join(root, 'dist'))).toBe(false);
    const twin = await get('/docs/hello.md');
    expect(twin.status).toBe(200);
    expect(twin.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(twin.body).toContain('First version.');
    expect((await get('/sitemap.xml')).body).toContain('/docs/hello</loc>');
    expect((await get('/img/logo.txt')).body).toBe('a static file\n');
  });

  it('serves no source, directory or dotfile', async () => {
    for (const path of ['/content/docs/hello.md', '/site.config.ts', '/static/img/logo.txt', '/assets/', '/docs/', '/.shipdocs-output', '/%2eenv']) {
      const r = await get(path);
      expect(r.status, path).toBeGreaterThanOrEqual(path === '/docs/' ? 200 : 400);
      expect(r.body, path).not.toContain('a static file');
    }
  });

  it('rebuilds on change and tells the browser to reload', async () => {
    const waiting = events((log) => log.includes('event: reload'));
    await new Promise((r) => setTimeout(r, 300));
    writeFileSync(join(root, 'content/docs/hello.md'), '# Hello\n\nSecond version.\n');
    await waiting;
    expect((await get('/docs/hello')).body).toContain('Second version.');
  });

  it('adds and deletes pages: each change is one reload, the pages follow', async () => {
    let waiting = events((log) => log.includes('event: reload'));
    await new Promise((r) => setTimeout(r, 300));
    writeFileSync(join(root, 'content/docs/added.md'), '# Added\n\nA new page.\n');
    await waiting;
    expect((await get('/docs/added')).body).toContain('A new page.');
    expect((await get('/docs/hello')).body).toContain('href="/docs/added"');
    waiting = events((log) => log.includes('event: reload'));
    await new Promise((r) => setTimeout(r, 300));
    rmSync(join(root, 'content/docs/added.md'));
    await waiting;
    expect((await get('/docs/added')).status).toBe(404);
    expect((await get('/docs/hello')).body).not.toContain('href="/docs/added"');
  });

  it('takes in a file written in several steps once it is whole: no error shown meanwhile, one reload', async () => {
    const added = events((l) => l.includes('event: reload'));
    await new Promise((r) => setTimeout(r, 300));
    mkdirSync(join(root, 'content/docs/guide'));
    writeFileSync(join(root, 'content/docs/guide/start.md'), '# Start\n\nIn the guide.\n');
    await added;
    const category = join(root, 'content/docs/guide/_category_.json');
    const log = events((l) => l.includes('event: build-error'), 2_500).catch((err: Error) => err.message);
    await new Promise((r) => setTimeout(r, 300));
    const fd = openSync(category, 'w');
    writeSync(fd, '{ "label": "Hand');
    await new Promise((r) => setTimeout(r, 60));
    writeSync(fd, 'book", "position": 1 }\n');
    closeSync(fd);
    const seen = await log;
    expect(seen).not.toContain('event: build-error');
    expect(seen.match(/event: reload/g)).toHaveLength(1);
    expect((await get('/docs/hello')).body).toContain('Handbook');
    rmSync(join(root, 'content/docs/guide'), { recursive: true });
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

describe('shipdocs serve: starting', () => {
  it('exits 2 with a clear message when the port is in use', async () => {
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const proc = spawn(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'serve', '--root', root, '--port', String(port)], {
        env: { ...process.env, NO_COLOR: '1' },
      });
      let stderr = '';
      proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const t = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      proc.on('exit', (code) => {
        clearTimeout(t);
        resolve({ code, stderr });
      });
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error  Port ${port} on 127.0.0.1 is already in use. Stop the other server or choose another port with --port.`);
    expect(r.stderr).not.toContain('internal error');
  });

  it('starts when the first build fails, shows the errors, and serves the site once fixed', async () => {
    const project = tempProject({ 'content/docs/hello.md': '---\ntitle: [broken\n---\n# Hello\n' });
    const started = await startServe(project);
    try {
      expect(started.log()).not.toContain('internal error');
      const page = await get('/docs/hello', {}, started.port);
      expect(page.status).toBe(503);
      expect(page.body).toContain('<script src="/__shipdocs/reload.js"></script>');
      const first = await events((log) => log.includes('event: build-error'), 20_000, started.port);
      expect(first).toContain('content/docs/hello.md:2:');
      expect(first).toContain('"lastGood":false');
      const waiting = events((log) => log.includes('event: reload'), 20_000, started.port);
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(join(project, 'content/docs/hello.md'), '# Hello\n\nFixed.\n');
      await waiting;
      const fixed = await get('/docs/hello', {}, started.port);
      expect(fixed.status).toBe(200);
      expect(fixed.body).toContain('Fixed.');
    } finally {
      started.child.kill('SIGTERM');
    }
  });

  it('rebuilds when versions.json, versioned_docs or versioned_api change', async () => {
    const api = (summary: string): string =>
      `openapi: 3.1.0\ninfo: { title: Pets, version: '1.0.0' }\npaths:\n  /pets:\n    get:\n      summary: ${summary}\n      responses: { '200': { description: ok } }\n`;
    const project = tempProject({
      'content/docs/hello.md': '# Hello\n',
      'versioned_docs/version-1.0/hello.md': '# Hello\n\nOld docs.\n',
      'openapi/pets.yaml': api('List pets'),
      'versioned_api/version-1.0/openapi/pets.yaml': api('List old pets'),
    });
    const started = await startServe(project);
    try {
      expect((await get('/docs/1.0/hello', {}, started.port)).status).toBe(404);
      let waiting = events((log) => log.includes('event: reload'), 20_000, started.port);
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(join(project, 'versions.json'), '["1.0"]\n');
      await waiting;
      expect((await get('/docs/1.0/hello', {}, started.port)).body).toContain('Old docs.');
      waiting = events((log) => log.includes('event: reload'), 20_000, started.port);
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(join(project, 'versioned_docs/version-1.0/hello.md'), '# Hello\n\nOlder docs.\n');
      await waiting;
      expect((await get('/docs/1.0/hello', {}, started.port)).body).toContain('Older docs.');
      // The API document the version keeps: its reference is under /api/1.0.
      expect((await get('/api/1.0/pets', {}, started.port)).body).toContain('List old pets');
      waiting = events((log) => log.includes('event: reload'), 20_000, started.port);
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(join(project, 'versioned_api/version-1.0/openapi/pets.yaml'), api('List older pets'));
      await waiting;
      expect((await get('/api/1.0/pets', {}, started.port)).body).toContain('List older pets');
    } finally {
      started.child.kill('SIGTERM');
    }
  });
});

describe('shipdocs serve --host 0.0.0.0', () => {
  let wide: ChildProcess | undefined;
  let widePort = 0;
  beforeAll(async () => {
    let log = '';
    wide = spawn(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'serve', '--root', root, '--port', '0', '--host', '0.0.0.0', '--allowed-host', 'docs.lan'], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    wide.stdout!.on('data', (c: Buffer) => (log += c.toString()));
    wide.stderr!.on('data', (c: Buffer) => (log += c.toString()));
    widePort = await new Promise<number>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`serve did not start: ${log}`)), 30_000);
      const check = (): void => {
        const m = /serving {2}http:\/\/0\.0\.0\.0:(\d+)/.exec(log);
        if (m) {
          clearTimeout(t);
          resolve(Number(m[1]));
        } else setTimeout(check, 50);
      };
      check();
    });
  });
  afterAll(() => {
    wide?.kill('SIGTERM');
  });

  it('keeps the Host check: a rebound name gets 403 naming --allowed-host, for pages and the live-reload stream', async () => {
    for (const path of ['/docs/hello', '/__shipdocs/events']) {
      const r = await get(path, { host: `attacker.example:${widePort}` }, widePort);
      expect(r.status, path).toBe(403);
      expect(r.body).toBe(
        'Forbidden: the Host header names attacker.example, which is not an address of this server. To open it under that name, start it with --allowed-host attacker.example.\n',
      );
    }
  });

  it('answers localhost, its interface addresses and the --allowed-host names', async () => {
    for (const host of [`localhost:${widePort}`, `127.0.0.1:${widePort}`, `docs.lan:${widePort}`]) {
      // Whatever the state the earlier tests left the project in, the request is answered, not refused.
      expect((await get('/docs/hello', { host }, widePort)).status, host).not.toBe(403);
    }
  });
});
