import type { Credential, StoredAuth } from '../../shared/api-auth.js';
import type { ApiPanelSite, RequestOAuthFlow, RequestScheme } from '../../shared/api-request.js';
import { setCredential } from './auth-store.js';
import {
  authorizeUrl,
  clientCredentialsBody,
  codeChallenge,
  codeExchangeBody,
  passwordBody,
  randomToken,
  readDiscovery,
  readImplicitAnswer,
  readTokenResponse,
  refreshBody,
  CALLBACK_KEY,
  needsRefresh,
  PENDING_KEY,
  TokenError,
  type AuthorizationAnswer,
  type Discovery,
  type TokenSet,
} from './oauth.js';

// The authorization-code flow in the browser. "Authorize" keeps what the return needs (the state,
// the code verifier, the client and the page to come back to) in sessionStorage and leaves for
// the authorization server; it sends the reader to <base>oauth2-redirect.html (written by the
// build: render/html/oauth-redirect.ts), which keeps the server's answer in sessionStorage too and
// goes back to that page, on this origin only. There the entry sees the answer (auth-event.ts's
// OAUTH_CALLBACK_KEY) and hydrates the authorization panel at once, which checks the state,
// exchanges the code and keeps the token like any credential (auth-store.ts). Nothing goes to
// localStorage, a cookie or the URL but what the protocol itself puts in the URL.

export interface PendingAuthorization {
  authKey: string;
  scheme: string;
  state: string;
  verifier: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  tokenUrl: string;
  /** Where a refresh token will be exchanged (the flow's refreshUrl, else its token URL). */
  refreshUrl?: string;
  redirectUri: string;
  returnUrl: string;
  /** `token`: the implicit flow (no code, no verifier: the token is in the answer). Absent: `code`. */
  responseType?: 'code' | 'token';
  /** How the credential will be labelled: OpenID Connect runs the code flow at discovered endpoints. */
  flow?: 'authorizationCode' | 'openIdConnect' | 'implicit';
}

export type FlowProblem =
  | { kind: 'authorization'; error: string; description: string | undefined }
  | { kind: 'state' }
  | { kind: 'exchange'; status: number; error: string | undefined; description: string | undefined }
  | { kind: 'cors'; url: string }
  | { kind: 'unreachable'; url: string }
  | { kind: 'discovery'; url: string; reason: 'unreachable' | 'status' | 'invalid'; detail: string | undefined };

export class FlowError extends Error {
  constructor(readonly problem: FlowProblem) {
    super(problem.kind);
  }
}

/** The redirect page of this site: oauth2-redirect.html at the site's base (config `baseUrl`), on this origin. */
export function redirectUri(site: ApiPanelSite): string {
  let base = '/';
  try {
    base = new URL(site.siteUrl).pathname;
  } catch {
    // A relative site URL: the base is the path itself.
    base = site.siteUrl.startsWith('/') ? site.siteUrl : '/';
  }
  return new URL(`${base.replace(/\/?$/, '/')}oauth2-redirect.html`, location.origin).href;
}

