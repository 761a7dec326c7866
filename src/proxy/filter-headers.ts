// Which headers cross the proxy, in each direction. Headers are handled as Node's raw lists
// (`rawHeaders`: name, value, name, value…), which keep their case, order and repetitions.
//
// To the target go the browser's headers about the request itself (Authorization, Content-Type,
// Accept, API keys, custom headers) and nothing about the browser, the page or the connection to the
// proxy: no hop-by-hop header (nor one the Connection header names), no Host (the target's is set),
// Origin, Referer, Cookie, Sec-* or Access-Control-Request-*, no forwarding header a client wrote
// (X-Forwarded-*, Forwarded, X-Real-IP, Via: a page would choose the address the target believes it
// talks to, and the target may trust it), and none added.
// X-Proxy-Cookie becomes Cookie: a page cannot set Cookie itself. Content-Length is the body the
// proxy read, and Expect is not passed on since the body is read before the request is sent.
//
// Back to the browser go the target's headers but hop-by-hop ones, Set-Cookie (the page cannot use
// cookies for the target, and the proxy's origin must not collect them) and the target's own
// Access-Control-* headers: the proxy answers CORS itself (cors.ts).

export type RawHeaders = readonly string[];

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
const NOT_FORWARDED = new Set(['host', 'origin', 'referer', 'cookie', 'x-proxy-cookie', 'content-length', 'expect', 'forwarded', 'x-real-ip', 'via']);
const NOT_RETURNED = new Set(['set-cookie', 'set-cookie2']);
const PROXY_COOKIE = 'x-proxy-cookie';

/** The headers sent to the target: `Host` first, then the browser's that may go, then `Cookie` from X-Proxy-Cookie. */
export function headersToTarget(raw: RawHeaders, target: URL, bodyLength: number | undefined): string[] {
  const out = ['Host', target.host];
  const dropped = connectionListed(raw);
  const cookies: string[] = [];
  for (const [name, value] of pairs(raw)) {
    const lower = name.toLowerCase();
    if (lower === PROXY_COOKIE) cookies.push(value);
    if (
      isHopByHop(lower, dropped) ||
      NOT_FORWARDED.has(lower) ||
      lower.startsWith('sec-') ||
      lower.startsWith('access-control-request-') ||
      lower.startsWith('x-forwarded-')
    )
      continue;
    out.push(name, value);
  }
  if (cookies.length) out.push('Cookie', cookies.join('; '));
  if (bodyLength !== undefined) out.push('Content-Length', String(bodyLength));
  return out;
}

/** The target's response headers that go back to the browser (before the proxy's CORS headers are added). */
export function headersFromTarget(raw: RawHeaders): string[] {
  const dropped = connectionListed(raw);
  const out: string[] = [];
  for (const [name, value] of pairs(raw)) {
    const lower = name.toLowerCase();
    if (isHopByHop(lower, dropped) || NOT_RETURNED.has(lower) || lower.startsWith('access-control-')) continue;
    out.push(name, value);
  }
  return out;
}

/** The distinct header names of a raw list, as first written. */
export function headerNames(raw: RawHeaders): string[] {
  const names = new Map<string, string>();
  for (const [name] of pairs(raw)) if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  return [...names.values()];
}

function isHopByHop(lower: string, connectionListed: ReadonlySet<string>): boolean {
  return HOP_BY_HOP.has(lower) || lower.startsWith('proxy-') || connectionListed.has(lower);
}

/** Headers the Connection header declares hop-by-hop ("Connection: close, X-Trace"). */
function connectionListed(raw: RawHeaders): Set<string> {
  const names = new Set<string>();
  for (const [name, value] of pairs(raw)) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) if (token.trim()) names.add(token.trim().toLowerCase());
  }
  return names;
}

function* pairs(raw: RawHeaders): Generator<[string, string]> {
  for (let i = 0; i + 1 < raw.length; i += 2) yield [raw[i]!, raw[i + 1]!];
}
