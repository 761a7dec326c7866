import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { insomniaToBruno } from '@usebruno/converters';
import { clientExports } from '../../../src/openapi/exports/client-exports.js';
import { exportApi, type ExportApi, type ExportRequest, type ExportScheme } from '../../../src/openapi/exports/request-parts.js';
import { findDocument } from '../../../src/openapi/load/find-document.js';
import { loadApiModel } from '../../../src/openapi/load-api-model.js';
import { asText, REPO, tempDir } from '../../helpers/fixtures.js';
import { startServerCommand, type StartedServer } from '../../helpers/cli-server.js';

// The default site's client exports run by the clients themselves against `shipdocs mock`, as a
// user runs them: newman on the Postman collection, `bru run` on the Bruno folder collection (the
// zip, unpacked), httpyac on requests.http (with `@baseUrl` set as its header says), and `bru run`
// on the Insomnia export as Bruno's own importer turns it into a collection (Insomnia's CLI does
// not install from npm). Four rounds: no credential, then a bearer token, HTTP Basic credentials
// and an API key one at a time. Every request must be answered; a request whose credential was
// given 2xx, every other secured one 401, an anonymous one 2xx always.

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const BRU = require.resolve('@usebruno/cli/bin/bru.js');
const HTTPYAC = require.resolve('httpyac/bin/httpyac.js');
const { createCollectionFromBrunoObject } = require('@usebruno/cli/src/utils/collection.js') as {
  createCollectionFromBrunoObject: (collection: unknown, dir: string, options: { format: 'yml' | 'bru' }) => Promise<string>;
};
const newman = require('newman') as {
  run: (options: object, done: (err: Error | null, summary: { run: { executions: NewmanExecution[] } }) => void) => void;
};
interface NewmanExecution {
  item: { name: string };
  response?: { code: number };
  requestError?: Error;
}

type Credential = 'none' | ExportScheme['kind'];
const VALUES = { token: 'test-bearer-token', username: 'ana', password: 'correct horse', key: 'test-api-key' };

let mock: StartedServer;
let dir: string;
let api: ExportApi;

