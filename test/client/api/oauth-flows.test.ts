// The OAuth 2.0 flows besides the authorization code, and OpenID Connect discovery, the pure parts:
// the discovery document read (endpoints, scopes, `openid` always first; plain errors), the legacy
// implicit flow's authorization URL (response_type=token, no PKCE) and answer, the password and
// client-credentials token requests' bodies, and the redirect page taking the implicit answer.
import { describe, expect, it } from 'vitest';
import { authorizeUrl, clientCredentialsBody, passwordBody, readDiscovery, readImplicitAnswer, TokenError, withOpenId } from '../../../src/client/api/oauth.js';
import { needsOAuthRedirect, oauthRedirectFiles } from '../../../src/render/html/oauth-redirect.js';
import type { ApiModel } from '../../../src/shared/api-model.js';

const DISCOVERY_URL = 'https://id.example.com/.well-known/openid-configuration';

describe('OpenID Connect discovery', () => {
  it('reads the endpoints and the scopes, openid first and once', () => {
    const found = readDiscovery(
      JSON.stringify({
        issuer: 'https://id.example.com',
        authorization_endpoint: 'https://id.example.com/authorize',
        token_endpoint: '/token',
        scopes_supported: ['profile', 'openid', 'email', 'profile', 'bad scope', 42],
      }),
      DISCOVERY_URL,
    );
    expect(found).toEqual({
      authorizationUrl: 'https://id.example.com/authorize',
      tokenUrl: 'https://id.example.com/token',
      scopes: ['openid', 'profile', 'email'],
    });
    expect(readDiscovery('{"authorization_endpoint":"https://a/x","token_endpoint":"https://a/t"}', DISCOVERY_URL).scopes).toEqual(['openid']);
    expect(withOpenId(['a', 'openid', 'b'])).toEqual(['openid', 'a', 'b']);
  });

  it('says in plain words what makes a discovery document unusable', () => {
    expect(() => readDiscovery('<html>', DISCOVERY_URL)).toThrow('the discovery document is not a JSON object');
    expect(() => readDiscovery('[]', DISCOVERY_URL)).toThrow('not a JSON object');
    expect(() => readDiscovery('{"token_endpoint":"https://a/t"}', DISCOVERY_URL)).toThrow('the discovery document has no authorization_endpoint');
    expect(() => readDiscovery('{"authorization_endpoint":"https://a/x"}', DISCOVERY_URL)).toThrow('has no token_endpoint');
    expect(() => readDiscovery('{"authorization_endpoint":"javascript:alert(1)","token_endpoint":"https://a/t"}', DISCOVERY_URL)).toThrow(
      'authorization_endpoint is not an http(s) URL',
    );
  });
});

describe('legacy flows and client credentials: the requests', () => {
  it('implicit: response_type=token with the state and scopes, and no PKCE', () => {
    const url = new URL(
      authorizeUrl(
        {
          authorizationUrl: 'https://auth.example.com/authorize?tenant=t1',
          clientId: 'app',
          redirectUri: 'https://docs/r',
          scopes: ['a', 'b'],
          state: 's',
          responseType: 'token',
        },
        'https://docs/',
      ),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 't1',
      response_type: 'token',
      client_id: 'app',
      redirect_uri: 'https://docs/r',
      scope: 'a b',
      state: 's',
    });
  });

  it('implicit: reads the token from the answer, with its expiry; an answer without one is an error', () => {
    expect(readImplicitAnswer({ access_token: 'at', expires_in: '60', scope: 'a', state: 's' }, 1000)).toEqual({
      accessToken: 'at',
      expiresAt: 61_000,
      refreshToken: undefined,
      scope: 'a',
    });
    expect(() => readImplicitAnswer({ state: 's' }, 0)).toThrow(TokenError);
  });

  it('password: grant_type=password with the username, password, client and scopes', () => {
    expect(Object.fromEntries(passwordBody({ username: 'ana', password: 'pw', clientId: 'app', clientSecret: 'sec', scopes: ['a', 'b'] }))).toEqual({
      grant_type: 'password',
      username: 'ana',
      password: 'pw',
      client_id: 'app',
      client_secret: 'sec',
      scope: 'a b',
    });
    // A public client without an id (some servers need none): only what was given.
    expect(Object.fromEntries(passwordBody({ username: 'ana', password: 'pw', clientId: '', scopes: [] }))).toEqual({
      grant_type: 'password',
      username: 'ana',
      password: 'pw',
    });
  });

  it('client credentials: the client in the body, the scopes space-separated', () => {
    expect(Object.fromEntries(clientCredentialsBody({ clientId: 'c', clientSecret: 's', scopes: ['x'] }))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'c',
      client_secret: 's',
      scope: 'x',
    });
  });
});

describe('the redirect page', () => {
  it('keeps the implicit answer from the fragment, and is written for implicit flows and OpenID Connect too', () => {
    const script = String((oauthRedirectFiles({ languages: ['es', 'en'] })[1] as { contents: string }).contents);
    expect(script).toContain("'access_token', 'expires_in', 'scope'");
    const scheme = (over: Partial<ApiModel['securitySchemes'][number]>): ApiModel =>
      ({ securitySchemes: [{ type: 'oauth2', flows: [], openIdConnectUrl: undefined, ...over }] }) as unknown as ApiModel;
    const flow = (type: string) => ({ type, authorizationUrl: 'https://a', tokenUrl: 'https://t', refreshUrl: undefined, scopes: [] });
    expect(needsOAuthRedirect(scheme({ flows: [flow('implicit')] as never }))).toBe(true);
    expect(needsOAuthRedirect(scheme({ flows: [flow('authorizationCode')] as never }))).toBe(true);
    expect(needsOAuthRedirect(scheme({ type: 'openIdConnect', openIdConnectUrl: DISCOVERY_URL }))).toBe(true);
    expect(needsOAuthRedirect(scheme({ flows: [flow('password'), flow('clientCredentials')] as never }))).toBe(false);
  });
});
