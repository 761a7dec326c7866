// What the try-it's live region says at each step of a request (client/api/try-it-phase.ts): one
// short sentence per step, in every UI language, nothing when the try-it is back to its form, and
// a cancel told as what the reader did rather than as an error.
import { describe, expect, it } from 'vitest';
import { translate, type Lang } from '../../../src/shared/i18n.js';
import { phaseWords, type Phase } from '../../../src/client/api/try-it-phase.js';
import type { RunResult } from '../../../src/client/api/run-result.js';

const said = (phase: Phase, lang: Lang = 'en'): string =>
  phaseWords(phase)
    .map((w) => (typeof w === 'string' ? w : translate(lang, w.k)))
    .join('');

const result: RunResult = { status: 201, statusText: 'Created', ms: 12, size: 2, headers: [], contentType: 'application/json', text: '{}', blob: undefined };
const failed = (reason: 'unreachable' | 'cors' | 'timeout' | 'cancelled'): Phase => ({
  kind: 'failed',
  failure: { reason, message: 'detail' },
  proxied: false,
});

describe('the try-it’s live region', () => {
  it('says each step in one sentence, in both languages', () => {
    expect(said({ kind: 'executing', controller: new AbortController() })).toBe('Executing…');
    expect(said({ kind: 'done', result })).toBe('Response: 201 Created');
    expect(said({ kind: 'done', result: { ...result, status: 204, statusText: '' } })).toBe('Response: 204');
    expect(said({ kind: 'missing', names: ['id', 'page'] })).toBe('Missing required parameters: id, page');
    expect(said({ kind: 'invalid' })).toBe('Invalid JSON');
    expect(said({ kind: 'confirm' })).toBe('This server is not a sandbox. Send the request anyway?');
    expect(said(failed('unreachable'))).toMatch(/^Request error\. The server could not be reached/);
    expect(said(failed('cors'))).toMatch(/^Request error\. The server answered, but the browser blocked/);
    expect(said({ kind: 'done', result }, 'es')).toBe('Respuesta: 201 Created');
    expect(said({ kind: 'executing', controller: new AbortController() }, 'es')).toBe('Ejecutando…');
  });

  it('says a cancel as what the reader did, and nothing when back to the form', () => {
    expect(said(failed('cancelled'))).toBe('You cancelled the request.');
    expect(said(failed('cancelled'), 'es')).not.toMatch(/error/i);
    expect(phaseWords({ kind: 'idle' })).toEqual([]);
  });
});
