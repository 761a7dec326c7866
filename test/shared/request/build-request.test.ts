import { describe, expect, it } from 'vitest';
import { buildRequest, missingParameters, parameterKey, serverUrl } from '../../../src/shared/request/build-request.js';
import type { RequestData } from '../../../src/shared/api-request.js';
import { param } from '../../helpers/request-data.js';

const data: RequestData = {
  id: 'order-item',
  method: 'post',
  path: '/orders/{orderId}/items/{itemId}',
  servers: [{ url: 'https://{region}.api.example/v1', resolvedUrl: 'https://eu.api.example/v1', description: undefined, variables: [], sandbox: false }],
  security: [],
  schemes: [],
  parameters: [
    param({ name: 'orderId', in: 'path', required: true }),
    param({ name: 'itemId', in: 'path', required: true, style: 'label' }),
    param({ name: 'expand', in: 'query' }),
    param({ name: 'page', in: 'query', required: true }),
    param({ name: 'filter', in: 'query', style: 'deepObject', explode: true }),
    param({ name: 'X-Trace', in: 'header' }),
    param({ name: 'session', in: 'cookie' }),
  ],
  bodies: [{ mediaType: 'application/json', example: '{"qty":1}', fields: [] }],
  bodyRequired: true,
  codeSamples: [],
};

describe('buildRequest', () => {
  it('fills the server, the path and query by their styles, headers, cookies, auth and the body', () => {
    const values = {
      [parameterKey({ in: 'path', name: 'orderId' })]: 'A 1/2',
      [parameterKey({ in: 'path', name: 'itemId' })]: 7,
      [parameterKey({ in: 'query', name: 'expand' })]: ['items', 'buyer'],
      [parameterKey({ in: 'query', name: 'page' })]: 2,
      [parameterKey({ in: 'query', name: 'filter' })]: { status: 'open' },
      [parameterKey({ in: 'header', name: 'X-Trace' })]: 'abc',
      [parameterKey({ in: 'cookie', name: 'session' })]: 's 1',
    };
    const r = buildRequest(data, {
      server: { url: data.servers[0]!.url, variables: { region: 'mx' } },
      values,
      body: { mediaType: 'application/json', text: '{"qty":2}' },
      auth: { headers: [['Authorization', 'Bearer t']], query: [['api_key', 'k&1']], cookies: [['token', 'c']] },
    });
    expect(r).toEqual({
      method: 'POST',
      url: 'https://mx.api.example/v1/orders/A%201%2F2/items/.7?expand=items&expand=buyer&page=2&filter[status]=open&api_key=k%261',
      headers: [
        ['X-Trace', 'abc'],
        ['Authorization', 'Bearer t'],
        ['Cookie', 'session=s%201; token=c'],
        ['Content-Type', 'application/json'],
      ],
      body: '{"qty":2}',
      form: undefined,
      mediaType: 'application/json',
    });
  });

  it('encodes a urlencoded form and keeps a multipart form as entries (its Content-Type is the sender’s)', () => {
    const form = [
      { name: 'note', value: "a b&c=d'ñ" },
      { name: 'empty', value: '' },
      { name: 'label', value: '', fileName: 'label.pdf', file: { size: 3 } },
    ];
    const urlencoded = buildRequest(
      { ...data, parameters: [] },
      { server: { url: 'https://x.example', variables: {} }, values: {}, body: { mediaType: 'application/x-www-form-urlencoded', form } },
    );
    expect(urlencoded.body).toBe("note=a+b%26c%3Dd'%C3%B1&label=");
    expect(urlencoded.headers).toEqual([['Content-Type', 'application/x-www-form-urlencoded']]);
    const multipart = buildRequest(
      { ...data, parameters: [] },
      { server: { url: 'https://x.example', variables: {} }, values: {}, body: { mediaType: 'multipart/form-data', form } },
    );
    expect(multipart).toMatchObject({ body: undefined, headers: [], mediaType: 'multipart/form-data' });
    expect(multipart.form?.map((f) => f.name)).toEqual(['note', 'label']);
  });

  it('leaves out empty values and an empty body, keeps unfilled path templates, resolves a relative server', () => {
    const r = buildRequest(
      { ...data, method: 'get' },
      {
        server: { url: '/v1', variables: {} },
        values: { [parameterKey({ in: 'query', name: 'expand' })]: [] },
        body: { mediaType: 'application/json', text: '' },
      },
      'http://127.0.0.1:3000/api/x',
    );
    expect(r).toEqual({
      method: 'GET',
      url: 'http://127.0.0.1:3000/v1/orders/{orderId}/items/{itemId}',
      headers: [],
      body: undefined,
      form: undefined,
      mediaType: undefined,
    });
  });

  it('lists the required path and query parameters without a value', () => {
    expect(
      missingParameters(data, { [parameterKey({ in: 'path', name: 'orderId' })]: 'x', [parameterKey({ in: 'query', name: 'page' })]: '' }).map((p) => p.name),
    ).toEqual(['itemId', 'page']);
  });

  it('fills server variables, leaving unknown ones as written', () => {
    expect(serverUrl('https://{region}.example/{version}', { region: 'us' })).toBe('https://us.example/{version}');
  });
});
