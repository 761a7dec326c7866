import { describe, expect, it } from 'vitest';
import { createErrorBodies } from '../../src/mock/error-body.js';
import type { MockError } from '../../src/mock/problems.js';
import { toApiModel } from '../../src/openapi/model/to-api-model.js';
import type { ApiModel } from '../../src/shared/api-model.js';
import { loadFixtureApi, loadShippingApi, operation } from './helpers.js';

const invalid: MockError = {
  status: 422,
  message: 'Invalid request: body field parcels[0].weight_kg must be > 0 (and 1 more problem).',
  problems: [
    { status: 422, in: 'body', pointer: '/parcels/0/weight_kg', keyword: 'exclusiveMinimum', message: 'must be > 0' },
    { status: 422, in: 'query', name: 'page', pointer: '', keyword: 'minimum', message: 'must be >= 1' },
  ],
};

const modelOf = async (doc: object): Promise<ApiModel> => (await toApiModel(doc as Record<string, unknown>, { basePath: '/api' })).model!;
const json = (body: { body: string }): unknown => JSON.parse(body.body);

describe('error bodies', () => {
  it("take the shape and example of the operation's response for the status (the default site's Error)", async () => {
    const { model } = await loadShippingApi();
    const bodies = createErrorBodies(model);
    const quoter = operation(model, 'post', '/quoter');
    const body = bodies(quoter, invalid);
    expect(body.contentType).toBe('application/json; charset=utf-8');
    expect(json(body)).toEqual({
      code: 'validation_failed',
      message: invalid.message,
      details: [
        { field: 'parcels[0].weight_kg', code: 'exclusiveMinimum', message: 'must be > 0' },
        { field: 'page', code: 'minimum', message: 'must be >= 1' },
      ],
      request_id: 'req_01HZ3K9D8E7F6G5H4J3K2M1N0P',
    });
    // No problems to list: the example's own details are not passed off as this request's.
    expect(json(bodies(quoter, { status: 401, message: 'Credentials needed.', problems: [] }))).toEqual({
      code: 'unauthorized',
      message: 'Credentials needed.',
      request_id: 'req_01HZ3K9B7C6D5E4F3G2H1J0K9M',
    });
  });

  it("use the document's usual error schema where the operation documents nothing (404, 405)", async () => {
    const { model } = await loadShippingApi();
    const body = json(createErrorBodies(model)(undefined, { status: 405, message: 'DELETE is not an operation of /quoter.', problems: [] }));
    expect(body).toMatchObject({ code: 'method_not_allowed', message: 'DELETE is not an operation of /quoter.' });
    expect(Object.keys(body as object).sort()).toEqual(['code', 'message', 'request_id']);
  });

  it('fill problem+json shapes: title, numeric status, detail and the errors items by their names', async () => {
    const { model } = await loadFixtureApi();
    const body = createErrorBodies(model)(operation(model, 'get', '/pets'), invalid);
    expect(body.contentType).toBe('application/problem+json; charset=utf-8');
    expect(json(body)).toEqual({
      type: 'https://example.com/problems/client',
      title: 'Unprocessable Content',
      status: 422,
      detail: invalid.message,
      errors: [
        { pointer: 'parcels[0].weight_kg', detail: 'must be > 0' },
        { pointer: 'page', detail: 'must be >= 1' },
      ],
    });
  });

  it('fill an error object nested under `error`', async () => {
    const model = await modelOf({
      openapi: '3.1.0',
      info: { title: 'Nested', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: {
              '200': { description: 'ok' },
              default: {
                description: 'error',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { error: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    expect(json(createErrorBodies(model)(model.operations[0], { status: 404, message: 'Nothing here.', problems: [] }))).toEqual({
      error: { code: 404, message: 'Nothing here.' },
    });
  });

  it('are { error, details } when the document has no error schema', async () => {
    const model = await modelOf({
      openapi: '3.0.3',
      info: { title: 'Plain', version: '1' },
      paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } },
    });
    expect(json(createErrorBodies(model)(model.operations[0], invalid))).toEqual({
      error: invalid.message,
      details: [
        { field: 'parcels[0].weight_kg', in: 'body', code: 'exclusiveMinimum', message: 'must be > 0' },
        { field: 'page', in: 'query', code: 'minimum', message: 'must be >= 1' },
      ],
    });
  });
});
