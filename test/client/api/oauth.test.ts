import { describe, expect, it } from 'vitest';
import { OAUTH_CALLBACK_KEY } from '../../../src/client/api/auth-event.js';
import {
  authorizeUrl,
  base64url,
  codeChallenge,
  CALLBACK_KEY,
  codeExchangeBody,
  needsRefresh,
  PENDING_KEY,
  randomToken,
  readTokenResponse,
  refreshBody,
  TokenError,
} from '../../../src/client/api/oauth.js';
import * as redirect from '../../../src/render/html/oauth-redirect.js';

describe('OAuth 2.0 authorization code with PKCE, the pure parts', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    // The RFC's own pair (appendix B): SHA-256 of the verifier's ASCII, base64url without padding.
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes 43-character base64url verifiers, different each time', () => {
    const a = randomToken(32);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(32)).not.toBe(a);
    expect(base64url(new Uint8Array([251, 255, 254]))).toBe('-__-');
  });

  it('asks for a code with the client, redirect, scopes, state and challenge, keeping the URL’s own query', () => {
    const url = new URL(
      authorizeUrl(
        {
          authorizationUrl: '/oauth/authorize?tenant=mx',
          clientId: 'app',
          redirectUri: 'https://docs.example/oauth2-redirect.html',
          scopes: ['a:read', 'b'],
          state: 's1',
          challenge: 'c1',
        },
        'https://docs.example/api/x',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://docs.example/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 'mx',
      response_type: 'code',
      client_id: 'app',
      redirect_uri: 'https://docs.example/oauth2-redirect.html',
      scope: 'a:read b',
      state: 's1',
      code_challenge: 'c1',
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code with the verifier, the secret only when given; refreshes with the refresh token', () => {
    expect(Object.fromEntries(codeExchangeBody({ code: 'k', redirectUri: 'r', clientId: 'c', verifier: 'v' }))).toEqual({
      grant_type: 'authorization_code',
      code: 'k',
      redirect_uri: 'r',
      client_id: 'c',
      code_verifier: 'v',
    });
    expect(codeExchangeBody({ code: 'k', redirectUri: 'r', clientId: 'c', verifier: 'v', clientSecret: 's' }).get('client_secret')).toBe('s');
    expect(Object.fromEntries(refreshBody({ refreshToken: 't', clientId: 'c' }))).toEqual({ grant_type: 'refresh_token', refresh_token: 't', client_id: 'c' });
  });

  it('reads a token answer with its expiry, and an error answer’s status, error and description', () => {
    expect(readTokenResponse(200, '{"access_token":"at","expires_in":60,"refresh_token":"rt","scope":"a"}', 1000)).toEqual({
      accessToken: 'at',
      expiresAt: 61_000,
      refreshToken: 'rt',
      scope: 'a',
    });
    expect(readTokenResponse(200, '{"access_token":"at"}', 0).expiresAt).toBeUndefined();
    const error = (() => {
      try {
        readTokenResponse(400, '{"error":"invalid_grant","error_description":"bad verifier"}', 0);
      } catch (e) {
        return e;
      }
    })() as TokenError;
    expect(error).toBeInstanceOf(TokenError);
    expect([error.status, error.error, error.description]).toEqual([400, 'invalid_grant', 'bad verifier']);
    expect(() => readTokenResponse(200, '{}', 0)).toThrow(/no access_token/);
  });

  it('refreshes a token within 30 s of its expiry, only with a refresh token', () => {
    const c = { kind: 'oauth2' as const, clientId: 'c', clientSecret: '', scopes: '', token: 't', expiresAt: 100_000 };
    expect(needsRefresh({ ...c, refreshToken: 'r' }, 50_000)).toBe(false);
    expect(needsRefresh({ ...c, refreshToken: 'r' }, 80_000)).toBe(true);
    expect(needsRefresh(c, 200_000)).toBe(false);
  });

  it('names the sessionStorage keys alike in the panel, the entry and the redirect page', () => {
    expect(OAUTH_CALLBACK_KEY).toBe(CALLBACK_KEY);
    expect(redirect.OAUTH_CALLBACK_KEY).toBe(CALLBACK_KEY);
    expect(redirect.OAUTH_PENDING_KEY).toBe(PENDING_KEY);
    const files = redirect.oauthRedirectFiles({ languages: ['es', 'en'] });
    expect(files.map((f) => f.path)).toEqual(['oauth2-redirect.html', 'oauth2-redirect.js']);
    // No inline script: the page's only script is the file beside it.
    expect(String((files[0] as { contents: string }).contents)).not.toMatch(/<script>(?!<)/);
    expect(String((files[1] as { contents: string }).contents)).toContain('url.origin === location.origin');
  });

  it("writes the redirect page in the site's UI languages, the default one first and as its lang", () => {
    const html = (ui: Parameters<typeof redirect.oauthRedirectFiles>[0]): string =>
      String((redirect.oauthRedirectFiles(ui)[0] as { contents: string }).contents);
    const english = html({ languages: ['en'] });
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('Returning to the documentation…');
    expect(english).not.toContain('lang="es"');
    const both = html({ languages: ['es', 'en'], defaultLanguage: 'en' });
    expect(both).toContain('<html lang="en">');
    expect(both.indexOf('<p lang="en">')).toBeLessThan(both.indexOf('<p lang="es">'));
    expect(both).toContain('<span lang="en">Home</span> / <span lang="es">Inicio</span>');
  });
});
