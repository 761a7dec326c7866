import { describe, expect, it } from 'vitest';
import { AUTH_CHANGE_EVENT, rememberStorageKey } from '../../../src/shared/api-auth.js';
import * as events from '../../../src/client/api/auth-event.js';
import * as sample from '../../../src/client/api/sample-language.js';
import { SAMPLE_LANGUAGE_KEY, SNIPPET_TARGETS } from '../../../src/shared/snippets/targets.js';
import { jsonProblem } from '../../../src/client/api/json-error.js';
import { proxiedUrl } from '../../../src/client/api/proxy-url.js';
import { tokenOf } from '../../../src/client/api/token.js';
import type { RunResult } from '../../../src/client/api/run-result.js';

describe('the API panels’ pure parts', () => {
  it('locates a JSON error by line and column', () => {
    expect(jsonProblem('{"a": 1}')).toBeUndefined();
    expect(jsonProblem('')).toBeUndefined();
    const p = jsonProblem('{\n  "a": 1,\n  "b": }');
    expect(p).toMatchObject({ line: 3, column: 8 });
  });

  it('puts the target of a proxied request in the url parameter, keeping the proxy’s own', () => {
    expect(proxiedUrl('https://proxy.example/cors?team=a', 'https://api.example/v1/x?y=1&z=2')).toBe(
      'https://proxy.example/cors?team=a&url=https%3A%2F%2Fapi.example%2Fv1%2Fx%3Fy%3D1%26z%3D2',
    );
  });

  it('finds an access token in a successful JSON response only', () => {
    const result = (over: Partial<RunResult>): RunResult => ({
      status: 200,
      statusText: 'OK',
      ms: 1,
      size: 1,
      headers: [],
      contentType: 'application/json',
      text: '{"access_token":"eyJ","expires_in":3600}',
      blob: undefined,
      ...over,
    });
    expect(tokenOf(result({}))).toBe('eyJ');
    expect(tokenOf(result({ status: 401 }))).toBeUndefined();
    expect(tokenOf(result({ text: '{"data":[]}' }))).toBeUndefined();
    expect(tokenOf(result({ contentType: 'text/plain' }))).toBeUndefined();
  });

  it('names the credentials event the same on both sides (the entry mirrors it)', () => {
    expect(events.AUTH_CHANGE_EVENT).toBe(AUTH_CHANGE_EVENT);
    expect(events.rememberStorageKey('shipdocs.auth:/api')).toBe(rememberStorageKey('shipdocs.auth:/api'));
  });

  it('reads the sample language under the key the samples write, curl being the server’s (the entry mirrors them)', () => {
    expect(sample.SAMPLE_LANGUAGE_KEY).toBe(SAMPLE_LANGUAGE_KEY);
    expect(sample.DEFAULT_SAMPLE).toBe(SNIPPET_TARGETS[0]!.id);
  });
});
