import type { BuiltRequest } from '../../shared/request/build-request.js';
import { proxiedUrl } from './proxy-url.js';
import type { FailureCause, RunResult } from './run-result.js';

// Sends a try-it request from the browser and says what happened in terms a reader can act on.

/** How long a request may take before the try-it gives up. */
const REQUEST_TIMEOUT_MS = 30_000;

export class RequestFailure extends Error {
  constructor(
    readonly reason: FailureCause,
    message: string,
  ) {
    super(message);
  }
}

const TEXTUAL = /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded|yaml|x-yaml|graphql)\b)/i;

/** Headers a page cannot set on fetch (the browser owns them): sent through the proxy only. */
const COOKIE = 'cookie';

function bodyOf(request: BuiltRequest): BodyInit | undefined {
  if (request.form) {
    const data = new FormData();
    for (const f of request.form) {
      if (f.file instanceof Blob) data.append(f.name, f.file, f.fileName);
      else data.append(f.name, f.value);
    }
    return data;
  }
  return request.body;
}

/**
 * Sends the request (through `proxy` when given), cancellable by `signal`, timing out after
 * REQUEST_TIMEOUT_MS. Rejects with a RequestFailure naming the cause.
 */
export async function runRequest(request: BuiltRequest, signal: AbortSignal, proxy?: string): Promise<RunResult> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const both = AbortSignal.any([signal, timeout]);
  const headers = new Headers();
  for (const [name, value] of request.headers) {
    if (name.toLowerCase() !== COOKIE) headers.append(name, value);
    else if (proxy) headers.append('X-Proxy-Cookie', value);
  }
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(proxy ? proxiedUrl(proxy, request.url) : request.url, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : bodyOf(request),
      signal: both,
      credentials: 'omit',
      mode: 'cors',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch (error) {
    if (signal.aborted) throw new RequestFailure('cancelled', 'cancelled');
    if (timeout.aborted) throw new RequestFailure('timeout', String(REQUEST_TIMEOUT_MS / 1000));
    throw new RequestFailure(proxy ? 'unreachable' : await networkOrCors(request.url), error instanceof Error ? error.message : String(error));
  }
  const buffer = await response.arrayBuffer();
  const ms = Math.round(performance.now() - started);
  const contentType = response.headers.get('content-type') ?? '';
  const textual = !contentType || TEXTUAL.test(contentType);
  let text = textual ? new TextDecoder().decode(buffer) : undefined;
  if (text && /json/i.test(contentType)) {
    try {
      text = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Not JSON after all: shown as received.
    }
  }
  return {
    status: response.status,
    statusText: response.statusText,
    ms,
    size: buffer.byteLength,
    headers: [...response.headers],
    contentType,
    text,
    blob: textual ? undefined : new Blob([buffer], { type: contentType }),
  };
}

/**
 * A failed fetch does not say why. A no-cors request to the same URL does reach a server that
 * answers (its response is opaque): then the server is there and CORS refused the answer.
 */
async function networkOrCors(url: string): Promise<FailureCause> {
  if (!navigator.onLine) return 'unreachable';
  try {
    await fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(5000) });
    return 'cors';
  } catch {
    return 'unreachable';
  }
}
