import { describe, expect, it } from 'vitest';
import { connectSources, serverSources } from '../../../src/render/html/connect-sources.js';
import type { ApiServer } from '../../../src/shared/api-model.js';
import { loadApi } from '../../../src/openapi/load-api.js';
import { tempProject } from '../../helpers/fixtures.js';
import { configFor } from '../../openapi/helpers.js';

// The Content-Security-Policy's connect-src: the origins the try-it can reach, and no more.

function server(url: string, variables: { name: string; default: string; enum?: string[] }[] = []): ApiServer {
  const resolvedUrl = url.replace(/\{([^}]+)\}/g, (whole, name: string) => variables.find((v) => v.name === name)?.default ?? whole);
  return {
    url,
    resolvedUrl,
    description: undefined,
    sandbox: false,
    variables: variables.map((v) => ({ name: v.name, default: v.default, enum: v.enum ?? [], description: undefined })),
  };
}

describe("a server's sources", () => {
  it('are its origin: scheme, host and port, without the path', () => {
    expect(serverSources(server('https://api.example.com/v1'))).toEqual(['https://api.example.com']);
    expect(serverSources(server('http://127.0.0.1:4010'))).toEqual(['http://127.0.0.1:4010']);
    expect(serverSources(server('HTTPS://API.Example.com:443/v1'))).toEqual(['https://api.example.com']);
  });

  it('are none for a relative server: the site itself', () => {
    expect(serverSources(server('/v1'))).toEqual([]);
    expect(serverSources(server('{base}/v1', [{ name: 'base', default: '' }]))).toEqual(['http:', 'https:']);
  });

  it('list every origin a variable with an enum makes, and ignore variables of the path', () => {
    const s = server('https://{env}.example.com/{version}', [
      { name: 'env', default: 'api', enum: ['api', 'sandbox'] },
      { name: 'version', default: 'v1' },
    ]);
    expect(serverSources(s)).toEqual(['https://api.example.com', 'https://sandbox.example.com']);
    const whole = server('{server}/v1', [{ name: 'server', default: 'https://eu.example.com', enum: ['https://eu.example.com', 'https://us.example.com'] }]);
    expect(serverSources(whole)).toEqual(['https://eu.example.com', 'https://us.example.com']);
  });

  it('use the narrowest wildcard CSP has for a variable the reader may type', () => {
    expect(serverSources(server('https://{tenant}.example.com/v1', [{ name: 'tenant', default: 'acme' }]))).toEqual(['https://*.example.com']);
    expect(serverSources(server('http://localhost:{port}', [{ name: 'port', default: '8080' }]))).toEqual(['http://localhost:*']);
    expect(serverSources(server('{scheme}://api.example.com', [{ name: 'scheme', default: 'https' }]))).toEqual([
      'http://api.example.com',
      'https://api.example.com',
    ]);
    // CSP's `*.` stands for any number of labels: every subdomain of the fixed domain after the variable.
    expect(serverSources(server('https://api.{region}.example.com', [{ name: 'region', default: 'eu' }]))).toEqual(['https://*.example.com']);
    // No fixed domain to put the wildcard on: the scheme alone.
    expect(serverSources(server('https://{host}', [{ name: 'host', default: 'api.example.com' }]))).toEqual(['https:']);
    expect(serverSources(server('https://api.example.{tld}', [{ name: 'tld', default: 'com' }]))).toEqual(['https:']);
    expect(serverSources(server('{server}', [{ name: 'server', default: 'https://api.example.com' }]))).toEqual(['http:', 'https:']);
  });

  it('fall back to the wildcard when an enum makes too many origins', () => {
    const values = Array.from({ length: 30 }, (_, i) => `r${i}`);
    expect(serverSources(server('https://{region}.example.com', [{ name: 'region', default: 'r0', enum: values }]))).toEqual(['https://*.example.com']);
  });
});

describe("a site's connect-src sources", () => {
  it("are the document's, path's and operation's servers, the OAuth token URLs and the proxy, once each and sorted", async () => {
    const spec = [
      'openapi: 3.0.3',
      'info: { title: T, version: "1" }',
      'servers:',
      '  - url: https://api.example.com/v1',
      '  - url: http://127.0.0.1:4010',
      '  - url: /relative',
      'paths:',
      '  /a:',
      '    servers: [{ url: "https://a.example.com" }]',
      '    get:',
      '      responses: { "200": { description: ok } }',
      '  /b:',
      '    get:',
      '      servers: [{ url: "https://api.example.com/v2" }, { url: "https://{region}.b.example.com", variables: { region: { default: eu } } }]',
      '      responses: { "200": { description: ok } }',
      'components:',
      '  securitySchemes:',
      '    oauth:',
      '      type: oauth2',
      '      flows:',
      '        clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: {} }',
      '        authorizationCode: { authorizationUrl: "https://login.example.com/a", tokenUrl: "https://login.example.com/t", scopes: {} }',
      '        implicit: { authorizationUrl: "https://implicit.example.com/a", scopes: {} }',
      '        password: { tokenUrl: "https://password.example.com/t", scopes: {} }',
      '    oidc: { type: openIdConnect, openIdConnectUrl: "https://id.example.com/.well-known/openid-configuration" }',
      '',
    ].join('\n');
    const loaded = await loadApi(tempProject({ 'openapi/api.yaml': spec }), configFor('openapi'));
    const first = loaded.routes[0]!.data;
    if (first.kind !== 'api') throw new Error('no API');
    expect(connectSources(first.page.api, 'http://127.0.0.1:8787/cors')).toEqual([
      'http://127.0.0.1:4010',
      'http://127.0.0.1:8787',
      'https://*.b.example.com',
      'https://a.example.com',
      'https://api.example.com',
      'https://auth.example.com',
      // The OpenID Connect discovery document (read by the panel; its token endpoint is expected there too).
      'https://id.example.com',
      // The authorization-code flow's token URL (the panel exchanges the code there); its authorization URL is a navigation, not a fetch.
      'https://login.example.com',
      // The password flow's token URL; the implicit flow's authorization URL is a navigation, not a fetch.
      'https://password.example.com',
    ]);
    expect(connectSources(undefined, undefined)).toEqual([]);
    // openapi.oauth.<scheme>.tokenUrl: a token endpoint the discovery document names elsewhere (Google's).
    expect(connectSources(first.page.api, undefined, ['https://oauth2.googleapis.com/token'])).toContain('https://oauth2.googleapis.com');
  });
});
