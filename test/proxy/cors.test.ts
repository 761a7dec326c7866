import { describe, expect, it } from 'vitest';
import { preflightHeaders, withCorsHeaders } from '../../src/proxy/cors.js';
import { pairs } from './helpers.js';

describe("the proxy's CORS", () => {
  it('allows the method and headers a preflight asks for, for any origin', () => {
    expect(
      pairs(
        preflightHeaders({
          origin: 'https://docs.example.com',
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'authorization,x-proxy-cookie,x-api-key',
        }),
      ),
    ).toEqual([
      ['Access-Control-Allow-Origin', '*'],
      ['Access-Control-Allow-Methods', 'DELETE'],
      ['Access-Control-Max-Age', '600'],
      ['Access-Control-Allow-Headers', 'authorization,x-proxy-cookie,x-api-key'],
      ['Vary', 'Access-Control-Request-Method, Access-Control-Request-Headers'],
    ]);
    const privateNetwork = preflightHeaders({
      origin: 'https://docs.example.com',
      'access-control-request-method': 'GET',
      'access-control-request-private-network': 'true',
    });
    expect(privateNetwork).toContain('Access-Control-Allow-Private-Network');
    expect(privateNetwork).not.toContain('Access-Control-Allow-Headers');
  });

  it('exposes every header of a response, once each', () => {
    expect(pairs(withCorsHeaders(['Content-Type', 'application/json', 'X-RateLimit-Limit', '100', 'Link', 'a', 'Link', 'b']))).toEqual([
      ['Content-Type', 'application/json'],
      ['X-RateLimit-Limit', '100'],
      ['Link', 'a'],
      ['Link', 'b'],
      ['Access-Control-Allow-Origin', '*'],
      ['Access-Control-Expose-Headers', 'Content-Type, X-RateLimit-Limit, Link'],
    ]);
    expect(withCorsHeaders([])).toEqual(['Access-Control-Allow-Origin', '*']);
  });
});
