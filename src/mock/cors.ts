import type { ApiModel } from '../shared/api-model.js';

// CORS for a local mock: any origin may call it (pages on any host, the docs served by `shipdocs
// serve` or opened from disk), since it holds nothing but the document's examples. Requests are sent
// without cookies (`credentials: 'omit'`), so the wildcard origin suffices and no origin is echoed.
// A preflight allows the headers a client of this API sends: Authorization, Content-Type, Prefer,
// the API-key headers and the header parameters the document declares. Responses expose the headers
// the document declares for them, and the mock's own (Allow, WWW-Authenticate).

export interface CorsPolicy {
  allowHeaders: string;
  exposeHeaders: string;
}

/** Headers a page reads without being allowed to (CORS-safelisted response headers). */
const SAFELISTED = new Set(['cache-control', 'content-language', 'content-length', 'content-type', 'expires', 'last-modified', 'pragma']);
/** Seconds a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE = 600;

export function corsPolicy(model: ApiModel): CorsPolicy {
  const allow = new Map<string, string>();
  const add = (map: Map<string, string>, name: string | undefined): void => {
    if (name && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), name);
  };
  for (const name of ['Authorization', 'Content-Type', 'Prefer', 'Accept']) add(allow, name);
  for (const scheme of model.securitySchemes) if (scheme.type === 'apiKey' && (scheme.in ?? 'header') === 'header') add(allow, scheme.name);
  const expose = new Map<string, string>();
  for (const name of ['Allow', 'WWW-Authenticate']) add(expose, name);
  for (const operation of model.operations) {
    for (const parameter of operation.parameters.header) add(allow, parameter.name);
    for (const response of operation.responses) for (const header of response.headers) if (!SAFELISTED.has(header.name.toLowerCase())) add(expose, header.name);
  }
  return { allowHeaders: [...allow.values()].join(', '), exposeHeaders: [...expose.values()].join(', ') };
}

/** On every response. */
export function corsHeaders(policy: CorsPolicy): Record<string, string> {
  return { 'access-control-allow-origin': '*', 'access-control-expose-headers': policy.exposeHeaders };
}

/** The answer to a preflight for a path answering `methods`. */
export function preflightHeaders(policy: CorsPolicy, methods: readonly string[]): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': methods.join(', '),
    'access-control-allow-headers': policy.allowHeaders,
    'access-control-max-age': String(PREFLIGHT_MAX_AGE),
  };
}
