import { beforeAll, describe, expect, it } from 'vitest';
import { readParameters, type RequestParts } from '../../src/mock/read-parameters.js';
import type { MockApi } from '../../src/shared/mock-api.js';
import { loadFixtureApi, operation } from './helpers.js';

let api: MockApi;
beforeAll(async () => {
  api = await loadFixtureApi();
});

const parts = (init: Partial<Omit<RequestParts, 'query'>> & { query?: string } = {}): RequestParts => ({
  path: init.path ?? {},
  query: new URLSearchParams(init.query ?? ''),
  headers: init.headers ?? {},
  cookies: init.cookies ?? {},
});
const read = (method: string, path: string, init: Parameters<typeof parts>[0]) =>
  readParameters(api.model, operation(api.model, method, path), parts(init), api.validators);

describe('readParameters: query', () => {
  it('reads each style and converts values to the schema types', () => {
    const r = read('get', '/pets', {
      query: 'limit=20&tags=a&tags=b&ids=1,2,3&words=x%20y&pipes=p|q&filter[kind]=cat&filter[age]=3&where=%7B%22lat%22%3A19.4%7D&unknown=1',
    });
    expect(r.problems).toEqual([]);
    expect(r.values.query).toEqual({
      limit: 20,
      tags: ['a', 'b'],
      ids: [1, 2, 3],
      words: ['x', 'y'],
      pipes: ['p', 'q'],
      filter: { kind: 'cat', age: 3 },
      where: { lat: 19.4 },
    });
  });

  it('takes one value as a one-item array, and leaves out parameters that were not sent', () => {
    const r = read('get', '/pets', { query: 'tags=solo' });
    expect(r.values.query).toEqual({ tags: ['solo'] });
  });

  it('reports values against the schema as 422 problems, at their place inside the value', () => {
    const r = read('get', '/pets', { query: 'limit=0&ids=1,x&filter[kind]=bird&filter[size]=2' });
    expect(r.problems).toEqual([
      { status: 422, in: 'query', name: 'limit', pointer: '', keyword: 'minimum', message: 'must be >= 1' },
      { status: 422, in: 'query', name: 'ids', pointer: '/1', keyword: 'type', message: 'must be integer' },
      { status: 422, in: 'query', name: 'filter', pointer: '/size', keyword: 'additionalProperties', message: 'is not an allowed property' },
      { status: 422, in: 'query', name: 'filter', pointer: '/kind', keyword: 'enum', message: 'must be equal to one of the allowed values: "cat", "dog"' },
    ]);
  });

  it('reports unreadable values as 400 problems', () => {
    const r = read('get', '/pets', { query: 'where={lat' });
    expect(r.problems).toEqual([
      { status: 400, in: 'query', name: 'where', pointer: '', keyword: 'contentType', message: 'is not valid JSON (application/json)' },
    ]);
  });
});

describe('readParameters: path, header, cookie', () => {
  it('reads label, matrix and simple path styles, percent-decoded', () => {
    const r = read('get', '/styles/{label}/{matrix}/{simple}', { path: { label: '.1,2', matrix: ';matrix=a%20b;matrix=c', simple: 'a,5,b,x%2Fy' } });
    expect(r.problems).toEqual([]);
    expect(r.values.path).toEqual({ label: [1, 2], matrix: ['a b', 'c'], simple: { a: 5, b: 'x/y' } });
  });

  it('reports a path value of the wrong style or encoding as 400, of the wrong type as 422', () => {
    const r = read('get', '/styles/{label}/{matrix}/{simple}', { path: { label: '1', matrix: ';other=a', simple: 'a,%E0%A4%A' } });
    expect(r.problems.map((p) => `${p.status} ${p.name} ${p.message}`)).toEqual([
      '400 label must start with "." (label style)',
      '400 matrix must start with ";matrix=" (matrix style)',
      '400 simple is not a valid percent-encoded value',
    ]);
    const typed = read('get', '/pets/{petId}', { path: { petId: 'abc' } });
    expect(typed.problems).toEqual([{ status: 422, in: 'path', name: 'petId', pointer: '', keyword: 'type', message: 'must be integer' }]);
  });

  it('reads headers by their name in any case, and cookies', () => {
    const r = read('get', '/pets', { headers: { 'x-trace': 'abc' }, cookies: { theme: 'blue' } });
    expect(r.problems.map((p) => `${p.status} ${p.in} ${p.name} ${p.keyword}`)).toEqual(['422 header X-Trace minLength', '422 cookie theme enum']);
    expect(read('get', '/pets', { headers: { 'x-trace': 'abcd' }, cookies: { theme: 'dark' } }).values).toMatchObject({
      header: { 'X-Trace': 'abcd' },
      cookie: { theme: 'dark' },
    });
  });

  it('reports a missing required parameter as 400', () => {
    const r = read('get', '/pets/{petId}', {});
    expect(r.problems).toEqual([{ status: 400, in: 'path', name: 'petId', pointer: '', keyword: 'required', message: 'is required' }]);
  });
});
