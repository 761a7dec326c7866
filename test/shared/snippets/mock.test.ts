import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { buildRequest, parameterKey } from '../../../src/shared/request/build-request.js';
import { snippetRequest, type SnippetRequest } from '../../../src/shared/snippets/snippet-request.js';
import { loadTarget } from '../../../src/shared/snippets/targets.js';
import type { RequestData } from '../../../src/shared/api-request.js';
import { REPO, tempDir } from '../../helpers/fixtures.js';
import { run } from './fixtures.js';
import { param } from '../../helpers/request-data.js';

// The curl and Python samples of the default site's operations, made from the try-it's request,
// run against `shipdocs mock`: they must be answered 2xx with the operation's example.

const doc = parse(readFileSync(join(REPO, 'openapi/shipping.yaml'), 'utf8'));
const example = (path: string, method: string): unknown => doc.paths[path][method].responses['200'].content['application/json'].example;

let mock: ChildProcess;
let origin: string;
beforeAll(async () => {
  if (!existsSync(join(REPO, 'lib/cli.js'))) expect((await run(process.execPath, ['scripts/build-lib.mjs'], { cwd: REPO })).code).toBe(0);
  mock = spawn(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'mock', '--root', REPO, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
  let log = '';
  mock.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`mock did not start: ${log}`)), 30_000);
    mock.on('exit', (code) => reject(new Error(`mock exited with ${code}: ${log}`)));
    const check = (): void => {
      const m = /mocking {2}http:\/\/127\.0\.0\.1:(\d+) /.exec(log);
      if (m) {
        clearTimeout(t);
        resolve(Number(m[1]));
      } else setTimeout(check, 50);
    };
    check();
  });
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  mock?.removeAllListeners('exit');
  mock?.kill('SIGTERM');
});

/** The request the try-it makes of an operation's inputs, with the API key of the `apiKeyAuth` scheme. */
function request(data: Omit<RequestData, 'servers' | 'security' | 'schemes'>, values: Record<string, string | number>, body?: string): SnippetRequest {
  const built = buildRequest(
    { ...data, servers: [], security: [], schemes: [] },
    {
      server: { url: origin, variables: {} },
      values,
      ...(body !== undefined && data.bodies[0] ? { body: { mediaType: data.bodies[0].mediaType, text: body } } : {}),
      auth: { headers: [['X-API-Key', 'rp_live_0123456789abcdef']] },
    },
  );
  return snippetRequest(built);
}

const quote = (): SnippetRequest =>
  request(
    {
      id: 'quoter',
      method: 'post',
      path: '/quoter',
      parameters: [],
      bodies: [{ mediaType: 'application/json', example: undefined, fields: [] }],
      bodyRequired: true,
      codeSamples: [],
    },
    {},
    JSON.stringify(doc.paths['/quoter'].post.requestBody.content['application/json'].example, null, 2),
  );
const addresses = (state: string): SnippetRequest => {
  const parameters = ['page', 'per_page', 'state'].map((name) => param({ name, in: 'query' }));
  const values = {
    [parameterKey({ in: 'query', name: 'page' })]: 1,
    [parameterKey({ in: 'query', name: 'per_page' })]: 20,
    [parameterKey(parameters[2]!)]: state,
  };
  return request({ id: 'addresses', method: 'get', path: '/addresses', parameters, bodies: [], bodyRequired: false, codeSamples: [] }, values);
};

/** The curl sample's status and body (a `.curlrc` adds the status after the body). */
async function curl(req: SnippetRequest): Promise<{ status: number; body: unknown; code: string }> {
  const dir = tempDir();
  writeFileSync(join(dir, '.curlrc'), 'silent\nwrite-out = "\\n%{http_code}"\n');
  const code = (await loadTarget('shell-curl'))(req);
  const r = await run('bash', ['-c', code], { cwd: dir, env: { CURL_HOME: dir } });
  const at = r.stdout.lastIndexOf('\n');
  return { status: Number(r.stdout.slice(at + 1)), body: JSON.parse(r.stdout.slice(0, at)), code };
}

/** The Python sample's status and body (requests' send is wrapped to print them). */
async function python(req: SnippetRequest): Promise<{ status: number; body: unknown; code: string }> {
  const dir = tempDir();
  const code = (await loadTarget('python-requests'))(req);
  const prelude = [
    'import requests',
    '_send = requests.Session.send',
    'def send(self, *args, **kwargs):',
    '    r = _send(self, *args, **kwargs)',
    '    print(r.status_code)',
    '    print(r.text)',
    '    return r',
    'requests.Session.send = send',
  ].join('\n');
  writeFileSync(join(dir, 'sample.py'), `${prelude}\n\n${code}\n`);
  const r = await run('python3', ['sample.py'], { cwd: dir });
  const [status, ...body] = r.stdout.split('\n');
  return { status: Number(status), body: JSON.parse(body.join('\n') || 'null'), code: `${code}\n${r.stderr}` };
}

describe('the curl and Python samples against shipdocs mock', () => {
  for (const [name, sample] of [
    ['curl', curl],
    ['python', python],
  ] as const) {
    it(`${name}: POST /quoter with a JSON body and an API key gets the rates`, async () => {
      const r = await sample(quote());
      expect(r.status, r.code).toBe(200);
      expect(r.body).toEqual(example('/quoter', 'post'));
    });

    it(`${name}: GET /addresses with a query, plain and percent-encoded, gets the addresses`, async () => {
      for (const state of ['Jalisco', 'Nuevo León']) {
        const r = await sample(addresses(state));
        expect(r.status, r.code).toBe(200);
        expect(r.body).toEqual(example('/addresses', 'get'));
      }
    });
  }

  it('the mock checks what it is sent: the same quote without its body is refused', async () => {
    const r = await curl({ ...quote(), body: { mediaType: 'application/json', text: '{}' } });
    expect(r.status).toBe(422);
  });
});
