import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { REPO, tempProject } from '../helpers/fixtures.js';
import { startServerCommand, type StartedServer } from '../helpers/cli-server.js';

// `shipdocs proxy` as a team runs it: the real binary between a client and a target API on this machine.

const BIN = join(REPO, 'bin/shipdocs.js');
const env = { ...process.env, NO_COLOR: '1' };

const startProxy = (args: string[]): Promise<StartedServer> => startServerCommand('proxy', args, 'proxying');

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function run(args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, 'proxy', ...args], { encoding: 'utf8', env, timeout: 30_000 });
  return { status: r.status, stderr: r.stderr };
}

const via = (target: string): string => `/?url=${encodeURIComponent(target)}`;

let target: Server;
let targetPort: number;
const received: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];
let proxy: StartedServer;
beforeAll(async () => {
  target = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_1', 'set-cookie': 'a=1' }).end(JSON.stringify({ ok: true, body }));
    });
  });
  await new Promise<void>((done) => target.listen(0, '127.0.0.1', done));
  targetPort = (target.address() as { port: number }).port;
  proxy = await startProxy(['--port', '0', '--allow', `127.0.0.1:${targetPort}`, '*.example.test', '--origin', 'https://docs.example.test']);
});
afterAll(() => {
  proxy?.child.kill('SIGTERM');
  target?.closeAllConnections();
  target?.close();
});

describe('shipdocs proxy', () => {
  it('says where it listens, which hosts it forwards to and which sites it answers', () => {
    expect(proxy.log().split('\n')[0]).toBe(
      `proxying  http://127.0.0.1:${proxy.port}  (to 127.0.0.1:${targetPort}, *.example.test; for pages of https://docs.rutapack.example, https://docs.example.test, localhost; Ctrl+C to stop)`,
    );
  });

  it('forwards a request to an allowed host and brings the answer back, with CORS headers', async () => {
    const body = JSON.stringify({ parcels: [{ weight_kg: 1 }] });
    const r = await send(
      proxy.port,
      'POST',
      via(`http://127.0.0.1:${targetPort}/v1/quoter?api_key=sk_query_secret`),
      { 'content-type': 'application/json', authorization: 'Bearer sk_header_secret', 'x-proxy-cookie': 'session=s1', origin: 'https://docs.example.test' },
      body,
    );
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true, body });
    expect(r.headers['access-control-allow-origin']).toBe('https://docs.example.test');
    expect(r.headers['access-control-expose-headers']).toMatch(/^Content-Type, X-Request-Id, /i);
    expect(r.headers['set-cookie']).toBeUndefined();
    const last = received[received.length - 1]!;
    expect(last).toMatchObject({ method: 'POST', url: '/v1/quoter?api_key=sk_query_secret', body });
    expect(last.headers).toMatchObject({ authorization: 'Bearer sk_header_secret', cookie: 'session=s1', host: `127.0.0.1:${targetPort}` });
    expect(last.headers.origin).toBeUndefined();
  });

  it('refuses a host that is not allowed, naming it and --allow', async () => {
    const before = received.length;
    const r = await send(proxy.port, 'GET', via(`http://localhost:${targetPort}/v1/me`));
    expect(r.status).toBe(403);
    expect(r.json.error).toBe(
      `The proxy does not forward requests to localhost:${targetPort}: it is not on its allow-list. Whoever runs the proxy can allow it by starting it with --allow localhost:${targetPort}.`,
    );
    expect(received.length).toBe(before);
  });

  it("answers the config url's site and refuses a page of another site, naming --origin", async () => {
    const before = received.length;
    const site = await send(proxy.port, 'GET', via(`http://127.0.0.1:${targetPort}/v1/me`), { origin: 'https://docs.rutapack.example' });
    expect(site.headers['access-control-allow-origin']).toBe('https://docs.rutapack.example');
    const r = await send(proxy.port, 'GET', via(`http://127.0.0.1:${targetPort}/v1/me`), { origin: 'https://attacker.example' });
    expect(r.status).toBe(403);
    expect(r.json.error).toContain('starting it with --origin https://attacker.example');
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(received.length).toBe(before + 1);
  });

  it('logs one line per request, without the query string or any header value', async () => {
    await new Promise((r) => setTimeout(r, 100));
    const lines = proxy.log().split('\n').slice(1).filter(Boolean);
    expect(lines.map((l) => l.replace(/ {2}[\d.]+ ms$/, ''))).toEqual([
      `POST    http://127.0.0.1:${targetPort}/v1/quoter  200`,
      `GET     http://localhost:${targetPort}/v1/me  403`,
      `GET     http://127.0.0.1:${targetPort}/v1/me  200`,
      `GET     http://127.0.0.1:${targetPort}/v1/me  403`,
    ]);
    for (const secret of ['sk_query_secret', 'api_key', 'sk_header_secret', 'session=s1']) expect(proxy.log()).not.toContain(secret);
  });

  it('exits 2 with a one-line message when the port is in use', () => {
    const r = run(['--port', String(proxy.port), '--allow', 'api.example.test']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`error  Port ${proxy.port} on 127.0.0.1 is already in use. Stop the other server or choose another port with --port.\n`);
  });

  it('refuses an --allow value that is not a host, or that would forward anywhere, as a usage error', () => {
    const bad = run(['--allow', 'api.example.test/v1']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('is not a host');
    const open = run(['--allow', '*']);
    expect(open.status).toBe(2);
    expect(open.stderr).toContain('open proxy');
    const suffix = run(['--allow', '*.github.io']);
    expect(suffix.status).toBe(2);
    expect(suffix.stderr).toContain('github.io is a public suffix');
    const origin = run(['--allow', 'api.example.test', '--origin', 'docs.example.test']);
    expect(origin.status).toBe(2);
    expect(origin.stderr).toContain('"docs.example.test" is not an origin');
  });
});

