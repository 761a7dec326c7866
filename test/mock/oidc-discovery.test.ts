// The mock's OpenID Connect discovery document: served at an openIdConnect scheme's
// openIdConnectUrl when that is on the mock (test/fixtures/sites/oidc, declared at
// http://127.0.0.1:4010; or relative, answered with the request's host), pointing at the mock's
// authorization and token endpoints (the oauth2 schemes' own, else /oauth/authorize and /oauth/token),
// with openid and the scopes the operations' requirements name; the code flow then runs there.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.js';
import { loadMockApi } from '../../src/openapi/load-mock-api.js';
import type { MockApi } from '../../src/shared/mock-api.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { loadShippingApi, startMock, type RunningMock } from './helpers.js';

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const REDIRECT = 'http://127.0.0.1:3000/oauth2-redirect.html';

async function loadOidc(): Promise<MockApi> {
  const { config } = validateConfig({ openapi: { path: 'openapi', routeBasePath: 'api' } });
  const loaded = await loadMockApi(join(FIXTURES, 'sites/oidc'), config!, { onWarning: () => {} });
  return loaded.api!;
}

let mock: RunningMock;
let shipping: RunningMock;
beforeAll(async () => {
  mock = await startMock(await loadOidc());
  // The default site's document with an openIdConnect scheme added at a relative URL: its oauth2 scheme's endpoints are the ones named.
  const api = await loadShippingApi();
  api.model.securitySchemes.push({
    ...api.model.securitySchemes[0]!,
    key: 'oidc',
    type: 'openIdConnect',
    scheme: undefined,
    flows: [],
    openIdConnectUrl: '/id/.well-known/openid-configuration',
  });
  shipping = await startMock(api);
});
afterAll(() => Promise.all([mock.close(), shipping.close()]));

describe('shipdocs mock: OpenID Connect discovery', () => {
  it('serves the discovery document at the scheme’s URL, with CORS, pointing at the mock’s endpoints', async () => {
    const reply = await mock.send('GET', '/.well-known/openid-configuration', { headers: { origin: 'http://127.0.0.1:3000' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.json()).toMatchObject({
      issuer: 'http://127.0.0.1:4010',
      authorization_endpoint: 'http://127.0.0.1:4010/oauth/authorize',
      token_endpoint: 'http://127.0.0.1:4010/oauth/token',
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(reply.json().scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile']));
    expect((await mock.send('POST', '/.well-known/openid-configuration')).status).toBe(405);
  });

  it('runs the code flow with openid at the endpoints it names', async () => {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: 'docs-site',
      redirect_uri: REDIRECT,
      scope: 'openid profile',
      state: 's1',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
    });
    const back = new URL(String((await mock.send('GET', `/oauth/authorize?${q}`)).headers.location));
    expect(back.searchParams.get('error')).toBeNull();
    const token = await mock.send('POST', '/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: REDIRECT,
        client_id: 'docs-site',
        code_verifier: VERIFIER,
      }).toString(),
    });
    expect(token.status).toBe(200);
    expect(token.json()).toMatchObject({ token_type: 'Bearer', scope: 'openid profile', access_token: expect.stringMatching(/^shipdocs-mock\./) });
  });

  it('a relative openIdConnectUrl: answered with the request’s host, naming the oauth2 scheme’s endpoints', async () => {
    const reply = await shipping.send('GET', '/id/.well-known/openid-configuration', { headers: { host: '127.0.0.1:4321' } });
    expect(reply.status).toBe(200);
    expect(reply.json()).toMatchObject({
      issuer: 'http://127.0.0.1:4321',
      authorization_endpoint: 'http://127.0.0.1:4321/oauth/authorize',
      token_endpoint: 'http://127.0.0.1:4321/oauth/token',
    });
    expect(reply.json().scopes_supported).toEqual(expect.arrayContaining(['openid', 'orders:read']));
  });
});
