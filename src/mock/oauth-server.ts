import { createHash, randomBytes } from 'node:crypto';
import type { ApiModel, ApiSecurityScheme } from '../shared/api-model.js';

// The mock's OAuth 2.0 authorization server, for the document's oauth2 schemes whose
// authorizationUrl / tokenUrl point at the mock (a relative URL, or one on a loopback host): it
// serves them at those URLs' paths, where no operation of the document answers.
// - The authorization endpoint (GET) approves at once: 302 back to redirect_uri with a code and
//   the state. It checks response_type=code, a client_id, an absolute http(s) redirect_uri, a
//   code_challenge with code_challenge_method=S256 (PKCE, RFC 7636) and the scopes against the
//   flow's; without a usable client_id or redirect_uri it answers 400 itself (RFC 6749 §4.1.2.1),
//   otherwise errors go back to the redirect_uri as `error`.
// - The token endpoint (POST, form-urlencoded) takes grant_type=authorization_code (the code once,
//   the same client_id and redirect_uri, the code_verifier whose SHA-256 is the challenge),
//   refresh_token (rotated: each is good once) and client_credentials. Errors are RFC 6749 §5.2
//   JSON. Any client id and secret are accepted: there is no client registry.
// - For the document's openIdConnect schemes whose openIdConnectUrl points at the mock, the
//   discovery document (GET) at that path: issuer, these two endpoints (those of the oauth2 schemes
//   on the mock, else /oauth/authorize and /oauth/token, served then too), scopes_supported (openid
//   and the flows' scopes), S256. No id_token and no jwks_uri: the panel uses the access token only.
// Access tokens carry their expiry (`shipdocs-mock.<unix seconds>.<random>`), so check-auth.ts
// refuses an expired one without remembering it. Codes and refresh tokens are the mock's only
// state: two in-memory maps, bounded (the oldest goes first) and short-lived.

const ACCESS_TOKEN_PREFIX = 'shipdocs-mock.';
const ACCESS_TOKEN = /^shipdocs-mock\.(\d{1,12})\.[A-Za-z0-9_-]+$/;
/** Codes are good for this long, once. */
const CODE_LIFETIME_MS = 60_000;
const REFRESH_LIFETIME_MS = 24 * 3600_000;
/** At most this many codes and this many refresh tokens are kept. */
const MAX_KEPT = 1000;
const DEFAULT_TOKEN_LIFETIME_S = 3600;
/** The endpoints a discovery document points at when no oauth2 scheme of the document puts its own on the mock. */
const DEFAULT_AUTHORIZE_PATH = '/oauth/authorize';
const DEFAULT_TOKEN_PATH = '/oauth/token';

export interface OAuthOptions {
  /** Seconds an access token lasts (`expires_in`). */
  tokenLifetimeSeconds?: number;
  now?: () => number;
}

export interface OAuthReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface OAuthServer {
  /** Which endpoint a path is, if any. */
  route(path: string): 'authorize' | 'token' | 'discovery' | undefined;
  /** The OpenID Connect discovery document served at `path`; `host` (the request's) stands for a relative openIdConnectUrl's origin. */
  discovery(method: string, path: string, host: string | undefined): OAuthReply;
  authorize(method: string, query: URLSearchParams): OAuthReply;
  token(method: string, contentType: string | undefined, body: Buffer, authorization: string | undefined): OAuthReply;
}

interface Grant {
  clientId: string;
  scope: string;
  expires: number;
}
interface Code extends Grant {
  redirectUri: string;
  challenge: string;
}

/** The path a flow URL has on the mock, when it points at the mock. */
function mockPath(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, 'http://127.0.0.1/');
    return /^(127\.0\.0\.1|localhost|\[::1\])$/i.test(parsed.hostname) && /^https?:$/.test(parsed.protocol) ? parsed.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** Undefined when the document has no OAuth 2.0 endpoint on the mock. */
