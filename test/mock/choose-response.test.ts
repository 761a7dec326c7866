import { beforeAll, describe, expect, it } from 'vitest';
import { chooseResponse, mediaMatches, parsePrefer, pickMedia } from '../../src/mock/choose-response.js';
import type { MockApi } from '../../src/shared/mock-api.js';
import { loadFixtureApi, operation } from './helpers.js';

let api: MockApi;
beforeAll(async () => {
  api = await loadFixtureApi();
});

const summary = (method: string, path: string, prefer: string | undefined, accept?: string): string => {
  const chosen = chooseResponse(operation(api.model, method, path), parsePrefer(prefer), accept);
  if ('missing' in chosen) return chosen.missing;
  return `${chosen.status} ${chosen.media?.mediaType ?? '-'} ${chosen.example ? (chosen.example.name ?? 'unnamed') : '-'}`;
};

describe('parsePrefer', () => {
  it("reads Prism's preferences from one header or several, comma or semicolon separated", () => {
    expect(parsePrefer('code=404')).toEqual({ code: '404' });
    expect(parsePrefer('code=404, example=empty')).toEqual({ code: '404', example: 'empty' });
    expect(parsePrefer(['example="two"', 'Code=201; respond-async'])).toEqual({ code: '201', example: 'two' });
    expect(parsePrefer(undefined)).toEqual({});
    expect(parsePrefer('return=minimal')).toEqual({});
  });
});

describe('chooseResponse', () => {
  it("answers with the first 2xx response and its first example, else the document's default", () => {
    expect(summary('get', '/pets', undefined)).toBe('200 application/json two');
    expect(summary('post', '/pets', undefined)).toBe('201 application/json unnamed');
    expect(summary('delete', '/pets/{petId}', undefined)).toBe('204 - -');
    expect(summary('get', '/styles/{label}/{matrix}/{simple}', undefined)).toBe('200 application/json unnamed');
  });

  it('picks another status (exact, its range, default) or a named example when Prefer asks', () => {
    expect(summary('get', '/pets', 'example=empty')).toBe('200 application/json empty');
    expect(summary('get', '/pets', 'code=404')).toBe('404 application/problem+json unnamed');
    expect(summary('get', '/pets/{petId}', 'code=404')).toBe('404 application/problem+json unnamed');
    expect(summary('get', '/styles/{label}/{matrix}/{simple}', 'code=503')).toBe('503 application/json unnamed');
  });

  it('says what the document lacks when Prefer asks for an undocumented status or example', () => {
    expect(summary('get', '/pets/{petId}', 'code=500')).toBe(
      'No 500 response is documented for this operation (asked for by Prefer: code=500); it documents 200, 404.',
    );
    expect(summary('get', '/pets', 'code=abc')).toMatch(/^No abc response is documented/);
    expect(summary('get', '/pets', 'example=three')).toBe(
      'The 200 response has no example named "three" (asked for by Prefer: example=three); its examples are two, empty.',
    );
  });

  it('follows Accept among the media types of the response', () => {
    expect(summary('get', '/pets', undefined, 'text/csv')).toBe('200 text/csv unnamed');
    expect(summary('get', '/pets', undefined, 'application/json;q=0.5, text/*')).toBe('200 text/csv unnamed');
    expect(summary('get', '/pets', undefined, 'image/png')).toBe('200 application/json two');
  });
});

describe('media types', () => {
  it('match ranges and wildcards, ignoring parameters and case', () => {
    expect(mediaMatches('application/*', 'Application/JSON; charset=utf-8')).toBe(true);
    expect(mediaMatches('*/*', 'text/plain')).toBe(true);
    expect(mediaMatches('text/plain', 'text/*')).toBe(true);
    expect(mediaMatches('text/plain', 'application/json')).toBe(false);
    expect(pickMedia([], 'text/plain')).toBeUndefined();
  });
});
