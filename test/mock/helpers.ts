import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { validateConfig } from '../../src/config/load-config.js';
import { createMockHandler, type MockHandlerOptions, type MockLogEntry } from '../../src/mock/create-mock-handler.js';
import { loadMockApi } from '../../src/openapi/load-mock-api.js';
import type { ApiModel, ApiOperation } from '../../src/shared/api-model.js';
import type { MockApi } from '../../src/shared/mock-api.js';
import { FIXTURES, REPO } from '../helpers/fixtures.js';

/** Loads a project's OpenAPI document for the mock, through the same loader as `shipdocs mock`. */
async function load(root: string, path: string): Promise<MockApi> {
  const { config, diagnostics } = validateConfig({ openapi: { path, routeBasePath: 'api' } });
  if (!config) throw new Error(JSON.stringify(diagnostics));
  const loaded = await loadMockApi(root, config, { onWarning: (m) => warnings.push(m) });
  if (!loaded.api) throw new Error(`no mock API: ${JSON.stringify(loaded.diagnostics, null, 2)}`);
  return loaded.api;
}

/** Warnings of the validators loaded by this test file. */
export const warnings: string[] = [];

/** test/fixtures/openapi/mock: every style, scheme and error shape the mock handles. */
export const loadFixtureApi = (): Promise<MockApi> => load(join(FIXTURES, 'openapi/mock'), 'openapi.yaml');
/** The default site's document (openapi/shipping.yaml). */
export const loadShippingApi = (): Promise<MockApi> => load(REPO, 'openapi');

export function operation(model: ApiModel, method: string, path: string): ApiOperation {
  const found = model.operations.find((o) => o.method === method && o.path === path);
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => any;
}

export interface RunningMock {
  send: (method: string, path: string, init?: { headers?: Record<string, string>; body?: string | Buffer }) => Promise<Reply>;
  logs: MockLogEntry[];
  close: () => Promise<void>;
}

/** The mock's handler behind a real socket on a free port of 127.0.0.1. */
export async function startMock(api: MockApi, options: Omit<MockHandlerOptions, 'api' | 'log'> = {}): Promise<RunningMock> {
  const logs: MockLogEntry[] = [];
  const server = createServer(createMockHandler({ ...options, api, log: (e) => logs.push(e) }));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  const send: RunningMock['send'] = (method, path, init = {}) =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers: init.headers ?? {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      });
      req.on('error', reject);
      req.end(init.body);
    });
  const close = (): Promise<void> =>
    new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return { send, logs, close };
}