describe('shipdocs proxy without --allow', () => {
  it("allows the hosts of the OpenAPI document's servers", async () => {
    const started = await startProxy(['--root', REPO, '--port', '0']);
    try {
      expect(started.log()).toMatch(
        /^proxying {2}http:\/\/127\.0\.0\.1:\d+ {2}\(to https:\/\/api\.rutapack\.example, https:\/\/sandbox\.rutapack\.example, http:\/\/127\.0\.0\.1:4010: the servers of openapi\/shipping\.yaml; for pages of https:\/\/docs\.rutapack\.example, localhost; Ctrl\+C to stop\)\n/,
      );
      expect((await send(started.port, 'GET', via(`http://127.0.0.1:${targetPort}/`))).status).toBe(403);
    } finally {
      started.child.removeAllListeners('exit');
      const exited = new Promise<number | null>((resolve) => started.child.on('exit', resolve));
      started.child.kill('SIGINT');
      expect(await exited).toBe(0);
    }
  });

  it('exits 1 asking for --allow when the servers are all relative', () => {
    const root = tempProject({
      'openapi/api.yaml': 'openapi: 3.1.0\ninfo: {title: Relative, version: "1"}\nservers: [{url: /v1}]\npaths: {}\n',
    });
    const r = run(['--root', root, '--port', '0']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'error  No hosts to forward to: the servers of openapi/api.yaml have no absolute http or https URL. Name the hosts to forward to with --allow (shipdocs proxy --allow api.example.com).\n',
    );
  });

  it('exits 1 asking for --allow when the project has no OpenAPI document', () => {
    const root = tempProject({ 'content/docs/a.md': '# A\n' });
    const r = run(['--root', root]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      "error  No hosts to forward to: without --allow the proxy takes them from the OpenAPI document's servers, and there is no document (nothing found at openapi). Name the hosts to forward to with --allow (shipdocs proxy --allow api.example.com).\n",
    );
  });

  it('exits 1 with the diagnostics of a document with errors', () => {
    const root = tempProject({
      'openapi/api.yaml':
        'openapi: 3.1.0\ninfo: {title: Broken, version: "1"}\nservers: [{url: "https://api.example.test"}]\npaths:\n  /a:\n    get:\n      responses: {"200": {$ref: "#/components/responses/Nope"}}\n',
    });
    const r = run(['--root', root, '--port', '0']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('SD3007');
    expect(r.stderr).toContain('failed  the OpenAPI document has errors; fix them, or start the proxy with --allow and the hosts to forward to.');
    expect(r.stderr).not.toContain('proxying');
  });
});
