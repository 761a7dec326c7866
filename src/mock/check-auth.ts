import type { ApiSecurityRequirement, ApiSecurityScheme } from '../shared/api-model.js';
import { mockTokenExpiry } from './oauth-server.js';

// Whether a request carries credentials one of the operation's security requirements accepts. The
// mock checks their presence and shape (a bearer token, base64 "user:password", an API key where
// the scheme puts it), never their value: any token works, as with any mock. A requirement lists
// schemes that apply together; an empty one (`{}`) allows anonymous requests. What a plain-HTTP mock
// cannot see (mutual TLS) or a scheme the document does not define is not held against a request.
// One value is checked: an access token the mock's own OAuth endpoints issued (oauth-server.ts)
// carries its expiry, and once expired it is refused with the Bearer `invalid_token` error.

export interface Credentials {
  /** Node's headers: lowercase names. */
  headers: Record<string, string | string[] | undefined>;
  query: URLSearchParams;
  cookies: Record<string, string>;
}

export type AuthResult = { ok: true } | { ok: false; message: string; challenges: string[] };

const REALM = 'realm="shipdocs mock"';

export function checkAuth(
  security: readonly ApiSecurityRequirement[],
  schemes: readonly ApiSecurityScheme[],
  request: Credentials,
  now: number = Date.now(),
): AuthResult {
  if (security.length === 0) return { ok: true };
  const byKey = new Map(schemes.map((s) => [s.key, s]));
  const satisfied = security.some((requirement) =>
    requirement.schemes.every(({ key }) => {
      const scheme = byKey.get(key);
      return !scheme || hasCredential(scheme, request);
    }),
  );
  if (satisfied) {
    const expired = expiredMockToken(request, now);
    if (expired !== undefined && usesBearer(security, byKey))
      return {
        ok: false,
        message: `The access token expired at ${new Date(expired).toISOString()}: refresh it (grant_type=refresh_token) or authorize again.`,
        challenges: [`Bearer ${REALM}, error="invalid_token", error_description="The access token expired"`],
      };
    return { ok: true };
  }
  const known = (r: ApiSecurityRequirement): ApiSecurityScheme[] => r.schemes.map(({ key }) => byKey.get(key)).filter((s) => s !== undefined);
  const ways = security.map((r) => known(r).map(describe).join(' together with '));
  const challenges = [...new Set(security.flatMap((r) => known(r).map(challenge)).filter((c) => c !== undefined))];
  return { ok: false, message: `This operation needs credentials: ${ways.join(', or ')}.`, challenges };
}

/** The expiry of the request's bearer token when the mock issued it and it has passed. */
function expiredMockToken(request: Credentials, now: number): number | undefined {
  const raw = request.headers.authorization;
  const m = /^Bearer\s+(\S+)$/i.exec((Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '');
  const expiry = m ? mockTokenExpiry(m[1]!) : undefined;
  return expiry !== undefined && expiry <= now ? expiry : undefined;
}

/** Whether a requirement of the operation takes a bearer token (http bearer, oauth2, openIdConnect). */
function usesBearer(security: readonly ApiSecurityRequirement[], byKey: ReadonlyMap<string, ApiSecurityScheme>): boolean {
  return security.some((r) =>
    r.schemes.some(({ key }) => {
      const s = byKey.get(key);
      return s?.type === 'oauth2' || s?.type === 'openIdConnect' || (s?.type === 'http' && (s.scheme ?? 'bearer') === 'bearer');
    }),
  );
}

/** Whether the request carries a credential of the scheme's shape. */
function hasCredential(scheme: ApiSecurityScheme, request: Credentials): boolean {
  switch (scheme.type) {
    case 'http':
      return authorization(request, scheme.scheme ?? 'bearer');
    case 'oauth2':
    case 'openIdConnect':
      return authorization(request, 'bearer');
    case 'apiKey': {
      const name = scheme.name ?? '';
      if (scheme.in === 'query') return !!request.query.get(name);
      if (scheme.in === 'cookie') return !!request.cookies[name];
      const value = request.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.some(Boolean) : !!value?.trim();
    }
    case 'mutualTLS':
      return true;
  }
}

function authorization(request: Credentials, scheme: string): boolean {
  const raw = request.headers.authorization;
  const header = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  const m = /^(\S+)\s+(\S+)$/.exec(header);
  if (!m || m[1]!.toLowerCase() !== scheme.toLowerCase()) return false;
  if (scheme.toLowerCase() !== 'basic') return true;
  // Basic: base64 of "user:password".
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(m[2]!)) return false;
  // A client with its user name and password left empty still sends ":" (Postman does): that is no credential.
  const decoded = Buffer.from(m[2]!, 'base64').toString('utf8');
  return decoded.includes(':') && decoded !== ':';
}

/** How a person sends this scheme's credential, for the 401 message. */
function describe(scheme: ApiSecurityScheme): string {
  switch (scheme.type) {
    case 'http':
      return scheme.scheme === 'basic'
        ? `HTTP Basic (${scheme.key})`
        : `an "Authorization: ${capitalize(scheme.scheme ?? 'bearer')} <token>" header (${scheme.key})`;
    case 'oauth2':
    case 'openIdConnect':
      return `an OAuth 2 access token as "Authorization: Bearer <token>" (${scheme.key})`;
    case 'apiKey':
      if (scheme.in === 'query') return `an API key in the query parameter ${scheme.name} (${scheme.key})`;
      if (scheme.in === 'cookie') return `an API key in the cookie ${scheme.name} (${scheme.key})`;
      return `an API key in the ${scheme.name} header (${scheme.key})`;
    case 'mutualTLS':
      return `a client certificate (${scheme.key})`;
  }
}

/** The `WWW-Authenticate` challenge of a scheme sent in the Authorization header. */
function challenge(scheme: ApiSecurityScheme): string | undefined {
  if (scheme.type === 'http') return `${capitalize(scheme.scheme ?? 'bearer')} ${REALM}`;
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return `Bearer ${REALM}`;
  return undefined;
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
