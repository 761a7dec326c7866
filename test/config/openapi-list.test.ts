import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.js';

// `openapi` as a list of APIs: what is accepted, its defaults, and each refusal with its message.

const messages = (raw: unknown): string[] => validateConfig(raw).diagnostics.map((d) => `${d.pointer}: ${d.message}`);

describe('openapi as a list', () => {
  it('takes a list of APIs: route base api/<id> and no label by default, route bases trimmed of slashes', () => {
    const { config, diagnostics } = validateConfig({
      openapi: [
        { id: 'shipping', path: 'openapi/shipping.yaml' },
        { id: 'tracking', path: 'specs/tracking', routeBasePath: '/reference/tracking/', label: 'Tracking', proxyUrl: 'https://cors.example.com/' },
      ],
    });
    expect(diagnostics).toEqual([]);
    expect(config!.openapi).toEqual([
      { id: 'shipping', path: 'openapi/shipping.yaml', routeBasePath: 'api/shipping' },
      { id: 'tracking', path: 'specs/tracking', routeBasePath: 'reference/tracking', label: 'Tracking', proxyUrl: 'https://cors.example.com/' },
    ]);
  });

  it('keeps the single-object form and its defaults as they were', () => {
    expect(validateConfig({}).config!.openapi).toEqual({ path: 'openapi', routeBasePath: 'api' });
    expect(validateConfig({ openapi: { path: 'spec.yaml', routeBasePath: 'reference' } }).config!.openapi).toEqual({
      path: 'spec.yaml',
      routeBasePath: 'reference',
    });
    expect(validateConfig({ openapi: false }).config!.openapi).toBe(false);
  });

  it('refuses an id that is not a lowercase slug, and a missing id or path', () => {
    const slug = 'must be a lowercase slug: letters a-z, digits and single "-" between them, e.g. "shipping"';
    expect(messages({ openapi: [{ id: 'Shipping API', path: 'a.yaml' }] })).toEqual([`/openapi/0/id: "openapi[0].id": ${slug}.`]);
    expect(messages({ openapi: [{ path: 'a.yaml' }, { id: 'b' }] })).toEqual([
      '/openapi/0/id: "openapi[0].id": expected string, received nothing.',
      '/openapi/1/path: "openapi[1].path": expected string, received nothing.',
    ]);
  });

  it('refuses an empty list', () => {
    expect(messages({ openapi: [] })).toEqual(['/openapi: "openapi": list at least one API, or write `openapi: false` for a site without an API reference.']);
  });

  it('refuses an id used twice', () => {
    expect(
      messages({
        openapi: [
          { id: 'shipping', path: 'a.yaml' },
          { id: 'shipping', path: 'b.yaml', routeBasePath: 'other' },
        ],
      }),
    ).toEqual(['/openapi/1/id: "openapi[1].id": "shipping" is already the id of openapi[0]; each API needs its own id.']);
  });

  it('refuses a route base used twice, and one inside another', () => {
    expect(
      messages({
        openapi: [
          { id: 'a', path: 'a.yaml', routeBasePath: 'api' },
          { id: 'b', path: 'b.yaml', routeBasePath: 'api/' },
        ],
      }),
    ).toEqual([
      '/openapi/1/routeBasePath: "openapi[1].routeBasePath": "/api" is also the route base of "/api" of openapi[0] ("a"); give each API a route base of its own, none inside another.',
    ]);
    expect(
      messages({
        openapi: [
          { id: 'a', path: 'a.yaml', routeBasePath: 'api' },
          { id: 'b', path: 'b.yaml' },
        ],
      }),
    ).toEqual([
      '/openapi/1/routeBasePath: "openapi[1].routeBasePath": "/api/b" overlaps the route base "/api" of openapi[0] ("a"); give each API a route base of its own, none inside another.',
    ]);
    // Sharing a prefix of letters is not nesting.
    expect(
      messages({
        openapi: [
          { id: 'api', path: 'a.yaml', routeBasePath: 'api' },
          { id: 'apis', path: 'b.yaml', routeBasePath: 'apis' },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses a route base that clashes with the docs or the blog', () => {
    expect(
      messages({
        openapi: [
          { id: 'a', path: 'a.yaml', routeBasePath: 'docs/api' },
          { id: 'b', path: 'b.yaml', routeBasePath: 'news' },
        ],
        blog: { routeBasePath: 'news' },
      }),
    ).toEqual([
      '/openapi/0/routeBasePath: "openapi[0].routeBasePath": "/docs/api" clashes with the docs under "/docs"; choose a route base outside them (the default is "api/a").',
      '/openapi/1/routeBasePath: "openapi[1].routeBasePath": "/news" clashes with the blog under "/news"; choose a route base outside them (the default is "api/b").',
    ]);
    expect(messages({ openapi: [{ id: 'a', path: 'a.yaml', routeBasePath: 'docs' }], docs: false })).toEqual([]);
  });

  it('rejects unknown keys of an entry with a "did you mean"', () => {
    expect(messages({ openapi: [{ id: 'a', path: 'a.yaml', lable: 'A' }] })).toEqual([
      '/openapi/0/lable: Unknown key "lable" in "openapi[0]". Did you mean "label"?',
    ]);
  });
});
