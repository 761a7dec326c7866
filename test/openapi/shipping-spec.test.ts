import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createConfig, lint } from '@redocly/openapi-core';
import { loadApi } from '../../src/openapi/load-api.js';
import { REPO } from '../helpers/fixtures.js';
import { configFor } from './helpers.js';

// Our own document, openapi/shipping.yaml: it must lint clean and yield exactly the spec's pages.

describe('openapi/shipping.yaml', () => {
  it('has no problem under Redocly’s recommended rules', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lint({ ref: join(REPO, 'openapi/shipping.yaml'), config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('yields exactly the API routes of the product spec', async () => {
    const api = await loadApi(REPO, configFor('openapi'));
    expect(api.diagnostics).toEqual([]);
    expect(api.routes[0]!.path).toBe('/api');
    expect(
      api.routes
        .slice(1)
        .map((r) => r.path.slice('/api/'.length))
        .sort(),
    ).toEqual(
      [
        'addresses',
        'addresses-1',
        'addresses-id',
        'addresses-id-1',
        'addresses-id-2',
        'auth-client',
        'auth-user-info',
        'available',
        'client-webhook',
        'courier-available',
        'courier-shiphero',
        'quoter',
        'shiphero-orders',
        'shiphero-orders-order-id',
        'shiphero-orders-search',
        'shiphero-products',
        'shipment',
        'shipment-id',
        'states',
        'tracking-id',
      ].sort(),
    );
    const page = api.routes[0]!.data;
    if (page.kind !== 'api') throw new Error('not an API page');
    const { api: model } = page.page;
    expect(model.securitySchemes.map((s) => [s.type, s.scheme ?? s.in].filter(Boolean).join(':'))).toEqual([
      'http:bearer',
      'http:basic',
      'apiKey:header',
      'oauth2',
    ]);
    expect(model.servers.map((s) => s.url)).toEqual(['https://api.rutapack.example/v1', 'https://sandbox.rutapack.example/v1', 'http://127.0.0.1:4010']);
    expect(model.webhooks.map((w) => w.name)).toEqual(['shipmentStatusChanged']);
  });
});
