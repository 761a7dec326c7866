import { describe, expect, it } from 'vitest';
import { corsHeaders, corsPolicy, preflightHeaders } from '../../src/mock/cors.js';
import { loadFixtureApi, loadShippingApi } from './helpers.js';

describe('CORS', () => {
  it("allows the headers a client sends (the API-key headers and the document's header parameters) and exposes the documented response headers", async () => {
    const shipping = corsPolicy((await loadShippingApi()).model);
    expect(shipping.allowHeaders).toBe('Authorization, Content-Type, Prefer, Accept, X-API-Key, Idempotency-Key');
    expect(shipping.exposeHeaders.split(', ')).toEqual(expect.arrayContaining(['Allow', 'WWW-Authenticate', 'X-RateLimit-Limit', 'Retry-After', 'Location']));
    // Safelisted response headers need no exposing.
    expect(shipping.exposeHeaders).not.toContain('Cache-Control');

    const fixture = corsPolicy((await loadFixtureApi()).model);
    expect(fixture.allowHeaders).toBe('Authorization, Content-Type, Prefer, Accept, X-Key, X-Trace');
    expect(fixture.exposeHeaders).toBe('Allow, WWW-Authenticate, X-Total, X-Mode');
  });

  it('answers any origin without echoing it, and preflights with the methods of the path', async () => {
    const policy = corsPolicy((await loadFixtureApi()).model);
    expect(corsHeaders(policy)).toEqual({ 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Allow, WWW-Authenticate, X-Total, X-Mode' });
    expect(preflightHeaders(policy, ['GET', 'POST'])).toEqual({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'Authorization, Content-Type, Prefer, Accept, X-Key, X-Trace',
      'access-control-max-age': '600',
    });
  });
});
