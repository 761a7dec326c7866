import { describe, expect, it } from 'vitest';
import type { RequestData, RequestParameter } from '../../../src/shared/api-request.js';
import { initialInputs, initialValue } from '../../../src/shared/request/initial-inputs.js';
import { param } from '../../helpers/request-data.js';

const schema = (type: string, over: Partial<NonNullable<RequestParameter['schema']>> = {}): RequestParameter['schema'] => ({
  type,
  nullable: false,
  format: undefined,
  enum: undefined,
  default: undefined,
  items: undefined,
  ...over,
});

describe('initialValue', () => {
  it('takes the default, else the example as its type', () => {
    expect(initialValue(param({ name: 'page', in: 'query', schema: schema('integer', { default: 1 }), example: '5' }))).toBe(1);
    expect(initialValue(param({ name: 'page', in: 'query', schema: schema('integer'), example: '5' }))).toBe(5);
    expect(initialValue(param({ name: 'ids', in: 'query', schema: schema('array', { items: 'string' }), example: '["a","b"]' }))).toEqual(['a', 'b']);
    expect(initialValue(param({ name: 'id', in: 'path', schema: schema('string'), example: '"ord_1"' }))).toBe('ord_1');
    expect(initialValue(param({ name: 'f', in: 'query', schema: schema('object'), example: '{"a":1,"b":{"c":1}}' }))).toEqual({ a: 1 });
    expect(initialValue(param({ name: 'x', in: 'query' }))).toBeUndefined();
    // The model writes a string example as JSON: its escapes are not part of the value.
    expect(initialValue(param({ name: 'q', in: 'query', schema: schema('string'), example: '"He said \\"hi\\""' }))).toBe('He said "hi"');
    expect(initialValue(param({ name: 'q', in: 'query', schema: schema('string'), example: 'He said "hi"' }))).toBe('He said "hi"');
  });
});

describe('initialInputs', () => {
  const data: RequestData = {
    id: 'upload',
    method: 'post',
    path: '/labels/{id}',
    servers: [
      {
        url: 'https://{region}.example/v1',
        resolvedUrl: 'https://mx.example/v1',
        description: undefined,
        variables: [{ name: 'region', default: 'mx', enum: [], description: undefined }],
        sandbox: false,
      },
      { url: 'http://127.0.0.1:4010', resolvedUrl: 'http://127.0.0.1:4010', description: 'Local mock', variables: [], sandbox: true },
    ],
    security: [],
    schemes: [],
    parameters: [param({ name: 'id', in: 'path', required: true, example: '"L1"', schema: schema('string') })],
    bodies: [
      {
        mediaType: 'multipart/form-data',
        example: undefined,
        fields: [
          { name: 'note', required: false, type: 'string', file: false, example: 'hola' },
          { name: 'file', required: true, type: 'string', file: true, example: undefined },
        ],
      },
    ],
    bodyRequired: true,
    codeSamples: [],
  };

  it('starts from the chosen server with its variables, the examples and a form body of the text fields', () => {
    expect(initialInputs(data)).toEqual({
      server: { url: 'https://{region}.example/v1', variables: { region: 'mx' } },
      values: { 'path:id': 'L1' },
      body: { mediaType: 'multipart/form-data', form: [{ name: 'note', value: 'hola' }] },
    });
    expect(initialInputs(data, 1).server).toEqual({ url: 'http://127.0.0.1:4010', variables: {} });
  });
});
