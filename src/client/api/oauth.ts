// OAuth 2.0 authorization code with PKCE (RFC 6749 §4.1, RFC 7636 with S256), the pure parts: the
// random values, the challenge, the authorization URL, the token requests and reading their
// answers. WebCrypto only (crypto.getRandomValues, crypto.subtle), which browsers and Node share, so
// these run in unit tests as they run in the page. The browser side (sessionStorage, navigation,
// fetch) is oauth-flow.ts.
import type { Credential } from '../../shared/api-auth.js';

/** base64url without padding (RFC 4648 §5), as PKCE and `state` use it. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random base64url string of `bytes` random bytes (32 bytes: a 43-character code verifier, RFC 7636 §4.1). */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** The S256 code challenge of a verifier: base64url(SHA-256(ASCII(verifier))), RFC 7636 §4.2. */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export interface AuthorizeRequest {
  authorizationUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  /** The S256 challenge of the code flow; absent for the implicit flow (response_type=token), which has no code to protect. */
  challenge?: string;
  /** `code` (default) or `token` (the implicit flow, RFC 6749 §4.2: legacy). */
  responseType?: 'code' | 'token';
}

/** The authorization request's URL (its own query kept: some servers put a tenant or an audience there). */
export function authorizeUrl(r: AuthorizeRequest, base: string): string {
  const url = new URL(r.authorizationUrl, base);
  const q = url.searchParams;
  q.set('response_type', r.responseType ?? 'code');
  q.set('client_id', r.clientId);
  q.set('redirect_uri', r.redirectUri);
  if (r.scopes.length) q.set('scope', r.scopes.join(' '));
  q.set('state', r.state);
  if (r.challenge) {
    q.set('code_challenge', r.challenge);
    q.set('code_challenge_method', 'S256');
  }
  return url.href;
}

/** The form body of the resource owner password credentials grant (RFC 6749 §4.3: legacy, RFC 9700 §2.4). */
export function passwordBody(p: { username: string; password: string; clientId: string; clientSecret?: string; scopes: string[] }): URLSearchParams {
  const body = new URLSearchParams({ grant_type: 'password', username: p.username, password: p.password });
  if (p.clientId) body.set('client_id', p.clientId);
  if (p.clientSecret) body.set('client_secret', p.clientSecret);
  if (p.scopes.length) body.set('scope', p.scopes.join(' '));
  return body;
}

/** The form body of the client credentials grant (RFC 6749 §4.4), the client authenticated in the body. */
export function clientCredentialsBody(p: { clientId: string; clientSecret: string; scopes: string[] }): URLSearchParams {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: p.clientId, client_secret: p.clientSecret });
  if (p.scopes.length) body.set('scope', p.scopes.join(' '));
  return body;
}

/** The scopes of an OpenID Connect authorization: `openid` always, first, then the chosen ones. */
export function withOpenId(scopes: readonly string[]): string[] {
  return ['openid', ...scopes.filter((s) => s !== 'openid')];
}

/** What the authorization panel uses of an OpenID Connect discovery document (OpenID Connect Discovery 1.0 §3). */
export interface Discovery {
  authorizationUrl: string;
  tokenUrl: string;
  /** `scopes_supported`, `openid` first (always asked for); just `openid` when the document lists none. */
  scopes: string[];
}

/** At most this many `scopes_supported` are offered (a checkbox each). */
const DISCOVERY_SCOPE_LIMIT = 100;

