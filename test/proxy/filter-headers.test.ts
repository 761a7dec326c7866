import { describe, expect, it } from 'vitest';
import { headerNames, headersFromTarget, headersToTarget } from '../../src/proxy/filter-headers.js';
import { flat, pairs } from './helpers.js';

const target = new URL('https://api.example.com/v1/quoter?a=1');

describe('headers sent to the target', () => {
  it("keeps the request's own headers, sets Host, and drops what is about the browser, the page or the connection", () => {
    const raw = flat([
      ['Host', '127.0.0.1:8787'],
      ['Connection', 'keep-alive, X-Hop'],
      ['Keep-Alive', 'timeout=5'],
      ['Transfer-Encoding', 'chunked'],
      ['Upgrade', 'h2c'],
      ['TE', 'trailers'],
      ['Trailer', 'X-Sum'],
      ['Proxy-Authorization', 'Basic cHJveHk6cHJveHk='],
      ['Proxy-Connection', 'keep-alive'],
      ['X-Hop', 'listed in Connection'],
      ['Origin', 'https://docs.example.com'],
      ['Referer', 'https://docs.example.com/api/quoter'],
      ['Cookie', 'docs_session=abc'],
      ['Sec-Fetch-Mode', 'cors'],
      ['sec-ch-ua', '"Chromium"'],
      ['Access-Control-Request-Method', 'POST'],
      ['Access-Control-Request-Headers', 'authorization'],
      ['Content-Length', '999'],
      ['Expect', '100-continue'],
      ['Authorization', 'Bearer secret-token'],
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json'],
      ['X-API-Key', 'rk_live_1'],
      ['Idempotency-Key', 'k1'],
      ['User-Agent', 'Mozilla/5.0'],
      ['X-Custom', 'one'],
      ['X-Custom', 'two'],
    ]);
    expect(pairs(headersToTarget(raw, target, 17))).toEqual([
      ['Host', 'api.example.com'],
      ['Authorization', 'Bearer secret-token'],
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json'],
      ['X-API-Key', 'rk_live_1'],
      ['Idempotency-Key', 'k1'],
      ['User-Agent', 'Mozilla/5.0'],
      ['X-Custom', 'one'],
      ['X-Custom', 'two'],
      ['Content-Length', '17'],
    ]);
  });

  it('turns X-Proxy-Cookie into Cookie, and sends no Content-Length without a body', () => {
    const raw = ['Cookie', 'docs=1', 'X-Proxy-Cookie', 'a=1; b=2', 'x-proxy-cookie', 'c=3'];
    expect(pairs(headersToTarget(raw, new URL('http://127.0.0.1:4010/x'), undefined))).toEqual([
      ['Host', '127.0.0.1:4010'],
      ['Cookie', 'a=1; b=2; c=3'],
    ]);
  });
});

describe('headers sent back to the browser', () => {
  it("keeps the target's headers but hop-by-hop ones, Set-Cookie and its own CORS headers", () => {
    const raw = flat([
      ['Content-Type', 'application/json'],
      ['Content-Length', '42'],
      ['Connection', 'keep-alive, X-Internal'],
      ['Keep-Alive', 'timeout=5'],
      ['Transfer-Encoding', 'chunked'],
      ['X-Internal', 'hop'],
      ['Proxy-Authenticate', 'Basic'],
      ['Set-Cookie', 'session=abc; HttpOnly'],
      ['Set-Cookie', 'other=1'],
      ['Access-Control-Allow-Origin', 'https://only.example.com'],
      ['Access-Control-Allow-Credentials', 'true'],
      ['X-RateLimit-Limit', '100'],
      ['Location', '/v1/shipments/1'],
      ['Link', '<a>; rel=next'],
      ['Link', '<b>; rel=last'],
    ]);
    expect(pairs(headersFromTarget(raw))).toEqual([
      ['Content-Type', 'application/json'],
      ['Content-Length', '42'],
      ['X-RateLimit-Limit', '100'],
      ['Location', '/v1/shipments/1'],
      ['Link', '<a>; rel=next'],
      ['Link', '<b>; rel=last'],
    ]);
  });

  it('names each header once', () => {
    expect(headerNames(['Link', 'a', 'Content-Type', 'x', 'link', 'b'])).toEqual(['Link', 'Content-Type']);
  });
});
