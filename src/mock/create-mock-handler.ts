import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiModel, ApiOperation, ApiResponse } from '../shared/api-model.js';
import type { MockApi } from '../shared/mock-api.js';
import { checkAuth } from './check-auth.js';
import { chooseResponse, parsePrefer } from './choose-response.js';
import { isPreflight } from '../http/preflight.js';
import { corsHeaders, corsPolicy, preflightHeaders } from './cors.js';
import { createErrorBodies } from './error-body.js';
import { requestError, type MockError } from './problems.js';
import { readBody } from './read-body.js';
import { readParameters } from './read-parameters.js';
import { resolveSchema } from './resolve-schema.js';
import { allowedMethods, compileRoutes, matchRoute } from './match-route.js';
import { logTarget } from './log-target.js';
import { readBody as readRaw } from '../http/read-body.js';
import { createOAuthServer, type OAuthOptions, type OAuthReply } from './oauth-server.js';

// The mock server's request handler: route → CORS preflight → credentials (401) → parameters and
// body (400/422) → the documented response (Prefer may pick another). Every request ends in exactly
// one log entry. Nothing is kept between requests (the mock has no state) but the codes and refresh
// tokens of the OAuth 2.0 endpoints it serves for the document's oauth2 schemes (oauth-server.ts).

export interface MockLogEntry {
  method: string;
  /** The path and query, with the values of credentials and secret-looking parameters replaced by "***". */
  target: string;
  status: number;
  ms: number;
}

export interface MockHandlerOptions {
  api: MockApi;
  /** Called once per request, when its response is sent. */
  log?: (entry: MockLogEntry) => void;
  /** Largest request body read (bytes); a larger one is answered 413. */
  maxBodyBytes?: number;
  /** The OAuth 2.0 endpoints' options (the access tokens' lifetime; a clock for tests). */
  oauth?: OAuthOptions;
}

