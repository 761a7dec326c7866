import { beforeAll, describe, expect, it } from 'vitest';
import { checkAuth, type Credentials } from '../../src/mock/check-auth.js';
import type { MockApi } from '../../src/shared/mock-api.js';
import { loadFixtureApi, operation } from './helpers.js';

let api: MockApi;
beforeAll(async () => {
  api = await loadFixtureApi();
});

const request = (init: { headers?: Record<string, string>; query?: string; cookies?: Record<string, string> } = {}): Credentials => ({
  headers: init.headers ?? {},
  query: new URLSearchParams(init.query ?? ''),
  cookies: init.cookies ?? {},
});
const ok = (method: string, path: string, init: Parameters<typeof request>[0] = {}): boolean =>
  checkAuth(operation(api.model, method, path).security, api.model.securitySchemes, request(init)).ok;
const basic = (userPassword: string): string => `Basic ${Buffer.from(userPassword).toString('base64')}`;

describe('checkAuth', () => {
  it('accepts a bearer token or HTTP Basic credentials (the document default), by shape only', () => {
    expect(ok('get', '/pets/mine', { headers: { authorization: 'Bearer anything' } })).toBe(true);
    expect(ok('get', '/pets/mine', { headers: { authorization: 'bearer x.y.z' } })).toBe(true);
    expect(ok('get', '/pets/mine', { headers: { authorization: basic('user:secret') } })).toBe(true);
    expect(ok('get', '/pets/mine', { headers: { authorization: basic('no-colon') } })).toBe(false);
    expect(ok('get', '/pets/mine', { headers: { authorization: 'Basic %%%' } })).toBe(false);
    expect(ok('get', '/pets/mine', { headers: { authorization: basic(':') } })).toBe(false);
    expect(ok('get', '/pets/mine', { headers: { authorization: 'Bearer' } })).toBe(false);
    expect(ok('get', '/pets/mine', { headers: { authorization: 'Token abc' } })).toBe(false);
    expect(ok('get', '/pets/mine')).toBe(false);
  });

  it('finds API keys in the query, a cookie or a header, where the scheme puts them', () => {
    expect(ok('post', '/pets', { query: 'api_key=k' })).toBe(true);
    expect(ok('post', '/pets', { query: 'api_key=' })).toBe(false);
    expect(ok('post', '/pets', { headers: { 'x-key': 'k' } })).toBe(false);
    expect(ok('get', '/pets/{petId}', { cookies: { sid: 'k' } })).toBe(true);
    expect(ok('get', '/pets/{petId}', { query: 'sid=k' })).toBe(false);
  });

  it('needs every scheme of a requirement together (OAuth 2 as a bearer token)', () => {
    expect(ok('delete', '/pets/{petId}', { headers: { authorization: 'Bearer t', 'x-key': 'k' } })).toBe(true);
    expect(ok('delete', '/pets/{petId}', { headers: { authorization: 'Bearer t' } })).toBe(false);
    expect(ok('delete', '/pets/{petId}', { headers: { 'x-key': 'k' } })).toBe(false);
  });

  it('lets requests without credentials through an anonymous alternative ({}) or `security: []`', () => {
    expect(ok('get', '/pets')).toBe(true);
    expect(ok('get', '/files/{name}.{ext}')).toBe(true);
  });

  it('says which credentials would do, and challenges for the Authorization-header schemes', () => {
    const result = checkAuth(operation(api.model, 'delete', '/pets/{petId}').security, api.model.securitySchemes, request());
    expect(result).toEqual({
      ok: false,
      message:
        'This operation needs credentials: an OAuth 2 access token as "Authorization: Bearer <token>" (oauth) together with an API key in the X-Key header (headerKey).',
      challenges: ['Bearer realm="shipdocs mock"'],
    });
    const byDefault = checkAuth(operation(api.model, 'get', '/pets/mine').security, api.model.securitySchemes, request());
    expect(byDefault.ok ? [] : byDefault.challenges).toEqual(['Bearer realm="shipdocs mock"', 'Basic realm="shipdocs mock"']);
  });
});
