// The mock's OAuth 2.0 endpoints on the default site's document (warehouseOAuth: authorization code
// at http://127.0.0.1:4010/oauth/authorize and /oauth/token): the authorization request approved at
// once with the state, PKCE checked by the token endpoint, codes good once, refresh tokens rotated,
// the issued token accepted by the operations and refused once expired.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShippingApi, startMock, type RunningMock } from './helpers.js';

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const REDIRECT = 'http://127.0.0.1:3000/oauth2-redirect.html';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

let mock: RunningMock;
let clock = Date.now();
beforeAll(async () => {
  mock = await startMock(await loadShippingApi(), { oauth: { tokenLifetimeSeconds: 600, now: () => clock } });
});
afterAll(() => mock.close());

function authorizePath(over: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams();
  const params = {
    response_type: 'code',
    client_id: 'warehouse-app',
    redirect_uri: REDIRECT,
    scope: 'orders:read',
    state: 'st-123',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...over,
  };
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  return `/oauth/authorize?${q}`;
}

async function code(over: Record<string, string | undefined> = {}): Promise<URL> {
  const reply = await mock.send('GET', authorizePath(over));
  expect(reply.status).toBe(302);
  return new URL(String(reply.headers.location));
}

const token = (fields: Record<string, string>) => mock.send('POST', '/oauth/token', { headers: form, body: new URLSearchParams(fields).toString() });

describe('shipdocs mock: OAuth 2.0 authorization code with PKCE', () => {
  it('approves at once: back to the redirect URI with a code and the same state', async () => {
    const back = await code();
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('sends errors back to the client, and answers itself without a client or redirect URI', async () => {
    expect((await code({ code_challenge_method: 'plain' })).searchParams.get('error')).toBe('invalid_request');
    expect((await code({ code_challenge: undefined })).searchParams.get('error')).toBe('invalid_request');
    expect((await code({ response_type: 'token' })).searchParams.get('error')).toBe('unsupported_response_type');
    const scope = await code({ scope: 'orders:read admin' });
    expect([scope.searchParams.get('error'), scope.searchParams.get('state')]).toEqual(['invalid_scope', 'st-123']);
    expect((await mock.send('GET', authorizePath({ redirect_uri: undefined }))).status).toBe(400);
    expect((await mock.send('GET', authorizePath({ client_id: undefined }))).status).toBe(400);
  });

  it('exchanges a code for tokens with the right verifier only, once; CORS like the rest of the mock', async () => {
    const wrong = (await code()).searchParams.get('code')!;
    const refused = await token({
      grant_type: 'authorization_code',
      code: wrong,
      redirect_uri: REDIRECT,
      client_id: 'warehouse-app',
      code_verifier: 'x'.repeat(43),
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('code_verifier') });
    expect(refused.headers['access-control-allow-origin']).toBe('*');

    const good = (await code()).searchParams.get('code')!;
    const otherRedirect = await token({
      grant_type: 'authorization_code',
      code: good,
      redirect_uri: 'http://127.0.0.1:3000/else',
      client_id: 'warehouse-app',
      code_verifier: VERIFIER,
    });
    expect(otherRedirect.json().error).toBe('invalid_grant');

    const fresh = (await code()).searchParams.get('code')!;
    const fields = { grant_type: 'authorization_code', code: fresh, redirect_uri: REDIRECT, client_id: 'warehouse-app', code_verifier: VERIFIER };
    const ok = await token(fields);
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    expect(ok.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 600,
      scope: 'orders:read',
      access_token: expect.stringMatching(/^shipdocs-mock\./),
      refresh_token: expect.any(String),
    });
    expect((await token(fields)).json().error).toBe('invalid_grant');
  });

  it('accepts the token on the operations that take the scheme; refuses it once expired; refreshes (rotating the refresh token)', async () => {
    const c = (await code()).searchParams.get('code')!;
    const tokens = (
      await token({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT, client_id: 'warehouse-app', code_verifier: VERIFIER })
    ).json();
    const call = (t: string) => mock.send('GET', '/shiphero/orders', { headers: { authorization: `Bearer ${t}` } });
    expect((await call(tokens.access_token)).status).toBe(200);

    clock += 601_000;
    const expired = await call(tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.text).toMatch(/expired/);
    expect(String(expired.headers['www-authenticate'])).toContain('invalid_token');

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'warehouse-app' });
    expect(refreshed.status).toBe(200);
    const next = refreshed.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await call(next.access_token)).status).toBe(200);
    expect((await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'warehouse-app' })).json().error).toBe('invalid_grant');
    expect((await token({ grant_type: 'password', client_id: 'warehouse-app' })).json().error).toBe('unsupported_grant_type');
  });

  it('leaves the document’s own operations and a 404 elsewhere as they were', async () => {
    expect((await mock.send('GET', '/oauth/elsewhere')).status).toBe(404);
    expect((await mock.send('GET', '/states?country=MX', { headers: { 'x-api-key': 'k' } })).status).toBe(200);
  });
});
