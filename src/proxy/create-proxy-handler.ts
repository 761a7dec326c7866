import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream';
import type { AllowRule } from './allow-list.js';
import { checkTarget } from './check-target.js';
import { isPreflight } from '../http/preflight.js';
import { preflightHeaders, withCorsHeaders } from './cors.js';
import { isAllowedOrigin, refusedOriginMessage } from './origins.js';
import { headersFromTarget, headersToTarget } from './filter-headers.js';
import { logTarget } from './log-target.js';
import { describeUpstreamError } from './upstream-error.js';
import { readBody } from '../http/read-body.js';

// The CORS proxy's request handler: the page's origin (403 for another site's) → preflight → target
// check (400/403) → body size (413) → the
// request sent to the target as the browser made it (method, path and query, headers that may go,
// body) → its answer streamed back with the proxy's CORS headers; 504 when the target does not answer
// in time, 502 when it cannot be reached. Redirects go back as they are. Every request ends in
// exactly one log entry. Nothing is kept between requests: each one opens its own connection.

export interface ProxyLogEntry {
  method: string;
  /** The target's origin and path, never its query; "-" without a usable target. */
  target: string;
  /** The status answered; 499 when the browser closed the connection before an answer. */
  status: number;
  ms: number;
}

export interface ProxyHandlerOptions {
  /** Hosts requests may go to. */
  allow: readonly AllowRule[];
  /** Origins of the pages answered ("https://docs.example.com"), besides this machine's loopback (origins.ts). */
  origins: readonly string[];
  /** Called once per request, when its response is over. */
  log?: (entry: ProxyLogEntry) => void;
  /** Milliseconds the target has to start answering (504 after), and the longest pause while it sends its body. */
  timeoutMs?: number;
  /** Largest request body forwarded (bytes); a larger one is answered 413. */
  maxBodyBytes?: number;
}

export type ProxyHandler = (req: IncomingMessage, res: ServerResponse) => void;

const PROXY_TIMEOUT_MS = 30_000;
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const CLIENT_GONE = 499;

export function createProxyHandler(options: ProxyHandlerOptions): ProxyHandler {
  const timeoutMs = options.timeoutMs ?? PROXY_TIMEOUT_MS;
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;

  const forward = async (req: IncomingMessage, res: ServerResponse, target: URL, origin: string | undefined): Promise<void> => {
    const sendError = (status: number, message: string, extra: string[] = []): void => sendJsonError(res, status, message, origin, extra);
    const declared = Number(req.headers['content-length']);
    const body = declared > maxBody ? undefined : await readBody(req, maxBody);
    if (body === undefined) {
      sendError(413, `The request body is larger than ${formatBytes(maxBody)}, the most this proxy forwards.`, ['Connection', 'close']);
      return;
    }
    // The browser left while its body was read: nothing to send on.
    if (res.destroyed) return;
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send({
      hostname: target.hostname.replace(/^\[|\]$/g, ''),
      port: target.port || undefined,
      method: req.method,
      path: target.pathname + target.search,
      headers: headersToTarget(req.rawHeaders, target, hasBody ? body.length : undefined),
      agent: false,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      upstream.destroy();
      if (!res.headersSent) sendError(504, `${target.host} did not answer within ${formatSeconds(timeoutMs)}.`);
      else res.destroy();
    }, timeoutMs);
    // The browser gave up (closed the tab, aborted): the target's work is no longer wanted.
    res.once('close', () => {
      clearTimeout(timer);
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('error', (err) => {
      clearTimeout(timer);
      if (timedOut) return;
      if (!res.headersSent) sendError(502, describeUpstreamError(err, target));
      else res.destroy();
    });
    upstream.on('response', (answer) => {
      clearTimeout(timer);
      try {
        const message = answer.statusMessage && /^[\t\x20-\x7e]*$/.test(answer.statusMessage) ? answer.statusMessage : undefined;
        const headers = withCorsHeaders(headersFromTarget(answer.rawHeaders), origin);
        if (message) res.writeHead(answer.statusCode ?? 502, message, headers);
        else res.writeHead(answer.statusCode ?? 502, headers);
      } catch {
        answer.destroy();
        sendError(502, `${target.host} answered with headers that cannot be passed on.`);
        return;
      }
      answer.setTimeout(timeoutMs, () => answer.destroy());
      pipeline(answer, res, (err) => {
        if (err) res.destroy();
      });
    });
    upstream.end(body.length ? body : undefined);
  };

  return (req, res) => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    let requestUrl: URL;
    try {
      requestUrl = new URL(req.url ?? '/', 'http://proxy.invalid');
    } catch {
      requestUrl = new URL('http://proxy.invalid/');
    }
    const check = checkTarget(requestUrl, options.allow);
    let logged = false;
    const log = (): void => {
      if (logged) return;
      logged = true;
      // 499 (as nginx logs it): the browser gave up before any answer was sent.
      const status = res.headersSent ? res.statusCode : CLIENT_GONE;
      options.log?.({ method, target: logTarget(check.url), status, ms: performance.now() - started });
    };
    res.once('finish', log);
    res.once('close', log);

    // A repeated Origin header is no browser's: refused like a foreign one.
    const origin = req.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin, options.origins)) {
      // No CORS header: the page cannot read this answer, and its preflight fails. Its body is left unread.
      sendJsonError(res, 403, refusedOriginMessage(origin), undefined, ['Connection', 'close']);
      return;
    }
    if (isPreflight(method, req.headers)) {
      // Answered whatever the target: a refused request then gets its 403 with a body the page can read.
      res.writeHead(204, preflightHeaders(req.headers, origin!)).end();
      return;
    }
    if (!check.ok) {
      sendJsonError(res, check.status, check.message, origin);
      return;
    }
    forward(req, res, check.url, origin).catch((err: unknown) => {
      // A bug must not take the proxy down: this request gets a 500 and the next one is served.
      if (res.headersSent) res.destroy();
      else sendJsonError(res, 500, `Internal error of the proxy: ${(err as Error).message}`, origin);
    });
  };
}

/** A JSON `{ "error": message }` answer, with the proxy's CORS headers for an allowed origin. */
function sendJsonError(res: ServerResponse, status: number, message: string, origin: string | undefined, extra: string[] = []): void {
  const body = JSON.stringify({ error: message });
  const headers = ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(body)), ...extra];
  res.writeHead(status, withCorsHeaders(headers, origin)).end(body);
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