/** Leaves for the authorization server, keeping what the way back needs. */
export async function startAuthorization(p: {
  site: ApiPanelSite;
  scheme: RequestScheme;
  /** The implicit flow has no token URL. */
  flow: Pick<RequestOAuthFlow, 'authorizationUrl' | 'scopes'> & { tokenUrl?: string; refreshUrl?: string | undefined };
  clientId: string;
  clientSecret: string;
  scopes: string[];
  responseType?: 'code' | 'token';
  kind?: PendingAuthorization['flow'];
}): Promise<void> {
  const implicit = p.responseType === 'token';
  const state = randomToken(16);
  const verifier = implicit ? '' : randomToken(32);
  const redirect = redirectUri(p.site);
  const tokenUrl = p.flow.tokenUrl ? new URL(p.flow.tokenUrl, location.href).href : '';
  const pending: PendingAuthorization = {
    authKey: p.site.authKey,
    scheme: p.scheme.key,
    state,
    verifier,
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    scopes: p.scopes.join(' '),
    tokenUrl,
    refreshUrl: p.flow.refreshUrl ? new URL(p.flow.refreshUrl, location.href).href : tokenUrl || undefined,
    redirectUri: redirect,
    returnUrl: location.href,
    responseType: implicit ? 'token' : 'code',
    flow: p.kind ?? (implicit ? 'implicit' : 'authorizationCode'),
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  sessionStorage.removeItem(CALLBACK_KEY);
  const url = authorizeUrl(
    {
      authorizationUrl: p.flow.authorizationUrl,
      clientId: p.clientId,
      redirectUri: redirect,
      scopes: p.scopes,
      state,
      challenge: implicit ? undefined : await codeChallenge(verifier),
      responseType: implicit ? 'token' : 'code',
    },
    location.href,
  );
  location.assign(url);
}

function readJson<T>(key: string): T | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return value && typeof value === 'object' ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

/** The answer the redirect page brought back for this API's panel, taken (removed) with its pending authorization. */
export function takeCallback(authKey: string): { pending: PendingAuthorization; answer: AuthorizationAnswer } | undefined {
  const answer = readJson<AuthorizationAnswer>(CALLBACK_KEY);
  if (!answer) return undefined;
  const pending = readJson<PendingAuthorization>(PENDING_KEY);
  if (pending && pending.authKey !== authKey) return undefined;
  sessionStorage.removeItem(CALLBACK_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  return pending ? { pending, answer } : undefined;
}

/** POSTs a token request; a refused or failed fetch becomes the problem the reader can act on. */
async function tokenRequest(url: string, body: URLSearchParams): Promise<TokenSet> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body, credentials: 'omit', headers: { Accept: 'application/json' } });
  } catch {
    throw new FlowError({ kind: (await reachable(url)) ? 'cors' : 'unreachable', url });
  }
  const text = await response.text();
  try {
    return readTokenResponse(response.status, text, Date.now());
  } catch (error) {
    if (error instanceof TokenError) throw new FlowError({ kind: 'exchange', status: error.status, error: error.error, description: error.description });
    throw error;
  }
}

/** A failed fetch does not say why: a no-cors request that gets an (opaque) answer means a server is there and CORS refused. */
async function reachable(url: string): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    await fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

/** Checks the state and exchanges the code: the credential to keep, or a FlowError. */
export async function completeAuthorization(pending: PendingAuthorization, answer: AuthorizationAnswer): Promise<Credential> {
  if (answer.error) throw new FlowError({ kind: 'authorization', error: answer.error, description: answer.error_description });
  if (pending.responseType === 'token') {
    if (!answer.state || answer.state !== pending.state) throw new FlowError({ kind: 'state' });
    try {
      return credentialOf(pending, readImplicitAnswer(answer, Date.now()), undefined, 'implicit');
    } catch (error) {
      if (error instanceof TokenError) throw new FlowError({ kind: 'exchange', status: error.status, error: error.error, description: error.description });
      throw error;
    }
  }
  if (!answer.state || answer.state !== pending.state || !answer.code) throw new FlowError({ kind: 'state' });
  const tokens = await tokenRequest(
    pending.tokenUrl,
    codeExchangeBody({
      code: answer.code,
      redirectUri: pending.redirectUri,
      clientId: pending.clientId,
      verifier: pending.verifier,
      clientSecret: pending.clientSecret,
    }),
  );
  return credentialOf(pending, tokens, undefined, pending.flow === 'openIdConnect' ? 'openIdConnect' : 'authorizationCode');
}

type OAuthCredential = Extract<Credential, { kind: 'oauth2' }>;

function credentialOf(
  client: { clientId: string; clientSecret: string; scopes: string; refreshUrl?: string | undefined },
  tokens: TokenSet,
  previous: Credential | undefined,
  flow: NonNullable<OAuthCredential['flow']>,
): OAuthCredential {
  return {
    kind: 'oauth2',
    flow,
    refreshUrl: client.refreshUrl,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    scopes: tokens.scope ?? client.scopes,
    token: tokens.accessToken,
    expiresAt: tokens.expiresAt,
    // A server that does not rotate refresh tokens sends none with the new access token: the old one still holds.
    refreshToken: tokens.refreshToken ?? (previous?.kind === 'oauth2' ? previous.refreshToken : undefined),
  };
}

