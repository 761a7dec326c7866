import { describe, expect, it } from 'vitest';
import { serializeCookie, serializeHeader, serializePath, serializeQuery, styleOf } from '../../../src/shared/request/serialize.js';

// The style examples of the OpenAPI Specification (3.0.3 and 3.1, "Style Examples"), for
// color = "blue", ["blue", "black", "brown"] and { R: 100, G: 200, B: 150 }.
const primitive = 'blue';
const array = ['blue', 'black', 'brown'];
const object = { R: 100, G: 200, B: 150 };

describe('parameter serialization (OpenAPI style examples)', () => {
  it('path: simple, label and matrix, exploded or not', () => {
    expect([serializePath('color', primitive), serializePath('color', array), serializePath('color', object)]).toEqual([
      'blue',
      'blue,black,brown',
      'R,100,G,200,B,150',
    ]);
    expect(serializePath('color', object, 'simple', true)).toBe('R=100,G=200,B=150');
    expect([
      serializePath('color', '', 'label'),
      serializePath('color', primitive, 'label'),
      serializePath('color', array, 'label'),
      serializePath('color', object, 'label'),
    ]).toEqual(['.', '.blue', '.blue,black,brown', '.R,100,G,200,B,150']);
    expect([serializePath('color', array, 'label', true), serializePath('color', object, 'label', true)]).toEqual(['.blue.black.brown', '.R=100.G=200.B=150']);
    expect([
      serializePath('color', '', 'matrix'),
      serializePath('color', primitive, 'matrix'),
      serializePath('color', array, 'matrix'),
      serializePath('color', object, 'matrix'),
    ]).toEqual([';color', ';color=blue', ';color=blue,black,brown', ';color=R,100,G,200,B,150']);
    expect([serializePath('color', array, 'matrix', true), serializePath('color', object, 'matrix', true)]).toEqual([
      ';color=blue;color=black;color=brown',
      ';R=100;G=200;B=150',
    ]);
  });

  it('query: form (exploded by default), spaceDelimited, pipeDelimited, deepObject', () => {
    expect(serializeQuery('color', '')).toEqual(['color=']);
    expect(serializeQuery('color', primitive)).toEqual(['color=blue']);
    expect(serializeQuery('color', array)).toEqual(['color=blue', 'color=black', 'color=brown']);
    expect(serializeQuery('color', object)).toEqual(['R=100', 'G=200', 'B=150']);
    expect(serializeQuery('color', array, 'form', false)).toEqual(['color=blue,black,brown']);
    expect(serializeQuery('color', object, 'form', false)).toEqual(['color=R,100,G,200,B,150']);
    expect(serializeQuery('color', array, 'spaceDelimited', false)).toEqual(['color=blue%20black%20brown']);
    expect(serializeQuery('color', object, 'spaceDelimited', false)).toEqual(['color=R%20100%20G%20200%20B%20150']);
    expect(serializeQuery('color', array, 'pipeDelimited', false)).toEqual(['color=blue|black|brown']);
    expect(serializeQuery('color', object, 'deepObject', true)).toEqual(['color[R]=100', 'color[G]=200', 'color[B]=150']);
  });

  it('headers (simple) and cookies (form)', () => {
    expect([serializeHeader(primitive), serializeHeader(array), serializeHeader(object), serializeHeader(object, true)]).toEqual([
      'blue',
      'blue,black,brown',
      'R,100,G,200,B,150',
      'R=100,G=200,B=150',
    ]);
    expect(serializeCookie('color', primitive)).toEqual(['color=blue']);
    expect(serializeCookie('color', array)).toEqual(['color=blue,black,brown']);
    expect(serializeCookie('color', array, true)).toEqual(['color=blue', 'color=black', 'color=brown']);
  });

  it('encodes what a URL component may not hold, and keeps unreserved characters', () => {
    expect(serializePath('q', "a b/c?d#e&f=g+h'i(j)k*l~m_n.o-p ñ")).toBe('a%20b%2Fc%3Fd%23e%26f%3Dg%2Bh%27i%28j%29k%2Al~m_n.o-p%20%C3%B1');
    expect(serializeQuery('na me', 'x&y=z')).toEqual(['na%20me=x%26y%3Dz']);
    expect(serializeHeader('a "quoted" value, ñ')).toBe('a "quoted" value, ñ');
  });

  it('takes the location defaults: simple for path and header, form (exploded) for query and cookie', () => {
    expect(styleOf('path', undefined, undefined)).toEqual({ style: 'simple', explode: false });
    expect(styleOf('query', undefined, undefined)).toEqual({ style: 'form', explode: true });
    expect(styleOf('query', 'deepObject', undefined)).toEqual({ style: 'deepObject', explode: false });
    expect(styleOf('cookie', undefined, false)).toEqual({ style: 'form', explode: false });
  });
});
