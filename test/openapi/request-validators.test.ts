import { describe, expect, it } from 'vitest';
import { createRequestValidators } from '../../src/openapi/requests/request-validators.js';
import { requestSchemaDocument } from '../../src/openapi/requests/request-schemas.js';
import { toApiModel } from '../../src/openapi/model/to-api-model.js';
import type { ApiOperation } from '../../src/shared/api-model.js';
import type { RequestValidators } from '../../src/shared/mock-api.js';

type Obj = Record<string, unknown>;

async function setup(doc: Obj, onWarning?: (m: string) => void): Promise<{ ops: ApiOperation[]; validators: RequestValidators }> {
  const { model } = await toApiModel(doc, { basePath: '/api' });
  return { ops: model!.operations, validators: createRequestValidators(doc, onWarning ? { onWarning } : {}) };
}

const doc30: Obj = {
  openapi: '3.0.3',
  info: { title: 'v3.0', version: '1' },
  paths: {
    '/items/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { $ref: '#/components/parameters/Limit' }],
      put: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int32' } }],
        requestBody: { $ref: '#/components/requestBodies/Item' },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  components: {
    parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, exclusiveMinimum: true } } },
    requestBodies: { Item: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } },
    schemas: {
      Item: {
        type: 'object',
        required: ['id', 'name', 'price'],
        properties: {
          id: { $ref: '#/components/schemas/Id' },
          name: { type: 'string', nullable: true, example: 'x', enum: ['a', 'b'] },
          price: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false },
          note: { nullable: true },
          children: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
        },
      },
      Id: { type: 'string', format: 'uuid', readOnly: true },
    },
  },
};

describe('request validators', () => {
  it('read OpenAPI 3.0 schemas as meant: nullable, boolean exclusive bounds, read-only required properties not asked of requests', async () => {
    const { ops, validators } = await setup(doc30);
    const body = validators.body(ops[0]!, 'application/json', { coerce: false })!;
    expect(body({ name: null, price: 10, note: null }).problems).toEqual([]);
    expect(body({ name: 'c', price: 0 }).problems).toEqual([
      { pointer: '/name', keyword: 'enum', message: 'must be equal to one of the allowed values: "a", "b", null' },
      { pointer: '/price', keyword: 'exclusiveMinimum', message: 'must be > 0' },
    ]);
    // References and recursion resolve as written.
    expect(body({ name: 'a', price: 1, children: [{ name: 'b' }] }).problems).toEqual([
      { pointer: '/children/0/price', keyword: 'required', message: 'is required' },
    ]);
    expect(body({ id: 'not-a-uuid', name: 'a', price: 1 }).problems).toEqual([{ pointer: '/id', keyword: 'format', message: 'must match format "uuid"' }]);
  });

  it("convert parameters' text to their types (not JSON bodies), with the operation's parameters replacing the path's", async () => {
    const { ops, validators } = await setup(doc30);
    const op = ops[0]!;
    const id = validators.parameter(op, op.parameters.path[0]!)!;
    expect(id('42')).toEqual({ value: 42, problems: [] });
    expect(id('4294967296').problems).toEqual([{ pointer: '', keyword: 'format', message: 'must match format "int32"' }]);
    const limit = validators.parameter(op, op.parameters.query[0]!)!;
    expect(limit('1').problems).toEqual([{ pointer: '', keyword: 'exclusiveMinimum', message: 'must be > 1' }]);
    expect(validators.body(op, 'application/json', { coerce: false })!({ name: 'a', price: '5' }).problems).toEqual([
      { pointer: '/price', keyword: 'type', message: 'must be number' },
    ]);
    expect(validators.body(op, 'application/json', { coerce: true })!({ name: 'a', price: '5' })).toEqual({ value: { name: 'a', price: 5 }, problems: [] });
    expect(validators.body(op, 'text/plain', { coerce: false })).toBeUndefined();
  });

  it('read OpenAPI 3.1 schemas as JSON Schema 2020-12', async () => {
    const { ops, validators } = await setup({
      openapi: '3.1.0',
      info: { title: 'v3.1', version: '1' },
      paths: {
        '/a': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    $schema: 'https://spec.openapis.org/oas/3.1/dialect/base',
                    type: 'object',
                    properties: { n: { type: ['integer', 'null'], exclusiveMinimum: 0 }, t: { const: 'x' } },
                    unevaluatedProperties: false,
                  },
                },
              },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    const check = validators.body(ops[0]!, 'application/json', { coerce: false })!;
    expect(check({ n: null, t: 'x' }).problems).toEqual([]);
    expect(check({ n: 0, t: 'y', z: 1 }).problems).toEqual([
      { pointer: '/n', keyword: 'exclusiveMinimum', message: 'must be > 0' },
      { pointer: '/t', keyword: 'const', message: 'must be equal to constant' },
      { pointer: '/z', keyword: 'unevaluatedProperties', message: 'is not an allowed property' },
    ]);
  });

  it('check the rest of a schema whose pattern cannot run in linear time, with one warning naming it', async () => {
    const warnings: string[] = [];
    const { ops, validators } = await setup(
      {
        openapi: '3.0.3',
        info: { title: 'Bad pattern', version: '1' },
        paths: {
          '/a': {
            get: {
              parameters: [
                { name: 'q', in: 'query', schema: { type: 'string', pattern: '(', minLength: 2 } },
                { name: 'r', in: 'query', schema: { type: 'string', pattern: '^(a)\\1$' } },
              ],
              responses: { '200': { description: 'ok' } },
            },
          },
        },
      },
      (m) => warnings.push(m),
    );
    const op = ops[0]!;
    const q = validators.parameter(op, op.parameters.query[0]!)!;
    expect(q('xy').problems).toEqual([]);
    expect(q('x').problems).toEqual([{ pointer: '', keyword: 'minLength', message: 'must NOT have fewer than 2 characters' }]);
    expect(validators.parameter(op, op.parameters.query[1]!)!('b').problems).toEqual([]);
    validators.parameter(op, op.parameters.query[0]!)!('xyz');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^The pattern "\(" is not checked: linear-time matching cannot run it/);
    expect(warnings[1]).toMatch(/^The pattern "\^\(a\)\\1\$" is not checked/);
  });

  it('adjust a copy: the document, its examples and its constants stay as written', () => {
    const before = JSON.stringify(doc30);
    const copy = requestSchemaDocument(doc30) as { components: { schemas: { Item: Obj } } };
    expect(JSON.stringify(doc30)).toBe(before);
    const item = copy.components.schemas.Item as { required: string[]; properties: Record<string, Obj> };
    expect(item.required).toEqual(['name', 'price']);
    expect(item.properties.name).toEqual({ type: ['string', 'null'], example: 'x', enum: ['a', 'b', null] });
    expect(item.properties.price).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 10 });
  });
});