beforeAll(async () => {
  const found = findDocument(REPO, 'openapi/shipping.yaml');
  const loaded = await loadApiModel(REPO, found.document!, { basePath: '/api', deadline: Date.now() + 60_000 });
  const model = loaded.model!;
  api = await exportApi(model);
  dir = tempDir('shipdocs-clients-');
  for (const f of await clientExports(model)) {
    const path = join(dir, f.path.replace(/^api\/exports\//, ''));
    if ('contents' in f) writeFileSync(path, f.contents);
  }
  for (const [path, bytes] of Object.entries(unzipSync(readFileSync(join(dir, 'bruno-collection.zip'))))) {
    mkdirSync(join(dir, 'bruno', path, '..'), { recursive: true });
    writeFileSync(join(dir, 'bruno', path), bytes);
  }
  mkdirSync(join(dir, 'insomnia'));
  const fromInsomnia = (await insomniaToBruno(JSON.parse(readFileSync(join(dir, 'insomnia.json'), 'utf8')))) as { root?: object };
  // The writer leaves out the collection's own file when the collection has no root settings.
  await createCollectionFromBrunoObject({ ...fromInsomnia, root: fromInsomnia.root ?? {} }, join(dir, 'insomnia'), { format: 'yml' });
  mock = await startServerCommand('mock', ['--root', REPO, '--port', '0'], 'mocking');
});
afterAll(() => {
  mock?.child.kill('SIGTERM');
});

/** Every variable an export uses: the given credential's filled in, the others empty, the body secrets made up. */
function variables(credential: Credential): Record<string, string> {
  const vars: Record<string, string> = { baseUrl: `http://127.0.0.1:${mock.port}` };
  for (const s of api.schemes)
    for (const [role, name] of Object.entries(s.vars)) vars[name!] = s.kind === credential ? VALUES[role as keyof typeof VALUES] : '';
  for (const name of api.bodySecrets) vars[name] = 'x'.repeat(40);
  return vars;
}

/** The status each request must get with only this credential. */
function expected(r: ExportRequest, credential: Credential): '2xx' | 401 {
  return r.auth.length === 0 || r.auth.every((s) => s.kind === credential) ? '2xx' : 401;
}

/** Request name → status class, as a client reported them; each request once. */
function check(client: string, results: [name: string, status: number | undefined][], credential: Credential): void {
  const got = new Map<string, '2xx' | number | undefined>();
  for (const [name, status] of results) {
    expect(got.has(name), `${client}: ${name} ran twice`).toBe(false);
    got.set(name, status !== undefined && status >= 200 && status < 300 ? '2xx' : status);
  }
  const want = new Map(api.requests.map((r) => [r.name, expected(r, credential)]));
  expect(Object.fromEntries(got), client).toEqual(Object.fromEntries(want));
}

async function newmanRun(credential: Credential): Promise<[string, number | undefined][]> {
  const collection = JSON.parse(readFileSync(join(dir, 'postman-collection.json'), 'utf8'));
  const envVar = Object.entries(variables(credential)).map(([key, value]) => ({ key, value }));
  const summary = await new Promise<{ run: { executions: NewmanExecution[] } }>((resolve, reject) =>
    newman.run({ collection, envVar, reporters: [] }, (err, s) => (err ? reject(err) : resolve(s))),
  );
  return summary.run.executions.map((e) => [e.item.name, e.response?.code]);
}

async function bruRun(folder: string, credential: Credential): Promise<[string, number | undefined][]> {
  const out = join(dir, `bru-${folder.replace(/\W/g, '-')}-${credential}.json`);
  const vars = Object.entries(variables(credential)).flatMap(([k, v]) => ['--env-var', `${k}=${v}`]);
  await run(process.execPath, [BRU, 'run', ...vars, '--reporter-json', out], { cwd: folder, env: { ...process.env, NO_COLOR: '1' } });
  const report = JSON.parse(readFileSync(out, 'utf8')) as { results: { test: { filename: string }; response?: { status: number } }[] }[];
  return report[0]!.results.map((r) => [r.test.filename.replace(/^.*\//, '').replace(/\.yml$/, ''), r.response?.status]);
}

async function httpyacRun(credential: Credential): Promise<[string, number | undefined][]> {
  const { baseUrl, ...vars } = variables(credential);
  // The file's header tells the user to point @baseUrl at the server they want; the test does the same.
  const file = join(dir, `requests-${credential}.http`);
  writeFileSync(file, readFileSync(join(dir, 'requests.http'), 'utf8').replace(/^@baseUrl = .*$/m, `@baseUrl = ${baseUrl}`));
  const args = [HTTPYAC, 'send', file, '--all', '--json', '--var', ...Object.entries(vars).map(([k, v]) => `${k}=${v}`)];
  // httpyac exits non-zero when a request fails a test; the 401s are checked below instead.
  const { stdout } = await run(process.execPath, args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch((e: { stdout: string }) => e);
  const report = JSON.parse(stdout) as { requests: { title: string; response?: { statusCode: number } }[] };
  return report.requests.map((r) => [r.title, r.response?.statusCode]);
}

describe('the client exports, run by their clients against shipdocs mock', () => {
  for (const credential of ['none', 'bearer', 'basic', 'apikey'] as const) {
    it(`${credential === 'none' ? 'without a credential' : `with only ${credential === 'apikey' ? 'an API key' : credential === 'bearer' ? 'a bearer token' : 'HTTP Basic'}`}: every operation answered as its credential says`, async () => {
      expect(api.requests.length).toBeGreaterThan(40);
      const [postman, bruno, http, insomnia] = await Promise.all([
        newmanRun(credential),
        bruRun(join(dir, 'bruno', 'rutapack-shipping-api'), credential),
        httpyacRun(credential),
        bruRun(join(dir, 'insomnia'), credential),
      ]);
      check('newman', postman, credential);
      check('bru run (Bruno folder)', bruno, credential);
      check('httpyac', http, credential);
      check('bru run (Insomnia export)', insomnia, credential);
    });
  }
});

describe('the Bruno folder collection', () => {
  it('opens in the sandbox environment when bru run is given none, and keeps no credential', () => {
    const files = unzipSync(readFileSync(join(dir, 'bruno-collection.zip')));
    const names = Object.keys(files);
    expect(names).toContain('rutapack-shipping-api/opencollection.yml');
    expect(names).toContain('rutapack-shipping-api/environments/Sandbox.yml');
    expect(asText(files['rutapack-shipping-api/opencollection.yml']!)).toMatch(/defaultEnvironment: Sandbox/);
    for (const name of names.filter((n) => n.includes('/environments/'))) {
      const env = asText(files[name]!);
      expect(env).not.toMatch(/value: .*(test-|correct horse)/);
      expect(env).toMatch(/- name: bearerToken\n\s+secret: true/);
    }
  });
});
