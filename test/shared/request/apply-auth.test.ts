import { describe, expect, it } from 'vitest';
import type { RequestData, RequestScheme } from '../../../src/shared/api-request.js';
import { authParts, base64, MASK, satisfiedRequirement } from '../../../src/shared/request/apply-auth.js';

const scheme = (over: Partial<RequestScheme> & { key: string; type: string }): RequestScheme => ({
  scheme: undefined,
  in: undefined,
  name: undefined,
  tokenUrl: undefined,
  description: undefined,
  ...over,
});

const schemes = [
  scheme({ key: 'bearer', type: 'http', scheme: 'bearer' }),
  scheme({ key: 'basic', type: 'http', scheme: 'basic' }),
  scheme({ key: 'header', type: 'apiKey', in: 'header', name: 'X-API-Key' }),
  scheme({ key: 'query', type: 'apiKey', in: 'query', name: 'api_key' }),
  scheme({ key: 'cookie', type: 'apiKey', in: 'cookie', name: 'sid' }),
  scheme({ key: 'oauth', type: 'oauth2', tokenUrl: 'https://auth.example/token' }),
  scheme({ key: 'oidc', type: 'openIdConnect' }),
];
const security: RequestData['security'] = [
  { schemes: [{ key: 'bearer', scopes: [] }] },
  { schemes: [{ key: 'basic', scopes: [] }] },
  {
    schemes: [
      { key: 'header', scopes: [] },
      { key: 'query', scopes: [] },
      { key: 'cookie', scopes: [] },
    ],
  },
];

describe('authParts', () => {
  it('sends the first requirement the reader satisfies, every scheme of it together', () => {
    const auth = {
      header: { kind: 'apiKey' as const, value: 'h' },
      query: { kind: 'apiKey' as const, value: 'q&1' },
      cookie: { kind: 'apiKey' as const, value: 'c' },
    };
    expect(satisfiedRequirement(security, auth)).toBe(2);
    expect(authParts({ security, schemes }, auth, 'send', false)).toEqual({
      headers: [['X-API-Key', 'h']],
      query: [['api_key', 'q&1']],
      cookies: [['sid', 'c']],
    });
  });

  it('encodes basic credentials as UTF-8 base64 and masks secrets for samples', () => {
    const auth = { basic: { kind: 'basic' as const, username: 'ana', password: 'contraseña' } };
    expect(authParts({ security, schemes }, auth, 'send', false).headers).toEqual([['Authorization', `Basic ${base64('ana:contraseña')}`]]);
    expect(Buffer.from(base64('ana:contraseña'), 'base64').toString('utf8')).toBe('ana:contraseña');
    expect(authParts({ security, schemes }, auth, 'mask', false).headers).toEqual([['Authorization', `Basic ${MASK}`]]);
    const bearer = { bearer: { kind: 'bearer' as const, token: 'secret-token' } };
    expect(authParts({ security, schemes }, bearer, 'mask', false).headers).toEqual([['Authorization', `Bearer ${MASK}`]]);
  });

  it('shows placeholders when no requirement is satisfied (samples), nothing when sending', () => {
    expect(authParts({ security, schemes }, {}, 'mask', true).headers).toEqual([['Authorization', 'Bearer <token>']]);
    expect(authParts({ security, schemes }, {}, 'send', false)).toEqual({ headers: [], query: [], cookies: [] });
    const oauth = [{ schemes: [{ key: 'oauth', scopes: ['read'] }] }];
    expect(authParts({ security: oauth, schemes }, {}, 'mask', true).headers).toEqual([['Authorization', 'Bearer <access-token>']]);
    const oidc = [{ schemes: [{ key: 'oidc', scopes: ['openid'] }] }];
    expect(authParts({ security: oidc, schemes }, {}, 'mask', true).headers).toEqual([['Authorization', 'Bearer <access-token>']]);
  });

  it('sends nothing for an operation without security or with anonymous access first', () => {
    expect(authParts({ security: [], schemes }, {}, 'send', true)).toEqual({ headers: [], query: [], cookies: [] });
    expect(satisfiedRequirement([{ schemes: [] }], {})).toBe(0);
  });
});
