import { headerNames, type RawHeaders } from './filter-headers.js';

// CORS for the proxy: any page may call it (the docs are hosted anywhere), with any method and the
// headers it asks for, since what the proxy reaches is bounded by its allow-list, not by origin. The
// try-it sends requests without credentials (`credentials: 'omit'`), so the wildcard origin suffices
// and no origin is echoed. Every answer exposes all its headers, for the try-it to show them.

/** Seconds a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE = 600;

/** The answer to a preflight: the method and headers it asks for are allowed. */
export function preflightHeaders(headers: Record<string, string | string[] | undefined>): string[] {
  const method = one(headers['access-control-request-method']);
  const requested = one(headers['access-control-request-headers']);
  const out = ['Access-Control-Allow-Origin', '*', 'Access-Control-Allow-Methods', method || '*', 'Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE)];
  if (requested) out.push('Access-Control-Allow-Headers', requested);
  // A public page calling a proxy on a private address (Chrome's Private Network Access) asks this too.
  if (one(headers['access-control-request-private-network']) === 'true') out.push('Access-Control-Allow-Private-Network', 'true');
  out.push('Vary', 'Access-Control-Request-Method, Access-Control-Request-Headers');
  return out;
}

/** A response's headers with the proxy's CORS headers added, exposing every header of the response. */
export function withCorsHeaders(raw: RawHeaders): string[] {
  const out = [...raw, 'Access-Control-Allow-Origin', '*'];
  const names = headerNames(raw);
  if (names.length) out.push('Access-Control-Expose-Headers', names.join(', '));
  return out;
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