export type MockHandler = (req: IncomingMessage, res: ServerResponse) => void;

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const EVERY_METHOD = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export function createMockHandler(options: MockHandlerOptions): MockHandler {
  const { model, validators } = options.api;
  const routes = compileRoutes(model.operations, model.servers);
  const cors = corsPolicy(model);
  const errorBody = createErrorBodies(model);
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const oauth = createOAuthServer(model, options.oauth);

  const sendError = (res: ServerResponse, operation: ApiOperation | undefined, error: MockError, headers: Record<string, string> = {}): void => {
    const { contentType, body } = errorBody(operation, error);
    res.writeHead(error.status, { ...corsHeaders(cors), ...headers, 'content-type': contentType, 'content-length': Buffer.byteLength(body) }).end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (isPreflight(method, req.headers)) {
      res.writeHead(204, preflightHeaders(cors, allowedMethods(routes, path) ?? EVERY_METHOD)).end();
      return;
    }
    const match = matchRoute(routes, method, path);
    // The document's OAuth 2.0 endpoints on the mock, where no operation answers.
    const endpoint = match.kind === 'not-found' ? oauth?.route(path) : undefined;
    if (endpoint) {
      const raw = endpoint === 'token' ? await readRaw(req, maxBody) : Buffer.alloc(0);
      const auth = req.headers.authorization;
      const reply: OAuthReply =
        raw === undefined
          ? { status: 413, headers: { connection: 'close' }, body: '' }
          : endpoint === 'authorize'
            ? oauth!.authorize(method, url.searchParams)
            : endpoint === 'discovery'
              ? oauth!.discovery(method, path, req.headers.host)
              : oauth!.token(method, req.headers['content-type'], raw, Array.isArray(auth) ? auth[0] : auth);
      // The token endpoint and the discovery document are read by the page (fetch); the authorization endpoint is navigated to.
      const headers = endpoint === 'authorize' ? reply.headers : { ...corsHeaders(cors), ...reply.headers };
      res.writeHead(reply.status, { ...headers, 'content-length': Buffer.byteLength(reply.body) }).end(method === 'HEAD' ? undefined : reply.body);
      return;
    }
    if (match.kind === 'not-found') {
      sendError(res, undefined, { status: 404, message: `No operation of the document matches ${method} ${path}.`, problems: [] });
      return;
    }
    if (match.kind === 'method-not-allowed') {
      const allow = match.allow.join(', ');
      if (method === 'OPTIONS') res.writeHead(204, { ...corsHeaders(cors), allow }).end();
      else sendError(res, undefined, { status: 405, message: `${method} is not an operation of ${path}; it answers ${allow}.`, problems: [] }, { allow });
      return;
    }
    const operation = match.operation;
    const raw = await readRaw(req, maxBody);
    if (raw === undefined) {
      sendError(res, operation, { status: 413, message: `The request body is larger than ${maxBody} bytes.`, problems: [] }, { connection: 'close' });
      return;
    }
    const cookies = parseCookies(req.headers.cookie);
    const auth = checkAuth(
      operation.security,
      model.securitySchemes,
      { headers: req.headers, query: url.searchParams, cookies },
      options.oauth?.now?.() ?? Date.now(),
    );
    if (!auth.ok) {
      const challenge: Record<string, string> = auth.challenges.length ? { 'www-authenticate': auth.challenges.join(', ') } : {};
      sendError(res, operation, { status: 401, message: auth.message, problems: [] }, challenge);
      return;
    }
    const parameters = readParameters(model, operation, { path: match.params, query: url.searchParams, headers: req.headers, cookies }, validators);
    const body = await readBody(operation, raw, req.headers['content-type'], validators);
    if (body.kind === 'unsupported') {
      sendError(res, operation, body.error);
      return;
    }
    const problems = [...parameters.problems, ...(body.kind === 'none' ? [] : body.problems)];
    if (problems.length) {
      sendError(res, operation, requestError(problems));
      return;
    }
    const chosen = chooseResponse(operation, parsePrefer(req.headers.prefer), req.headers.accept);
    if ('missing' in chosen) {
      sendError(res, operation, { status: 404, message: chosen.missing, problems: [] });
      return;
    }
    const headers: Record<string, string | number> = { ...corsHeaders(cors), ...documentedHeaders(model, chosen.response) };
    const text = chosen.example?.value;
    if (text === undefined || chosen.status === 204 || chosen.status === 304) {
      res.writeHead(chosen.status, headers).end();
      return;
    }
    const mediaType = chosen.media!.mediaType.includes('*')
      ? chosen.example!.language === 'json'
        ? 'application/json'
        : 'text/plain'
      : chosen.media!.mediaType;
    const charset = /json|^text\//i.test(mediaType) && !/charset=/i.test(mediaType) ? '; charset=utf-8' : '';
    res.writeHead(chosen.status, { ...headers, 'content-type': mediaType + charset, 'content-length': Buffer.byteLength(text) }).end(text);
  };

  return (req, res) => {
    const started = performance.now();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://mock.invalid');
    } catch {
      url = new URL('http://mock.invalid/');
    }
    res.once('finish', () =>
      options.log?.({ method: req.method ?? 'GET', target: logTarget(url, model), status: res.statusCode, ms: performance.now() - started }),
    );
    handle(req, res, url).catch((err: unknown) => {
      // A bug must not take the mock down: this request gets a 500 and the next one is served.
      if (res.headersSent) res.destroy();
      else sendError(res, undefined, { status: 500, message: `Internal error of the mock: ${(err as Error).message}`, problems: [] });
    });
  };
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/** The response's documented headers that have a value to show: their example, else their schema's constant, default or first value. */
function documentedHeaders(model: ApiModel, response: ApiResponse | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of response?.headers ?? []) {
    if (/^(content-type|content-length|transfer-encoding|connection)$/i.test(header.name) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(header.name)) continue;
    const schema = resolveSchema(model, header.schema);
    const json = header.example ?? schema?.const ?? schema?.default ?? schema?.enum?.values[0] ?? schema?.examples[0];
    if (json === undefined) continue;
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      value = json;
    }
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    // Only text a header can carry as is: no line breaks, nothing beyond Latin-1.
    if (/^[\t\x20-\x7e\x80-\xff]*$/.test(text)) out[header.name] = text;
  }
  return out;
}
