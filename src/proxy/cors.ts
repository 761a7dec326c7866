import { headerNames, type RawHeaders } from './filter-headers.js';

// CORS for the proxy: the pages of an allowed origin (origins.ts) may call it with any method and the
// headers they ask for; what the proxy reaches is bounded by its allow-list. The origin is echoed,
// never `*`, with `Vary: Origin` (a cache must not hand one origin's answer to another), and Chrome's
// Private Network Access (a public page calling a proxy on a private address) is allowed for those
// pages only. Requests are sent without credentials (`credentials: 'omit'`), so no
// Access-Control-Allow-Credentials. Every answer exposes all its headers, for the try-it to show them.
// Pages of other origins get no CORS header at all (create-proxy-handler.ts refuses them first).

/** Seconds a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE = 600;

/** The answer to an allowed origin's preflight: the method and headers it asks for are allowed. */
export function preflightHeaders(headers: Record<string, string | string[] | undefined>, origin: string): string[] {
  const method = one(headers['access-control-request-method']);
  const requested = one(headers['access-control-request-headers']);
  const out = ['Access-Control-Allow-Origin', origin, 'Access-Control-Allow-Methods', method || '*', 'Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE)];
  if (requested) out.push('Access-Control-Allow-Headers', requested);
  if (one(headers['access-control-request-private-network']) === 'true') out.push('Access-Control-Allow-Private-Network', 'true');
  out.push('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  return out;
}

/**
 * A response's headers with the proxy's CORS headers added for an allowed origin (exposing every
 * header of the response), or only `Vary: Origin` for a request without one.
 */
export function withCorsHeaders(raw: RawHeaders, origin: string | undefined): string[] {
  const out = [...raw];
  if (origin !== undefined) {
    out.push('Access-Control-Allow-Origin', origin);
    const names = headerNames(raw);
    if (names.length) out.push('Access-Control-Expose-Headers', names.join(', '));
  }
  out.push('Vary', 'Origin');
  return out;
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
