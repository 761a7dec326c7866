import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parseAllowRule, type AllowRule } from '../../src/proxy/allow-list.js';
import { createProxyHandler, type ProxyHandlerOptions, type ProxyLogEntry } from '../../src/proxy/create-proxy-handler.js';

export function rule(text: string): AllowRule {
  const parsed = parseAllowRule(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  rawHeaders: string[];
  text: string;
  json: () => any;
}

/** A request to 127.0.0.1:port; `headers` as a list keeps repeated names. */
export function send(
  port: number,
  method: string,
  path: string,
  init: { headers?: Record<string, string> | string[]; body?: string | Buffer } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // A raw list of headers is sent as it is: Host must be in it.
    const headers = Array.isArray(init.headers) ? ['Host', `127.0.0.1:${port}`, ...init.headers] : (init.headers ?? {});
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('the answer was cut off')));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, text, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The proxy's path for a target URL: "/?url=<encoded>". */
export const via = (target: string): string => `/?url=${encodeURIComponent(target)}`;

interface Running {
  port: number;
  close: () => Promise<void>;
}

async function listen(server: Server): Promise<Running> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  const close = (): Promise<void> =>
    new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return { port, close };
}

interface Received {
  method: string;
  url: string;
  rawHeaders: string[];
  body: string;
}

export interface RunningTarget extends Running {
  received: Received[];
}

/** A target API on a free port of 127.0.0.1 that records what reaches it and answers with `answer`. */
export async function startTarget(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<RunningTarget> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', url: req.url ?? '', rawHeaders: req.rawHeaders, body });
      answer(req, res, body);
    });
  });
  return { ...(await listen(server)), received };
}

export interface RunningProxy extends Running {
  logs: ProxyLogEntry[];
}

/** The proxy's handler behind a real socket on a free port of 127.0.0.1. */
export async function startProxy(options: Omit<ProxyHandlerOptions, 'log'>): Promise<RunningProxy> {
  const logs: ProxyLogEntry[] = [];
  const server = createServer(createProxyHandler({ ...options, log: (e) => logs.push(e) }));
  return { ...(await listen(server)), logs };
}

/** A port of 127.0.0.1 that nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const { port, close } = await listen(server);
  await close();
  return port;
}

/** Header names of a raw list, lower-cased, in order. */
export const names = (raw: readonly string[]): string[] => raw.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());

/** A raw header list from name/value pairs, and back. */
export const flat = (list: readonly (readonly [string, string])[]): string[] => list.flat();
export const pairs = (raw: readonly string[]): [string, string][] => raw.flatMap((name, i) => (i % 2 === 0 ? [[name, raw[i + 1]!] as [string, string]] : []));
