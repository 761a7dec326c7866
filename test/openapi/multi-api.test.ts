import { describe, expect, it } from 'vitest';
import { loadApi } from '../../src/openapi/load-api.js';
import { fileId } from '../../src/openapi/load/find-apis.js';
import { tempProject } from '../helpers/fixtures.js';
import { configFor } from './helpers.js';

// The routes planned for a site with several APIs: each under its own base, operation slugs per
// API (the same path in two APIs gives the same slug, under two bases), nothing shared.

const doc = (title: string, paths: string[]): string =>
  `openapi: 3.1.0\ninfo: {title: ${title}, version: '1'}\npaths:\n${paths.map((p) => `  ${p}:\n    get:\n      responses: {'200': {description: OK}}\n`).join('')}`;

describe('routes of several APIs', () => {
  it('plans each API under its base, overview first, with slugs of its own', async () => {
    const root = tempProject({
      'specs/shipping.yaml': doc('Shipping', ['/orders', '/orders/{id}', '/status']),
      'specs/tracking.yaml': doc('Tracking', ['/status', '/orders']),
    });
    const config = configFor('unused', {
      openapi: [
        { id: 'shipping', path: 'specs/shipping.yaml' },
        { id: 'tracking', path: 'specs/tracking.yaml', routeBasePath: 'reference/tracking', label: 'Parcel tracking' },
      ],
    });
    const loaded = await loadApi(root, config);
    expect(loaded.diagnostics).toEqual([]);
    const paths = loaded.routes.map((r) => r.path);
    expect(paths).toEqual([
      '/api/shipping',
      '/api/shipping/orders',
      '/api/shipping/orders-id',
      '/api/shipping/status',
      '/reference/tracking',
      '/reference/tracking/status',
      '/reference/tracking/orders',
    ]);
    expect(new Set(paths).size).toBe(paths.length);
    // Each page knows its own API: model, base and previous/next within it.
    const tracking = loaded.routes.filter((r) => r.path.startsWith('/reference/'));
    for (const r of tracking) expect(r.data.kind === 'api' && r.data.page.api.basePath).toBe('/reference/tracking');
    const first = tracking[1]!.data;
    expect(first.kind === 'api' && first.page.kind === 'operation' && first.page.prev).toEqual({ title: 'Tracking', href: '/reference/tracking' });
    expect(loaded.apis!.map((a) => [a.id, a.label, a.basePath])).toEqual([
      ['shipping', 'Shipping', '/api/shipping'],
      ['tracking', 'Parcel tracking', '/reference/tracking'],
    ]);
    // Downloads and exports under each base, the Markdown in one section per API.
    const exported = await loaded.exports!();
    const files = [...loaded.files, ...exported.files].map((f) => f.path);
    expect(files).toContain('api/shipping/openapi.yaml');
    expect(files).toContain('reference/tracking/openapi.yaml');
    expect(files).toContain('reference/tracking/exports/operations/status/universal.md');
    expect(exported.markdown.map((s) => [s.name, s.pages.map((p) => p.route)])).toEqual([
      ['API: Shipping', ['/api/shipping', '/api/shipping/orders', '/api/shipping/orders-id', '/api/shipping/status']],
      ['API: Parcel tracking', ['/reference/tracking', '/reference/tracking/status', '/reference/tracking/orders']],
    ]);
    expect(loaded.title).toBe('Shipping');
  });

  it('keeps the APIs that load when another has errors, and reports those', async () => {
    const root = tempProject({ 'a.yaml': doc('A', ['/a']), 'b.yaml': 'openapi: 3.1.0\ninfo: {title: B}\npaths: {}\n' });
    const loaded = await loadApi(
      root,
      configFor('unused', {
        openapi: [
          { id: 'a', path: 'a.yaml' },
          { id: 'b', path: 'b.yaml' },
        ],
      }),
    );
    expect(loaded.diagnostics.some((d) => d.severity === 'error' && d.file === 'b.yaml')).toBe(true);
    expect(loaded.routes.map((r) => r.path)).toEqual(['/api/a', '/api/a/a']);
  });

  it('names the APIs of a folder after their files, unique', async () => {
    expect(fileId('openapi/Tracking API.v2.yaml')).toBe('tracking-api-v2');
    expect(fileId('openapi/Envíos.json')).toBe('envios');
    expect(fileId('openapi/___.yml')).toBe('api');
    const root = tempProject({
      'openapi/orders.yaml': doc('One', ['/a']),
      'openapi/Orders.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'Two', version: '1' }, paths: {} }),
    });
    const loaded = await loadApi(root, configFor('openapi', { openapi: { path: 'openapi', routeBasePath: 'reference' } }));
    expect(loaded.apis!.map((a) => [a.id, a.basePath, a.label])).toEqual([
      ['orders', '/reference/orders', 'Two'],
      ['orders-2', '/reference/orders-2', 'One'],
    ]);
  });
});