const refreshing = new Map<string, Promise<Credential>>();

/** Exchanges the credential's refresh token for a new access token and keeps it (one refresh at a time per scheme). */
export function refreshCredential(site: ApiPanelSite, scheme: RequestScheme, credential: Credential): Promise<Credential> {
  const key = `${site.authKey} ${scheme.key}`;
  const running = refreshing.get(key);
  if (running) return running;
  const flow = scheme.authorizationCode;
  if (credential.kind !== 'oauth2' || !credential.refreshToken) return Promise.reject(new Error('no refresh token'));
  const where = credential.refreshUrl ?? (flow ? (flow.refreshUrl ?? flow.tokenUrl) : undefined);
  if (!where) return Promise.reject(new Error('no refresh URL'));
  const url = new URL(where, location.href).href;
  const promise = tokenRequest(
    url,
    refreshBody({ refreshToken: credential.refreshToken, clientId: credential.clientId, clientSecret: credential.clientSecret }),
  )
    .then((tokens) => {
      const next = credentialOf(credential, tokens, credential, credential.flow ?? 'authorizationCode');
      setCredential(site.authKey, scheme.key, next);
      return next;
    })
    .finally(() => refreshing.delete(key));
  refreshing.set(key, promise);
  return promise;
}

/** The credentials with every token that is about to expire refreshed first (a failed refresh keeps the old token: the API will say). */
export async function freshCredentials(site: ApiPanelSite, credentials: StoredAuth): Promise<StoredAuth> {
  const now = Date.now();
  const out = { ...credentials };
  await Promise.all(
    site.schemes.map(async (scheme) => {
      const c = credentials[scheme.key];
      if (!needsRefresh(c, now)) return;
      try {
        out[scheme.key] = await refreshCredential(site, scheme, c!);
      } catch {
        // Sent as it is: the answer (401) and the panel (expired) say what to do.
      }
    }),
  );
  return out;
}

/** The resource owner password flow (legacy): the token endpoint gets the reader's username and password. */
export async function passwordCredential(p: {
  tokenUrl: string;
  refreshUrl: string | undefined;
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
}): Promise<Credential> {
  const url = new URL(p.tokenUrl, location.href).href;
  const tokens = await tokenRequest(url, passwordBody(p));
  const refreshUrl = p.refreshUrl ? new URL(p.refreshUrl, location.href).href : url;
  return credentialOf({ clientId: p.clientId, clientSecret: p.clientSecret, scopes: p.scopes.join(' '), refreshUrl }, tokens, undefined, 'password');
}

/** The client credentials flow: a token for the client itself. */
export async function clientCredential(p: { tokenUrl: string; clientId: string; clientSecret: string; scopes: string[] }): Promise<Credential> {
  const tokens = await tokenRequest(new URL(p.tokenUrl, location.href).href, clientCredentialsBody(p));
  return { ...credentialOf({ ...p, scopes: p.scopes.join(' ') }, tokens, undefined, 'clientCredentials'), refreshToken: undefined, refreshUrl: undefined };
}

const discoveries = new Map<string, Promise<Discovery>>();

/** An OpenID Connect discovery document, fetched from the browser once per page (a failure is tried again next time). */
export function discover(openIdConnectUrl: string): Promise<Discovery> {
  const url = new URL(openIdConnectUrl, location.href).href;
  let running = discoveries.get(url);
  if (!running) {
    running = fetchDiscovery(url);
    running.catch(() => discoveries.delete(url));
    discoveries.set(url, running);
  }
  return running;
}

async function fetchDiscovery(url: string): Promise<Discovery> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', headers: { Accept: 'application/json' } });
  } catch {
    throw new FlowError({ kind: 'discovery', url, reason: 'unreachable', detail: undefined });
  }
  if (!response.ok) throw new FlowError({ kind: 'discovery', url, reason: 'status', detail: String(response.status) });
  try {
    return readDiscovery(await response.text(), url);
  } catch (error) {
    throw new FlowError({ kind: 'discovery', url, reason: 'invalid', detail: error instanceof Error ? error.message : String(error) });
  }
}
