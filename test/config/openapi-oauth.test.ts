// Config `openapi.oauth`: per scheme, a public client id and default scopes for the authorization
// panel; a client secret is refused with an error that names the config file.
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.js';
import { oauthDefaults } from '../../src/config/openapi-schema.js';

describe('config openapi.oauth', () => {
  it('takes a client id and scopes per scheme, for one API or each of a list', () => {
    const one = validateConfig({ openapi: { path: 'openapi', oauth: { oidc: { clientId: 'docs-site', scopes: ['profile'] } } } });
    expect(one.diagnostics).toEqual([]);
    expect(oauthDefaults(one.config!.openapi, '/api')).toEqual({ oidc: { clientId: 'docs-site', scopes: ['profile'] } });
    const list = validateConfig({
      openapi: [
        { id: 'a', path: 'a.yaml', oauth: { login: { clientId: 'x' } } },
        { id: 'b', path: 'b.yaml' },
      ],
    });
    expect(list.diagnostics).toEqual([]);
    expect(oauthDefaults(list.config!.openapi, '/api/a')).toEqual({ login: { clientId: 'x' } });
    expect(oauthDefaults(list.config!.openapi, '/api/b')).toBeUndefined();
  });

  it('refuses a client secret, naming the file, and a scope with a space', () => {
    const { config, diagnostics } = validateConfig(
      { openapi: { path: 'openapi', oauth: { oidc: { clientId: 'docs-site', clientSecret: 's3cret' } } } },
      { file: 'site.config.ts', source: 'export default {}\n' },
    );
    expect(config).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ file: 'site.config.ts' });
    expect(diagnostics[0]!.message).toMatch(/openapi\.oauth\.oidc\.clientSecret.*a client secret must not be in the site config/s);
    expect(JSON.stringify(diagnostics)).not.toContain('s3cret');
    const spaced = validateConfig({ openapi: { path: 'openapi', oauth: { oidc: { scopes: ['read write'] } } } });
    expect(spaced.diagnostics[0]!.message).toMatch(/a scope is one word/);
  });

  it('takes the token endpoint a discovery document names on another origin, as an http(s) URL', () => {
    const google = validateConfig({ openapi: { path: 'openapi', oauth: { google: { clientId: 'x', tokenUrl: 'https://oauth2.googleapis.com/token' } } } });
    expect(google.diagnostics).toEqual([]);
    expect(oauthDefaults(google.config!.openapi, '/api')?.google?.tokenUrl).toBe('https://oauth2.googleapis.com/token');
    expect(validateConfig({ openapi: { path: 'openapi', oauth: { google: { tokenUrl: 'javascript:alert(1)' } } } }).diagnostics).toHaveLength(1);
  });
});
