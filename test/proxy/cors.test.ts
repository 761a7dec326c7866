import { describe, expect, it } from 'vitest';
import { preflightHeaders, withCorsHeaders } from '../../src/proxy/cors.js';
import { isAllowedOrigin, parseOrigin, refusedOriginMessage } from '../../src/proxy/origins.js';
import { pairs } from './helpers.js';

describe("the proxy's CORS", () => {
  it('allows the method and headers a preflight asks for, echoing the allowed origin', () => {
    expect(
      pairs(
        preflightHeaders(
          {
            origin: 'https://docs.example.com',
            'access-control-request-method': 'DELETE',
            'access-control-request-headers': 'authorization,x-proxy-cookie,x-api-key',
          },
          'https://docs.example.com',
        ),
      ),
    ).toEqual([
      ['Access-Control-Allow-Origin', 'https://docs.example.com'],
      ['Access-Control-Allow-Methods', 'DELETE'],
      ['Access-Control-Max-Age', '600'],
      ['Access-Control-Allow-Headers', 'authorization,x-proxy-cookie,x-api-key'],
      ['Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers'],
    ]);
    const privateNetwork = preflightHeaders(
      {
        origin: 'https://docs.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-private-network': 'true',
      },
      'https://docs.example.com',
    );
    expect(privateNetwork).toContain('Access-Control-Allow-Private-Network');
    expect(privateNetwork).not.toContain('Access-Control-Allow-Headers');
  });

  it('exposes every header of a response, once each', () => {
    expect(pairs(withCorsHeaders(['Content-Type', 'application/json', 'X-RateLimit-Limit', '100', 'Link', 'a', 'Link', 'b'], 'http://localhost:3000'))).toEqual(
      [
        ['Content-Type', 'application/json'],
        ['X-RateLimit-Limit', '100'],
        ['Link', 'a'],
        ['Link', 'b'],
        ['Access-Control-Allow-Origin', 'http://localhost:3000'],
        ['Access-Control-Expose-Headers', 'Content-Type, X-RateLimit-Limit, Link'],
        ['Vary', 'Origin'],
      ],
    );
    expect(withCorsHeaders([], 'http://localhost:3000')).toEqual(['Access-Control-Allow-Origin', 'http://localhost:3000', 'Vary', 'Origin']);
  });

  it('adds no CORS header but Vary to the answer of a request without an Origin (curl, a script)', () => {
    expect(withCorsHeaders(['Content-Type', 'text/plain'], undefined)).toEqual(['Content-Type', 'text/plain', 'Vary', 'Origin']);
  });
});

describe('the origins the proxy answers', () => {
  const sites = ['https://docs.example.com'];
  it("answers the site's origins and this machine's loopback on any port, nothing else", () => {
    expect(isAllowedOrigin('https://docs.example.com', sites)).toBe(true);
    expect(isAllowedOrigin('https://DOCS.example.com:443', sites)).toBe(true);
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:5173', 'http://[::1]:3000', 'http://localhost'])
      expect(isAllowedOrigin(local, sites)).toBe(true);
    for (const other of [
      'https://evil.example',
      'http://docs.example.com',
      'https://docs.example.com:8443',
      'https://docs.example.com.evil.example',
      'https://localhost.evil.example',
      'http://127.0.0.2:3000',
      'null',
      '',
      'file://',
    ])
      expect(isAllowedOrigin(other, sites), other).toBe(false);
  });

  it('reads --origin values as origins, refusing what is not an http(s) origin', () => {
    expect(parseOrigin('https://Docs.Example.com/guide/')).toEqual({ origin: 'https://docs.example.com' });
    expect(parseOrigin('http://192.168.1.20:3000')).toEqual({ origin: 'http://192.168.1.20:3000' });
    expect(parseOrigin('docs.example.com')).toEqual({ error: expect.stringContaining('is not an origin') });
    expect(parseOrigin('ftp://docs.example.com')).toEqual({ error: expect.stringContaining('not an http or https origin') });
  });

  it('says why a page is refused and names --origin', () => {
    expect(refusedOriginMessage('https://evil.example')).toBe(
      'The proxy does not answer pages of https://evil.example: it answers only the sites it serves. Whoever runs the proxy can allow this site by starting it with --origin https://evil.example.',
    );
  });
});
