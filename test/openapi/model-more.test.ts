import { describe, expect, it } from 'vitest';
import type { ApiSchema, ApiSchemaNode } from '../../src/shared/api-model.js';
import { tempProject } from '../helpers/fixtures.js';
import { loadApi } from '../../src/openapi/load-api.js';
import { configFor, loadCase, op } from './helpers.js';

const resolve = (schemas: Record<string, ApiSchema>, node: ApiSchemaNode | undefined): ApiSchema => {
  const s = node?.kind === 'ref' ? schemas[node.ref] : node;
  if (!s) throw new Error('unresolved');
  return s;
};

describe('toApiModel: callbacks', () => {
  it('models each callback expression with its operations, inline and through references', async () => {
    const { model } = await loadCase('callbacks-headers');
    const subscribe = op(model, 'post', '/subscriptions');
    expect(subscribe.callbacks.map((c) => [c.name, c.expression, c.operations.map((o) => `${o.method} ${o.title}`)])).toEqual([
      ['onEvent', '{$request.body#/callbackUrl}', ['post An event happened', 'delete The subscription ended']],
      ['onReport', '{$request.body#/callbackUrl}/report', ['put A daily report']],
    ]);
    const event = subscribe.callbacks[0]!.operations[0]!;
    expect(event.path).toBe('{$request.body#/callbackUrl}');
    expect(event.requestBody!.content[0]!.schema).toMatchObject({ kind: 'ref', name: 'Event' });
    expect(event.responses.map((r) => [r.status, r.description])).toEqual([
      ['200', '<p>Received.</p>'],
      ['410', '<p>Unsubscribe.</p>'],
    ]);
    // callback operations inherit the document's servers and security like any operation
    expect(event.servers.map((s) => s.url)).toEqual(['https://api.example.com']);
    // and are not pages of their own
    expect(model.operations.map((o) => o.slug)).toEqual(['subscriptions']);
  });
});

describe('toApiModel: response headers', () => {
  it('models headers with description, required, deprecated, schema and example, inline, referenced and by content', async () => {
    const { model } = await loadCase('callbacks-headers');
    const created = op(model, 'post', '/subscriptions').responses[0]!;
    expect(created.status).toBe('201');
    expect(created.headers.map((h) => [h.name, h.required, h.deprecated, h.example])).toEqual([
      ['Location', true, false, '"https://api.example.com/subscriptions/sub_1"'],
      ['X-Rate-Limit-Remaining', false, false, '99'],
      ['X-Old', false, true, undefined],
      ['X-Content-Header', false, false, '3'],
    ]);
    const [location, rate, , byContent] = created.headers;
    expect(location!.description).toBe('<p>Where the subscription lives.</p>');
    expect(resolve(model.schemas, location!.schema)).toMatchObject({ types: ['string'], format: 'uri' });
    expect(rate!.description).toBe('<p>Requests left in this window.</p>');
    expect(resolve(model.schemas, rate!.schema).constraints).toEqual([{ kind: 'minimum', value: 0, exclusive: false }]);
    expect(resolve(model.schemas, byContent!.schema).types).toEqual(['integer']);
  });
});

describe('toApiModel: generated examples', () => {
  it('writes the discriminator value the mapping (or the schema name) gives, not a generic string', async () => {
    const { model } = await loadCase('composition');
    const pets = op(model, 'post', '/pets');
    // PetChoice: oneOf Dog | Cat with mapping dog → Dog; the sampler takes the first option
    expect(JSON.parse(pets.requestBody!.content[0]!.examples[0]!.value)).toMatchObject({ petType: 'dog', bark: true });
    // Dog extends Pet (discriminator without mapping): the value is the schema's name
    expect(JSON.parse(pets.responses[0]!.content[0]!.examples[0]!.value)).toMatchObject({ petType: 'Dog', bark: true });
  });

  it('caps the sizes that would make huge samples (minItems, minLength)', async () => {
    const root = tempProject({
      'openapi/api.yaml': `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, minItems: 100000000, items: {type: string, minLength: 500000000}}
`,
    });
    const started = performance.now();
    const loaded = await loadApi(root, configFor('openapi'));
    expect(performance.now() - started).toBeLessThan(5000);
    const api = loaded.routes[0]!.data.kind === 'api' ? loaded.routes[0]!.data.page.api : undefined;
    const value = JSON.parse(api!.operations[0]!.responses[0]!.content[0]!.examples[0]!.value) as string[];
    expect(value).toHaveLength(3);
    expect(value[0]!.length).toBe(64);
  });
});

describe('loadApi: names of schemas from other files', () => {
  it('names a bundled schema after its #fragment, not after the place the bundler put it', async () => {
    const { model } = await loadCase('external-refs', 'openapi');
    const order = op(model, 'get', '/orders').responses[0]!.content[0]!.schema!;
    expect(order).toMatchObject({ kind: 'ref', name: 'Order' });
    const parent = resolve(model.schemas, order).properties.find((p) => p.name === 'parent')!.schema;
    expect(parent).toMatchObject({ kind: 'ref', name: 'Order' });
  });

  it('names a schema that is a whole file after the file', async () => {
    const root = tempProject({
      'openapi/api.yaml':
        "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {type: array, items: {$ref: './parcel.yaml'}}\n        '201':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: './parcel.yaml'}\n",
      'openapi/parcel.yaml': 'type: object\nproperties:\n  weight_kg: {type: number}\n',
    });
    const loaded = await loadApi(root, configFor('openapi'));
    expect(loaded.diagnostics).toEqual([]);
    const api = loaded.routes[0]!.data.kind === 'api' ? loaded.routes[0]!.data.page.api : undefined;
    const [list, one] = api!.operations[0]!.responses;
    expect(resolve(api!.schemas, list!.content[0]!.schema).items).toMatchObject({ kind: 'ref', name: 'parcel' });
    expect(one!.content[0]!.schema).toMatchObject({ kind: 'ref', name: 'parcel' });
  });
});
