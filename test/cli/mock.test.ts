import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { logLine } from '../../src/cli/log-line.js';
import { REPO, tempProject } from '../helpers/fixtures.js';
import { startServerCommand, type StartedServer } from '../helpers/cli-server.js';

// `shipdocs mock` as a user runs it, on the default site: the try-it flow of /api/quoter against it.

const BIN = join(REPO, 'bin/shipdocs.js');
const env = { ...process.env, NO_COLOR: '1' };

const startMock = (args: string[]): Promise<StartedServer> => startServerCommand('mock', args, 'mocking');

function send(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function sendText(port: number, path: string, host: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(t);
      resolve({ code, stderr });
    });
  });
}

let mock: StartedServer;
beforeAll(async () => {
  mock = await startMock(['--root', REPO, '--port', '0']);
});
afterAll(() => {
  mock?.child.kill('SIGTERM');
});

describe('shipdocs mock on the default site', () => {
  it('says where it listens and how many operations it serves', () => {
    expect(mock.log()).toMatch(/^mocking {2}http:\/\/127\.0\.0\.1:\d+ {2}\(20 operations of openapi\/shipping\.yaml; Ctrl\+C to stop\)\n/);
  });

  it('gives a token from POST /auth/client that POST /quoter accepts, and answers 401 without it', async () => {
    const token = await send(
      mock.port,
      'POST',
      '/auth/client',
      { 'content-type': 'application/json' },
      JSON.stringify({ grant_type: 'client_credentials', client_id: 'rp_test_AbCdEfGh12345678', client_secret: 'x'.repeat(40) }),
    );
    expect(token.status).toBe(200);
    const quote = JSON.stringify({
      origin: { postal_code: '44160' },
      destination: { postal_code: '64000' },
      parcels: [{ weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10 }],
    });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token.json.access_token}` };
    const rates = await send(mock.port, 'POST', '/quoter', headers, quote);
    expect(rates.status).toBe(200);
    expect(rates.json.data.map((r: { courier: string }) => r.courier)).toEqual(['paquetexpress', 'estafeta']);
    const anonymous = await send(mock.port, 'POST', '/quoter', { 'content-type': 'application/json' }, quote);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('unauthorized');

    // One line per request, with no credentials in any of them.
    await new Promise((r) => setTimeout(r, 100));
    const lines = mock.log().split('\n').slice(1).filter(Boolean);
    expect(lines.map((l) => l.replace(/ {2}[\d.]+ ms$/, ''))).toEqual(['POST    /auth/client  200', 'POST    /quoter  200', 'POST    /quoter  401']);
    expect(mock.log()).not.toContain(token.json.access_token);
    expect(mock.log()).not.toContain('xxxxxxxx');
  });

  it('exits 2 with a one-line message when the port is in use', async () => {
    const r = await exitOf(spawn(process.execPath, [BIN, 'mock', '--root', REPO, '--port', String(mock.port)], { env }));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error  Port ${mock.port} on 127.0.0.1 is already in use. Stop the other server or choose another port with --port.\n`);
  });

  it('answers only Host names of this server (DNS rebinding gets 403 naming --allowed-host), and those given with --allowed-host', async () => {
    const rebound = await sendText(mock.port, '/quoter', 'attacker.example');
    expect(rebound.status).toBe(403);
    expect(rebound.text).toBe(
      'Forbidden: the Host header names attacker.example, which is not an address of this server. To open it under that name, start it with --allowed-host attacker.example.\n',
    );
    expect((await sendText(mock.port, '/tracking/RP1', `localhost:${mock.port}`)).status).not.toBe(403);
    const other = await startMock(['--root', REPO, '--port', '0', '--allowed-host', 'api.lan']);
    try {
      expect((await sendText(other.port, '/tracking/RP1', `api.lan:${other.port}`)).status).not.toBe(403);
      expect((await sendText(other.port, '/tracking/RP1', `other.lan:${other.port}`)).status).toBe(403);
    } finally {
      other.child.removeAllListeners('exit');
      other.child.kill('SIGTERM');
    }
  });

  it('stops on Ctrl+C', async () => {
    const other = await startMock(['--root', REPO, '--port', '0']);
    other.child.removeAllListeners('exit');
    const exited = new Promise<number | null>((resolve) => other.child.on('exit', resolve));
    other.child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});

