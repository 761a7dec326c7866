// What the code sample tests share: the hostile values, the requests that carry them, an HTTP echo
// server that records what arrives, and a way to run a program without blocking that server.
import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SnippetRequest } from '../../../src/shared/snippets/snippet-request.js';

/** Quotes, a line break, what shells and string literals interpolate, backslashes, escapes to be kept as text. */
export const ASCII_V = 'it\'s "q" $HOME ${x} $(x) `x` \\ #{x} \\(x) \\u0022 %41 a: true, end\nline2';
/** The same with typographic quotes (PowerShell reads them as quotes) and non-ASCII text. */
export const V = `${ASCII_V} ’“” ñ€😀`;
/** What a header value with a line break means: HTTP has none, a folded line reads as a space. */
export const asHeader = (value: string): string => value.replace(/\n/g, ' ');
/** Percent-encoding as the request builder writes a path segment or a query value. */
const enc = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A JSON body text holding `value` as a string, as a key, in an array, and a number past 2^53 (kept as written). */
export const jsonText = (value: string): string =>
  `{\n  "s": ${JSON.stringify(value)},\n  ${JSON.stringify(value)}: "key",\n  "list": [${JSON.stringify(value)}, 1.5, true, {}],\n  "big": 12345678901234567890\n}`;
export const BIG = '12345678901234567890';

export interface Values {
  /** In a path segment and a query value. */
  url: string;
  header: string;
  json: string;
  form: string;
  text: string;
}
export const all = (v: string): Values => ({ url: v, header: v, json: v, form: v, text: v });

export type Case = 'json' | 'form' | 'text' | 'multipart';

/** The request of a case, sent to `origin` under `prefix` (a path that tells the runs apart). */
export function requestOf(kind: Case, v: Values, origin: string, prefix = ''): SnippetRequest {
  const url = `${origin}${prefix}/items/${enc(v.url)}?q=${enc(v.url)}&ids=1,2`;
  const headers: [string, string][] = [['X-Value', v.header]];
  if (kind === 'json')
    return {
      method: 'POST',
      url,
      headers: [...headers, ['Content-Type', 'application/json']],
      body: { mediaType: 'application/json', text: jsonText(v.json) },
    };
  if (kind === 'form') {
    const params = [
      { name: 'f', value: v.form },
      { name: 'f', value: 'two' },
      { name: 'g', value: 'a&b=c+d' },
    ];
    return {
      method: 'PUT',
      url,
      headers: [...headers, ['Content-Type', 'application/x-www-form-urlencoded']],
      body: { mediaType: 'application/x-www-form-urlencoded', params },
    };
  }
  if (kind === 'text') return { method: 'PATCH', url, headers: [...headers, ['Content-Type', 'text/plain']], body: { mediaType: 'text/plain', text: v.text } };
  const params = [
    { name: 'f', value: v.form },
    { name: 'file', fileName: 'upload.txt', contentType: 'text/plain' },
  ];
  return { method: 'POST', url, headers: [...headers, ['Content-Type', 'multipart/form-data']], body: { mediaType: 'multipart/form-data', params } };
}

/** The content of `upload.txt`, the file a multipart sample sends from its folder. */
export const UPLOAD = 'file content\n';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An HTTP server that records every request and answers `{"ok":true}`. */
export async function startEcho(): Promise<{ origin: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Runs a program to its end without blocking this process (the echo server answers meanwhile). */
export function run(
  command: string,
  args: string[],
  opts: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    // A program that exits without reading its input closes the pipe: nothing to report.
    child.stdin.on('error', () => {});
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** The form fields of a url-encoded text. */
export const formFields = (text: string): [string, string][] => [...new URLSearchParams(text)];
