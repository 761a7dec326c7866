import type { ApiModel, ApiServer } from '../../shared/api-model.js';

// The origins the pages may fetch from besides their own, for the Content-Security-Policy's
// `connect-src`: exactly those the try-it can send a request to. That is the API's servers (the
// document's, a path's and an operation's), the token (and refresh) URL of an OAuth 2.0 client-credentials,
// authorization-code or password flow (the authorization panel asks it for a token), an OpenID Connect
// discovery document's origin (its token endpoint is taken to be there) and the site's CORS proxy. Nothing else: no `https:`
// and no loopback ports, so a script that got into a page could not send what it read anywhere.
//
// A server URL's variables are expanded: each value of a variable with an `enum` (at most
// MAX_ORIGINS origins per server); a variable the reader may type freely becomes a wildcard where CSP
// has one (`https://*.example.com` for `https://{tenant}.example.com`, `host:*` for a port), and
// otherwise the scheme alone (`https:` for `https://{host}`), the narrowest source that still lets
// the request go.

/** Per server; a template with more combinations than this is allowed by its wildcard form instead. */
const MAX_ORIGINS = 20;

/**
 * Sorted, without duplicates. `tokenUrls`: the config's `openapi.oauth.<scheme>.tokenUrl`, token
 * endpoints a discovery document names on another origin than its own (known only in the browser).
 */
export function connectSources(api: ApiModel | undefined, proxyUrl: string | undefined, tokenUrls: readonly string[] = []): string[] {
  const sources = new Set<string>();
  if (api) {
    for (const server of [...api.servers, ...api.operations.flatMap((o) => o.servers)]) for (const s of serverSources(server)) sources.add(s);
    for (const scheme of api.securitySchemes) {
      // Every flow with a token endpoint is asked for a token by the panel (the implicit flow has none).
      for (const flow of scheme.flows) if (flow.type !== 'implicit') for (const url of [flow.tokenUrl, flow.refreshUrl]) if (url) addOrigin(sources, url);
      // OpenID Connect: the discovery document, and the token endpoint it names, which is expected on the same origin.
      if (scheme.type === 'openIdConnect' && scheme.openIdConnectUrl) addOrigin(sources, scheme.openIdConnectUrl);
    }
  }
  if (proxyUrl) addOrigin(sources, proxyUrl);
  for (const url of tokenUrls) addOrigin(sources, url);
  return [...sources].sort();
}

function addOrigin(sources: Set<string>, url: string): void {
  const origin = originOf(url);
  if (origin) sources.add(origin);
}

/** The origin of an absolute http(s) URL; undefined for a relative one (the site's own origin, 'self'). */
function originOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The sources a server needs: its origins, or wildcards for the parts the reader may type. */
export function serverSources(server: ApiServer): string[] {
  const defaults = new Map(server.variables.map((v) => [v.name, v.default]));
  const fill = (values: ReadonlyMap<string, string>): string => server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => values.get(name) ?? whole);
  const base = originOf(fill(defaults));
  // The variables that make the origin (scheme, host, port, or all of it): changing one changes it.
  const changes = (name: string, probe: string): boolean => originOf(fill(new Map([...defaults, [name, probe]]))) !== base;
  const names = [...new Set([...server.url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!))].filter(
    (name) => changes(name, 'x0-probe') || changes(name, 'https://x0-probe.invalid'),
  );
  const choices = names.map((name) => {
    const v = server.variables.find((x) => x.name === name);
    return v && v.enum.length ? [...new Set([v.default, ...v.enum])] : undefined;
  });
  if (choices.reduce((n, c) => n * (c?.length ?? Infinity), 1) > MAX_ORIGINS) return wildcard(server.url);
  const origins = new Set<string>();
  for (const values of product(choices as string[][])) {
    const origin = originOf(fill(new Map([...defaults, ...names.map((name, i) => [name, values[i]!] as const)])));
    if (origin) origins.add(origin);
  }
  return [...origins];
}

function* product(lists: readonly string[][]): Generator<string[]> {
  if (lists.length === 0) {
    yield [];
    return;
  }
  for (const first of lists[0]!) for (const rest of product(lists.slice(1))) yield [first, ...rest];
}

/** CSP sources for a server URL whose origin has a variable the reader may type: as narrow as CSP can say it. */
function wildcard(template: string): string[] {
  const parts = /^([^/:?#]*):\/\/([^/?#:]*)(?::([^/?#]*))?/.exec(template);
  // The whole base is a variable ("{server}/v1"): any http(s) origin.
  if (!parts) return template.startsWith('{') ? ['http:', 'https:'] : [];
  const [, scheme = '', host = '', port] = parts;
  const schemes = /^https?$/i.test(scheme) ? [scheme.toLowerCase()] : scheme.includes('{') ? ['http', 'https'] : [];
  const labels = host.split('.');
  // CSP's only host wildcard is a leftmost `*.`, any number of labels: it covers variables anywhere before a fixed domain
  // of two labels or more (`api.{region}.example.com` → `*.example.com`).
  const fixedFrom = labels.findIndex((_, i) => labels.slice(i).every((l) => !l.includes('{')));
  const fixedHost = fixedFrom === 0 ? host : fixedFrom > 0 && labels.length - fixedFrom >= 2 ? `*.${labels.slice(fixedFrom).join('.')}` : undefined;
  if (!fixedHost) return schemes.map((s) => `${s}:`);
  const fixedPort = port === undefined ? '' : port.includes('{') ? ':*' : `:${port}`;
  return schemes.map((s) => `${s}://${fixedHost.toLowerCase()}${fixedPort}`);
}