describe('shipdocs mock without a usable document', () => {
  it('exits 1 with the diagnostics of a document with errors, serving nothing', () => {
    const root = tempProject({
      'openapi/api.yaml':
        'openapi: 3.1.0\ninfo: {title: Broken, version: "1"}\npaths:\n  /a:\n    get:\n      responses: {"200": {$ref: "#/components/responses/Nope"}}\n',
    });
    const r = spawnSync(process.execPath, [BIN, 'mock', '--root', root, '--port', '0'], { encoding: 'utf8', env, timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('openapi/api.yaml:6:33  error SD3007');
    expect(r.stderr).toContain('SD3007');
    expect(r.stderr).toContain('failed  the OpenAPI document has errors; fix them and start the mock again.');
    expect(r.stderr).not.toContain('mocking');
  });

  it('exits 1 in one line when the project has no OpenAPI document', () => {
    const root = tempProject({ 'content/docs/a.md': '# A\n' });
    const r = spawnSync(process.execPath, [BIN, 'mock', '--root', root], { encoding: 'utf8', env, timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('error  No OpenAPI document to mock: nothing found at openapi. Set `openapi.path` in the config to your document.\n');
  });

  it('refuses a bad port as a usage error', () => {
    const r = spawnSync(process.execPath, [BIN, 'mock', '--port', 'http'], { encoding: 'utf8', env, timeout: 30_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('expected a port number');
  });
});

describe('shipdocs mock on a site with several APIs', () => {
  const TWO_APIS = join(REPO, 'test/fixtures/sites/two-apis');

  it('mocks the API --api names, and says which and how to choose another', async () => {
    const tracking = await startMock(['--root', TWO_APIS, '--port', '0', '--api', 'tracking']);
    try {
      expect(tracking.log()).toMatch(
        /^mocking {2}http:\/\/127\.0\.0\.1:\d+ {2}\(2 operations of specs\/tracking\.yaml; API "tracking", --api shipping for another; Ctrl\+C to stop\)\n/,
      );
      expect((await send(tracking.port, 'GET', '/events/p-1')).status).toBe(200);
      expect((await send(tracking.port, 'POST', '/quotes', { 'content-type': 'application/json' }, '{}')).status).toBe(404);
    } finally {
      tracking.child.kill('SIGTERM');
    }
  });

  it('exits 1 naming the valid ids when --api names none of them', () => {
    const r = spawnSync(process.execPath, [BIN, 'mock', '--root', TWO_APIS, '--port', '0', '--api', 'billing'], { encoding: 'utf8', env, timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('error  No API with the id "billing": the site\'s APIs are "shipping", "tracking".\n');
    const single = spawnSync(process.execPath, [BIN, 'mock', '--root', REPO, '--port', '0', '--api', 'shipping'], { encoding: 'utf8', env, timeout: 30_000 });
    expect(single.status).toBe(1);
    expect(single.stderr).toBe('error  No API with the id "shipping": the site has a single API without an id; leave out --api.\n');
  });
});

describe('the log line', () => {
  it('shows the method, the target, the status coloured by class and the time', () => {
    expect(logLine({ method: 'GET', target: '/states', status: 200, ms: 2.345 }, false)).toBe('GET     /states  200  2.3 ms');
    expect(logLine({ method: 'OPTIONS', target: '/quoter', status: 204, ms: 12.6 }, false)).toBe('OPTIONS /quoter  204  13 ms');
    expect(logLine({ method: 'POST', target: '/quoter', status: 422, ms: 1 }, true)).toBe('POST    /quoter  \x1b[33m422\x1b[0m  \x1b[2m1.0 ms\x1b[0m');
  });
});