/** Reads a discovery document; throws an Error saying in plain words what is missing or wrong. */
export function readDiscovery(text: string, discoveryUrl: string): Discovery {
  let doc: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    doc = parsed as Record<string, unknown>;
  } catch {
    throw new Error('the discovery document is not a JSON object');
  }
  const endpoint = (name: string): string => {
    const value = doc[name];
    if (typeof value !== 'string' || !value) throw new Error(`the discovery document has no ${name}`);
    let url: URL;
    try {
      url = new URL(value, discoveryUrl);
    } catch {
      throw new Error(`${name} is not a URL`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} is not an http(s) URL`);
    return url.href;
  };
  const supported = Array.isArray(doc.scopes_supported)
    ? doc.scopes_supported.filter((s): s is string => typeof s === 'string' && /^[\x21\x23-\x5B\x5D-\x7E]+$/.test(s))
    : [];
  return {
    authorizationUrl: endpoint('authorization_endpoint'),
    tokenUrl: endpoint('token_endpoint'),
    scopes: withOpenId([...new Set(supported)]).slice(0, DISCOVERY_SCOPE_LIMIT),
  };
}

/** Reads the implicit flow's answer (RFC 6749 §4.2.2) as a token set; throws a TokenError without an access token. */
export function readImplicitAnswer(answer: AuthorizationAnswer, now: number): TokenSet {
  if (!answer.access_token) throw new TokenError(200, undefined, 'the answer holds no access_token');
  const expiresIn = Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? now + expiresIn * 1000 : undefined,
    refreshToken: undefined,
    scope: answer.scope || undefined,
  };
}

/** The form body of the code exchange (RFC 6749 §4.1.3, RFC 7636 §4.5); the client authenticated in the body. */
export function codeExchangeBody(p: { code: string; redirectUri: string; clientId: string; verifier: string; clientSecret?: string }): URLSearchParams {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: p.code,
    redirect_uri: p.redirectUri,
    client_id: p.clientId,
    code_verifier: p.verifier,
  });
  if (p.clientSecret) body.set('client_secret', p.clientSecret);
  return body;
}

/** The form body of a refresh (RFC 6749 §6). */
export function refreshBody(p: { refreshToken: string; clientId: string; clientSecret?: string }): URLSearchParams {
  const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: p.refreshToken, client_id: p.clientId });
  if (p.clientSecret) body.set('client_secret', p.clientSecret);
  return body;
}

export interface TokenSet {
  accessToken: string;
  /** ms since the epoch; undefined when the server did not say (`expires_in` absent). */
  expiresAt: number | undefined;
  refreshToken: string | undefined;
  scope: string | undefined;
}

/** What went wrong at the token endpoint, for the reader: the status and the answer's `error`/`error_description`. */
export class TokenError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | undefined,
    readonly description: string | undefined,
  ) {
    super(`${status}${error ? ` ${error}` : ''}${description ? `: ${description}` : ''}`);
  }
}

/** Reads a token endpoint's answer (RFC 6749 §5.1, §5.2). Throws a TokenError for an error or an answer without a token. */
export function readTokenResponse(status: number, text: string, now: number): TokenSet {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: an error page, say; its status says enough.
  }
  const str = (k: string): string | undefined => (typeof body[k] === 'string' && body[k] ? (body[k] as string).slice(0, 500) : undefined);
  if (status < 200 || status > 299)
    throw new TokenError(status, str('error'), str('error_description') ?? (str('error') ? undefined : text.trim().slice(0, 200) || undefined));
  const accessToken = str('access_token');
  if (!accessToken) throw new TokenError(status, undefined, 'the answer holds no access_token');
  const expiresIn = Number(body.expires_in);
  return {
    accessToken,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? now + expiresIn * 1000 : undefined,
    refreshToken: str('refresh_token'),
    scope: str('scope'),
  };
}

/** The authorization server's answer on the redirect (RFC 6749 §4.1.2): a code, or an error; the implicit flow's, a token. */
export interface AuthorizationAnswer {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
  /** The implicit flow's answer (RFC 6749 §4.2.2), from the redirect's fragment. */
  access_token?: string;
  expires_in?: string;
  scope?: string;
}

/** The registered `error` codes of an authorization answer (RFC 6749 §4.1.2.1), each with its plain-words text key. */
const AUTHORIZATION_ERRORS = [
  'access_denied',
  'invalid_request',
  'unauthorized_client',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
] as const;

/** Seconds left before `expiresAt`, never negative; undefined without an expiry. */
function secondsLeft(expiresAt: number | undefined, now: number): number | undefined {
  return expiresAt === undefined ? undefined : Math.max(0, Math.round((expiresAt - now) / 1000));
}

/** Refresh this long before the token expires, so that a request never leaves with a token about to lapse. */
export const REFRESH_AHEAD_MS = 30_000;

/** sessionStorage: the authorization under way (one per tab). */
export const PENDING_KEY = 'shipdocs.oauth.pending';
/** sessionStorage: the authorization server's answer, as the redirect page kept it (mirrored in auth-event.ts and oauth-redirect.ts). */
export const CALLBACK_KEY = 'shipdocs.oauth.callback';

/** Whether the credential is a token that is past (or within REFRESH_AHEAD_MS of) its expiry and can be refreshed. */
export function needsRefresh(credential: Credential | undefined, now: number): boolean {
  return credential?.kind === 'oauth2' && !!credential.refreshToken && credential.expiresAt !== undefined && credential.expiresAt - now < REFRESH_AHEAD_MS;
}