export function createOAuthServer(model: ApiModel, options: OAuthOptions = {}): OAuthServer | undefined {
  const now = options.now ?? Date.now;
  const lifetime = options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_S;
  const authorizePaths = new Map<string, Set<string>>();
  const tokenPaths = new Map<string, Set<string>>();
  const addScopes = (map: Map<string, Set<string>>, path: string | undefined, scopes: readonly { name: string }[]): void => {
    if (!path) return;
    const set = map.get(path) ?? new Set<string>();
    for (const s of scopes) set.add(s.name);
    map.set(path, set);
  };
  for (const scheme of model.securitySchemes.filter((s: ApiSecurityScheme) => s.type === 'oauth2'))
    for (const flow of scheme.flows) {
      if (flow.type === 'authorizationCode') addScopes(authorizePaths, mockPath(flow.authorizationUrl), flow.scopes);
      if (flow.type === 'authorizationCode' || flow.type === 'clientCredentials') {
        addScopes(tokenPaths, mockPath(flow.tokenUrl), flow.scopes);
        addScopes(tokenPaths, mockPath(flow.refreshUrl), flow.scopes);
      }
    }
  // OpenID Connect: a discovery document at each openIdConnectUrl on the mock, by path, with the origin it was declared at.
  const discoveries = new Map<string, string | undefined>();
  for (const scheme of model.securitySchemes.filter((s: ApiSecurityScheme) => s.type === 'openIdConnect')) {
    const path = mockPath(scheme.openIdConnectUrl);
    if (path) discoveries.set(path, /^https?:\/\//i.test(scheme.openIdConnectUrl!) ? new URL(scheme.openIdConnectUrl!).origin : undefined);
  }
  if (discoveries.size) {
    if (!authorizePaths.size) authorizePaths.set(DEFAULT_AUTHORIZE_PATH, new Set());
    if (!tokenPaths.size) tokenPaths.set(DEFAULT_TOKEN_PATH, new Set());
  }
  if (!authorizePaths.size && !tokenPaths.size) return undefined;
  const allScopes = new Set([...authorizePaths.values(), ...tokenPaths.values()].flatMap((s) => [...s]));
  if (discoveries.size) {
    allScopes.add('openid');
    // An OpenID Connect scheme declares no scopes of its own: the operations' requirements name them.
    const oidc = new Set(model.securitySchemes.filter((s) => s.type === 'openIdConnect').map((s) => s.key));
    for (const op of model.operations) for (const r of op.security) for (const s of r.schemes) if (oidc.has(s.key)) s.scopes.forEach((x) => allScopes.add(x));
  }
  const discoveryAuthorize = [...authorizePaths.keys()][0]!;
  const discoveryToken = [...tokenPaths.keys()][0]!;

  const codes = new Map<string, Code>();
  const refreshTokens = new Map<string, Grant>();
  const keep = <T extends Grant>(map: Map<string, T>, key: string, value: T): void => {
    for (const [k, v] of map) if (v.expires <= now()) map.delete(k);
    while (map.size >= MAX_KEPT) map.delete(map.keys().next().value!);
    map.set(key, value);
  };
  const take = <T extends Grant>(map: Map<string, T>, key: string): T | undefined => {
    const value = map.get(key);
    map.delete(key);
    return value && value.expires > now() ? value : undefined;
  };

  const json = (status: number, body: unknown): OAuthReply => ({
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache' },
    body: JSON.stringify(body),
  });
  const fail = (error: string, description: string, status = 400): OAuthReply => json(status, { error, error_description: description });
  const issue = (grant: { clientId: string; scope: string }, refresh: boolean): OAuthReply => {
    const expires = Math.floor(now() / 1000) + lifetime;
    const body: Record<string, unknown> = {
      access_token: `${ACCESS_TOKEN_PREFIX}${expires}.${randomBytes(24).toString('base64url')}`,
      token_type: 'Bearer',
      expires_in: lifetime,
      scope: grant.scope,
    };
    if (refresh) {
      const refreshToken = randomBytes(32).toString('base64url');
      keep(refreshTokens, refreshToken, { clientId: grant.clientId, scope: grant.scope, expires: now() + REFRESH_LIFETIME_MS });
      body.refresh_token = refreshToken;
    }
    return json(200, body);
  };
  const unknownScopes = (scope: string, known: ReadonlySet<string>): string[] => scope.split(' ').filter((s) => s && !known.has(s));

  return {
    route(path) {
      if (authorizePaths.has(path)) return 'authorize';
      if (tokenPaths.has(path)) return 'token';
      if (discoveries.has(path)) return 'discovery';
      return undefined;
    },

    discovery(method, path, host): OAuthReply {
      if (method !== 'GET' && method !== 'HEAD')
        return { ...fail('invalid_request', 'The discovery document answers GET.', 405), headers: { ...json(405, {}).headers, allow: 'GET, HEAD' } };
      const declared = discoveries.get(path);
      const origin = declared ?? (host && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? `http://${host}` : 'http://127.0.0.1');
      return json(200, {
        issuer: origin,
        authorization_endpoint: `${origin}${discoveryAuthorize}`,
        token_endpoint: `${origin}${discoveryToken}`,
        scopes_supported: [...allScopes],
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
        subject_types_supported: ['public'],
      });
    },

    authorize(method, q) {
      const text = (status: number, message: string): OAuthReply => ({ status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: message });
      if (method !== 'GET' && method !== 'HEAD')
        return { ...text(405, 'The authorization endpoint answers GET.'), headers: { 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD' } };
      const clientId = q.get('client_id') ?? '';
      const redirectUri = q.get('redirect_uri') ?? '';
      let back: URL;
      try {
        back = new URL(redirectUri);
        if (!/^https?:$/.test(back.protocol) || back.hash) throw new Error('not http(s)');
      } catch {
        return text(
          400,
          'invalid_request: redirect_uri is missing or is not an absolute http(s) URL without a fragment; the mock cannot send the answer back.',
        );
      }
      if (!clientId) return text(400, 'invalid_request: client_id is missing.');
      const redirect = (params: Record<string, string>): OAuthReply => {
        for (const [k, v] of Object.entries(params)) back.searchParams.set(k, v);
        const state = q.get('state');
        if (state !== null) back.searchParams.set('state', state);
        return { status: 302, headers: { location: back.href, 'cache-control': 'no-store' }, body: '' };
      };
      const error = (code: string, description: string): OAuthReply => redirect({ error: code, error_description: description });
      if (q.get('response_type') !== 'code') return error('unsupported_response_type', 'The mock answers response_type=code only.');
      const challenge = q.get('code_challenge') ?? '';
      if (!challenge) return error('invalid_request', 'code_challenge is missing: PKCE is required.');
      if (q.get('code_challenge_method') !== 'S256') return error('invalid_request', 'code_challenge_method must be S256.');
      if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return error('invalid_request', 'code_challenge is not a base64url SHA-256 hash.');
      const scope = (q.get('scope') ?? '').trim();
      const unknown = unknownScopes(scope, allScopes);
      if (unknown.length) return error('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
      const code = randomBytes(24).toString('base64url');
      keep(codes, code, { clientId, redirectUri, challenge, scope, expires: now() + CODE_LIFETIME_MS });
      return redirect({ code });
    },

    token(method, contentType, raw, authorization) {
      if (method !== 'POST')
        return { ...fail('invalid_request', 'The token endpoint answers POST.', 405), headers: { ...json(405, {}).headers, allow: 'POST' } };
      if (!/^application\/x-www-form-urlencoded\b/i.test(contentType ?? ''))
        return fail('invalid_request', 'Send the parameters as application/x-www-form-urlencoded.');
      const p = new URLSearchParams(raw.toString('utf8'));
      let clientId = p.get('client_id') ?? '';
      const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization?.trim() ?? '');
      if (!clientId && basic) clientId = decodeURIComponent(Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] ?? '');
      if (!clientId) return fail('invalid_client', 'client_id is missing.', 401);
      switch (p.get('grant_type')) {
        case 'authorization_code': {
          const code = take(codes, p.get('code') ?? '');
          if (!code) return fail('invalid_grant', 'The code is unknown, used or expired (codes last 60 seconds, once).');
          if (code.clientId !== clientId) return fail('invalid_grant', 'The code was issued to another client_id.');
          if (code.redirectUri !== (p.get('redirect_uri') ?? '')) return fail('invalid_grant', 'redirect_uri differs from the authorization request’s.');
          const verifier = p.get('code_verifier') ?? '';
          if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier))
            return fail('invalid_request', 'code_verifier is missing or malformed (43 to 128 unreserved characters).');
          if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
            return fail('invalid_grant', 'code_verifier does not match the code_challenge.');
          return issue(code, true);
        }
        case 'refresh_token': {
          const grant = take(refreshTokens, p.get('refresh_token') ?? '');
          if (!grant) return fail('invalid_grant', 'The refresh token is unknown, used or expired.');
          if (grant.clientId !== clientId) return fail('invalid_grant', 'The refresh token was issued to another client_id.');
          return issue(grant, true);
        }
        case 'client_credentials': {
          const scope = (p.get('scope') ?? '').trim();
          const unknown = unknownScopes(scope, allScopes);
          if (unknown.length) return fail('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
          return issue({ clientId, scope }, false);
        }
        default:
          return fail('unsupported_grant_type', 'grant_type must be authorization_code, refresh_token or client_credentials.');
      }
    },
  };
}

/** When a token the mock issued expires (ms since the epoch); undefined for any other token. */
export function mockTokenExpiry(token: string): number | undefined {
  const m = ACCESS_TOKEN.exec(token);
  return m ? Number(m[1]) * 1000 : undefined;
}
