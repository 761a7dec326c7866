import { describe, expect, it } from 'vitest';
import type { Diff } from 'api-smart-diff';
import { compareDocuments } from '../../src/openapi/diff/compare-documents.js';
import type { ApiChange } from '../../src/openapi/diff/change.js';
import { compatibleTypeChange, defaultChanged, movedParameters, securityRequirementAdded } from '../../src/openapi/diff/rules.js';
import { code } from '../../src/openapi/diff/describe-change.js';
import { quoterApi, type Doc } from '../fixtures/diff/quoter.js';

// The classification of each change against oasdiff's published checks (docs/BREAKING-CHANGES.md
// and the checker's examples), on the quoter document changed one way at a time.

function changesAfter(edit: (doc: Doc) => void): ApiChange[] {
  const after = quoterApi();
  edit(after);
  return compareDocuments(quoterApi(), after);
}

/** The one change an edit makes: kind, operation, message, pointers and our rule. */
function only(edit: (doc: Doc) => void): ApiChange {
  const changes = changesAfter(edit);
  expect(changes.map((c) => c.message)).toHaveLength(1);
  return changes[0]!;
}

const quoter = { method: 'POST', path: '/quoter', operationId: 'createQuote' };
const schemas = (d: Doc): Doc => d.components.schemas;
const getShipment = (d: Doc): Doc => d.paths['/shipments/{id}'].get;

describe('compareDocuments: breaking changes', () => {
  it('a required parameter added', () => {
    const c = only((d) => d.paths['/quoter'].post.parameters.push({ name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string' } }));
    expect(c).toMatchObject({ kind: 'breaking', operation: quoter, rule: null, action: 'add', type: 'breaking' });
    expect(c.message).toBe('New required header parameter `X-Request-Id` in POST /quoter.');
    expect(c.pointers).toEqual({ old: null, new: '/paths/~1quoter/post/parameters/1' });
  });

  it('a required request-body property added: one change, not the property and its `required` entry', () => {
    const c = only((d) => {
      schemas(d).QuoteRequest.properties.insured = { type: 'boolean' };
      schemas(d).QuoteRequest.required.push('insured');
    });
    expect(c).toMatchObject({ kind: 'breaking', rule: 'newRequiredProperty', message: 'New required property `insured` in the body of POST /quoter.' });
    expect(c.pointers.new).toBe('/components/schemas/QuoteRequest/properties/insured');
  });

  it('an optional property made required (the pointer is where the shared schema writes it)', () => {
    const c = only((d) => schemas(d).QuoteRequest.required.push('weight_kg'));
    expect(c).toMatchObject({ kind: 'breaking', operation: quoter, message: '`weight_kg` is now required in the body of POST /quoter.' });
    expect(c.pointers).toEqual({ old: null, new: '/components/schemas/QuoteRequest/required/1' });
  });

  it('an operation removed', () => {
    const c = only((d) => delete d.paths['/shipments/{id}'].delete);
    expect(c).toMatchObject({ kind: 'breaking', operation: { method: 'DELETE', path: '/shipments/{id}', operationId: 'deleteShipment' } });
    expect(c.message).toBe('DELETE /shipments/{id} was removed.');
    expect(c.pointers).toEqual({ old: '/paths/~1shipments~1{id}/delete', new: null });
  });

  it('a response status removed', () => {
    expect(only((d) => delete d.paths['/quoter'].post.responses['422'])).toMatchObject({
      kind: 'breaking',
      message: 'The 422 response of POST /quoter was removed.',
    });
  });

  it('an enum value removed from a request parameter', () => {
    const c = only((d) => (d.paths['/quoter'].post.parameters[0].schema.enum = ['EUR']));
    expect(c).toMatchObject({ kind: 'breaking', message: '`USD` is no longer an allowed value of query parameter `currency` of POST /quoter.' });
  });

  it('an enum value added to a response (clients may not handle it)', () => {
    const c = only((d) => getShipment(d).responses['200'].content['application/json'].schema.properties.status.enum.push('lost'));
    expect(c).toMatchObject({ kind: 'breaking', message: '`lost` is a new allowed value of `status` in the 200 response of GET /shipments/{id}.' });
  });

  it('a type changed', () => {
    const c = only((d) => (schemas(d).QuoteRequest.properties.weight_kg.type = 'string'));
    expect(c).toMatchObject({ kind: 'breaking', message: 'The type of `weight_kg` in the body of POST /quoter changed from `number` to `string`.' });
    expect(c.pointers).toEqual({
      old: '/components/schemas/QuoteRequest/properties/weight_kg/type',
      new: '/components/schemas/QuoteRequest/properties/weight_kg/type',
    });
  });

  it('a required response property removed, or made optional (an optional one removed is not breaking, as oasdiff since 1.30)', () => {
    expect(only((d) => delete schemas(d).Quote.properties.price)).toMatchObject({
      kind: 'breaking',
      message: '`price` was removed from the 200 response of POST /quoter.',
    });
    expect(only((d) => (schemas(d).Quote.required = []))).toMatchObject({
      kind: 'breaking',
      message: '`price` is no longer required in the 200 response of POST /quoter.',
    });
    expect(only((d) => delete schemas(d).Quote.properties.carrier)).toMatchObject({ kind: 'non-breaking' });
  });

  it('a security requirement added to an operation callable without one (the library: non-breaking)', () => {
    const c = only((d) => (d.paths['/quoter'].post.security = [{ apiKey: [] }]));
    expect(c).toMatchObject({ kind: 'breaking', rule: 'securityRequirementAdded', type: 'non-breaking' });
    expect(c.message).toBe('POST /quoter now requires credentials: it could be called without them before.');
  });

  it('a parameter moved from the query to a header: one breaking change', () => {
    const c = only((d) => (d.paths['/quoter'].post.parameters[0].in = 'header'));
    expect(c).toMatchObject({ kind: 'breaking', rule: 'parameterMoved', message: 'Parameter `currency` of POST /quoter moved from the query to a header.' });
    expect(c.pointers).toEqual({ old: '/paths/~1quoter/post/parameters/0', new: '/paths/~1quoter/post/parameters/0' });
  });

  it('maxLength decreased on a request property', () => {
    expect(only((d) => (schemas(d).QuoteRequest.properties.origin.maxLength = 5))).toMatchObject({
      kind: 'breaking',
      message: '`maxLength` of `origin` in the body of POST /quoter changed from `10` to `5`.',
    });
  });
});

describe('compareDocuments: the rest', () => {
  it('a path parameter renamed (same position): non-breaking, the URLs are the same', () => {
    const changes = changesAfter((d) => {
      const item = d.paths['/shipments/{id}'];
      delete d.paths['/shipments/{id}'];
      d.paths['/shipments/{shipmentId}'] = item;
      for (const op of [item.get, item.delete]) op.parameters[0].name = 'shipmentId';
    });
    expect(changes.map((c) => c.kind)).toEqual(['non-breaking', 'non-breaking', 'non-breaking']);
    expect(changes[0]).toMatchObject({
      operation: { method: null, path: '/shipments/{shipmentId}', operationId: null },
      pointers: { old: '/paths/~1shipments~1{id}', new: '/paths/~1shipments~1{shipmentId}' },
    });
    expect(changes[1]).toMatchObject({
      operation: { method: 'GET', path: '/shipments/{shipmentId}' },
      message: 'Path parameter `id` of GET /shipments/{shipmentId} is now named `shipmentId`.',
      pointers: { old: '/paths/~1shipments~1{id}/get/parameters/0/name', new: '/paths/~1shipments~1{shipmentId}/get/parameters/0/name' },
    });
  });

  it('a new optional parameter, a new operation: non-breaking', () => {
    expect(only((d) => d.paths['/quoter'].post.parameters.push({ name: 'lang', in: 'query', schema: { type: 'string' } }))).toMatchObject({
      kind: 'non-breaking',
      message: 'New optional query parameter `lang` in POST /quoter.',
    });
    expect(only((d) => (d.paths['/quoter'].get = { responses: { '200': { description: 'ok' } } }))).toMatchObject({
      kind: 'non-breaking',
      operation: { method: 'GET', path: '/quoter', operationId: null },
      message: 'GET /quoter was added.',
    });
  });

  it('`deprecated: true` added: a deprecation', () => {
    expect(only((d) => (d.paths['/quoter'].post.deprecated = true))).toMatchObject({ kind: 'deprecation', message: 'POST /quoter is deprecated.' });
  });

  it('`deprecated` removed: non-breaking (the library: a deprecation)', () => {
    const deprecated = quoterApi();
    deprecated.paths['/quoter'].post.deprecated = true;
    const [c, ...rest] = compareDocuments(deprecated, quoterApi());
    expect(rest).toEqual([]);
    expect(c).toMatchObject({ kind: 'non-breaking', rule: 'deprecationRemoved', type: 'deprecated', message: 'POST /quoter is no longer deprecated.' });
  });

  it('only a description changed: documentation-only', () => {
    expect(only((d) => (getShipment(d).description = 'Fetch a shipment.'))).toMatchObject({
      kind: 'documentation-only',
      message: 'The description of GET /shipments/{id} changed from “Get a shipment.” to “Fetch a shipment.”',
    });
  });

  it('a default changed: non-breaking (the library: breaking)', () => {
    expect(only((d) => (schemas(d).QuoteRequest.properties.mode.default = 'air'))).toMatchObject({
      kind: 'non-breaking',
      rule: 'defaultChanged',
      type: 'breaking',
      message: 'The default of `mode` in the body of POST /quoter changed from `road` to `air`.',
    });
  });

  it('a request type widened to allow null: non-breaking (the library: breaking)', () => {
    expect(only((d) => (schemas(d).QuoteRequest.properties.weight_kg.type = ['number', 'null']))).toMatchObject({
      kind: 'non-breaking',
      rule: 'compatibleTypeChange',
    });
  });

  it('a change to a security scheme is API-wide', () => {
    expect(only((d) => (d.components.securitySchemes.apiKey.name = 'X-Key'))).toMatchObject({
      kind: 'breaking',
      operation: null,
      message: 'The field `name` of the security scheme `apiKey` changed from `X-Api-Key` to `X-Key`.',
    });
  });

  it('lists breaking changes first, then by path and method', () => {
    const changes = changesAfter((d) => {
      getShipment(d).description = 'Fetch a shipment.';
      d.paths['/quoter'].post.deprecated = true;
      delete d.paths['/shipments/{id}'].delete;
      schemas(d).QuoteRequest.required.push('weight_kg');
    });
    expect(changes.map((c) => [c.kind, c.operation?.method])).toEqual([
      ['breaking', 'POST'],
      ['breaking', 'DELETE'],
      ['deprecation', 'POST'],
      ['documentation-only', 'GET'],
    ]);
  });

  it('no changes between equal documents', () => {
    expect(compareDocuments(quoterApi(), quoterApi())).toEqual([]);
  });
});

describe('compareDocuments: sentences for tags, webhooks, long texts and examples', () => {
  const tagged = (d: Doc): Doc => {
    d.tags = [{ name: 'Quotes', description: 'Prices.' }, { name: 'Shipments' }];
    return d;
  };
  const compareTagged = (edit: (doc: Doc) => void): ApiChange[] => {
    const after = tagged(quoterApi());
    edit(after);
    return compareDocuments(tagged(quoterApi()), after);
  };

  it('a tag added, removed or changed is named, wherever it is in the list: documentation-only', () => {
    const added = compareTagged((d) => d.tags.unshift({ name: 'ShipHero' }));
    expect(added).toEqual([
      {
        kind: 'documentation-only',
        operation: null,
        pointers: { old: null, new: '/tags/0' },
        message: 'The tag `ShipHero` was added.',
        action: 'add',
        type: 'unclassified',
        rule: 'tagByName',
      },
    ]);
    expect(compareTagged((d) => d.tags.splice(0, 1)).map((c) => [c.message, c.pointers.old])).toEqual([['The tag `Quotes` was removed.', '/tags/0']]);
    expect(compareTagged((d) => (d.tags[0].description = 'Prices of shipments.')).map((c) => c.message)).toEqual([
      'The description of the tag `Quotes` changed from “Prices.” to “Prices of shipments.”',
    ]);
    expect(compareTagged((d) => (d.tags[1].description = 'Labels.')).map((c) => c.message)).toEqual(['A description was added to the tag `Shipments`.']);
  });

  it('a webhook added (the document had none), and a change inside one, name the webhook', () => {
    const hook = {
      post: {
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } },
        responses: { '200': { description: 'ok' } },
      },
    };
    const added = only((d) => (d.webhooks = { shipmentStatusChanged: hook }));
    expect(added).toMatchObject({ kind: 'non-breaking', operation: null, message: 'The webhook `shipmentStatusChanged` was added.' });
    expect(added.pointers).toEqual({ old: null, new: '/webhooks/shipmentStatusChanged' });
    const before = quoterApi();
    before.webhooks = { shipmentStatusChanged: structuredClone(hook) };
    const after = quoterApi();
    after.webhooks = { shipmentStatusChanged: structuredClone(hook), labelReady: structuredClone(hook) };
    after.webhooks.shipmentStatusChanged.post.requestBody.content['application/json'].schema.properties.status = { type: 'string' };
    expect(compareDocuments(before, after).map((c) => c.message)).toEqual([
      'The webhook `labelReady` was added.',
      'New property `status` in the body of the webhook `shipmentStatusChanged`.',
    ]);
  });

  it('a long description: said to have changed, without two excerpts', () => {
    const long = (end: string): string => `${'Returns the shipment with its label, tracking number and events. '.repeat(2)}${end}`;
    const c = only((d) => {
      getShipment(d).description = long('Old.');
    });
    expect(c.message).toBe('The description of GET /shipments/{id} changed.');
    const before = quoterApi();
    getShipment(before).description = long('Old.');
    const after = quoterApi();
    getShipment(after).description = long('New.');
    expect(compareDocuments(before, after).map((c) => [c.kind, c.message])).toEqual([
      ['documentation-only', 'The description of GET /shipments/{id} changed.'],
    ]);
  });

  it('examples, summaries and external docs are documentation-only (the library: an example is unclassified)', () => {
    const json = (d: Doc): Doc => getShipment(d).responses['200'].content['application/json'];
    expect(only((d) => (json(d).examples = { sent: { value: { id: 'a', status: 'sent' } } }))).toMatchObject({
      kind: 'documentation-only',
      message: 'The example `sent` was added to the 200 response of GET /shipments/{id}.',
    });
    expect(only((d) => (json(d).example = { id: 'a', status: 'sent' }))).toMatchObject({
      kind: 'documentation-only',
      message: 'An example was added to the 200 response of GET /shipments/{id}.',
    });
    const withExample = quoterApi();
    json(withExample).example = { id: 'a', status: 'sent' };
    const changed = quoterApi();
    json(changed).example = { id: 'a', status: 'new' };
    expect(compareDocuments(withExample, changed).map((c) => [c.kind, c.rule, c.message])).toEqual([
      ['documentation-only', 'documentationOnly', 'The example of the 200 response of GET /shipments/{id} changed.'],
    ]);
    expect(only((d) => (getShipment(d).externalDocs = { url: 'https://example.com/shipments' }))).toMatchObject({
      kind: 'documentation-only',
      message: 'An external documentation link was added to GET /shipments/{id}.',
    });
    expect(only((d) => (getShipment(d).summary = 'Get a shipment'))).toMatchObject({
      kind: 'documentation-only',
      message: 'A summary was added to GET /shipments/{id}.',
    });
    // A property named `example` is a property, not documentation.
    expect(only((d) => (schemas(d).Quote.properties.example = { type: 'string' }))).toMatchObject({ kind: 'non-breaking', rule: null });
  });

  it('an operation tagged anew, an operation ID and an extension: no pointer fragments, no JSON quotes', () => {
    expect(only((d) => (getShipment(d).tags = ['Shipments'])).message).toBe('GET /shipments/{id} is now tagged `Shipments`.');
    expect(only((d) => (getShipment(d).operationId = 'fetchShipment')).message).toBe(
      'The operation ID of GET /shipments/{id} changed from `getShipment` to `fetchShipment`.',
    );
    expect(only((d) => (getShipment(d)['x-rate-limit'] = { perMinute: 60 })).message).toBe(
      'The field `x-rate-limit` of GET /shipments/{id} was added (`{"perMinute":60}`).',
    );
    expect(only((d) => (d.info.title = 'Quoter API')).message).toBe('The title of the API changed from “Quoter” to “Quoter API”.');
  });

  it('compares two loaded documents without changing them', () => {
    const before = quoterApi();
    const after = quoterApi();
    after.webhooks = { a: { post: { responses: { '200': { description: 'ok' } } } } };
    schemas(after).QuoteRequest.required.push('weight_kg');
    const copies = [structuredClone(before), structuredClone(after)];
    expect(compareDocuments(before, after)).toHaveLength(2);
    expect([before, after]).toEqual(copies);
  });
});

describe('rules', () => {
  const diff = (init: Partial<Diff>): Diff => ({ type: 'breaking', action: 'replace', path: [], ...init });
  it('defaultChanged: a schema default, not the default response', () => {
    expect(defaultChanged(diff({ path: ['paths', '/a', 'post', 'requestBody', 'content', 'application/json', 'schema', 'default'] }))).toBe('non-breaking');
    expect(defaultChanged(diff({ path: ['paths', '/a', 'get', 'responses', 'default'] }))).toBeUndefined();
  });
  it('compatibleTypeChange: wider in a request, narrower in a response', () => {
    const path = ['paths', '/a', 'post', 'requestBody', 'content', 'application/json', 'schema', 'type'];
    expect(compatibleTypeChange(diff({ path, before: 'integer', after: 'number' }), true)).toBe('non-breaking');
    expect(compatibleTypeChange(diff({ path, before: 'number', after: 'integer' }), true)).toBeUndefined();
    expect(compatibleTypeChange(diff({ path, before: ['string', 'null'], after: 'string' }), false)).toBe('non-breaking');
    expect(compatibleTypeChange(diff({ path, before: 'string', after: ['string', 'null'] }), false)).toBeUndefined();
  });
  it('securityRequirementAdded: only when the operation could be called without credentials', () => {
    const root = { security: [{ apiKey: [] }] };
    expect(securityRequirementAdded({ oldOp: {}, newOp: { security: [{ apiKey: [] }] }, oldRoot: {}, newRoot: {} })).toBe('breaking');
    expect(securityRequirementAdded({ oldOp: { security: [{}] }, newOp: { security: [{ apiKey: [] }] }, oldRoot: {}, newRoot: {} })).toBe('breaking');
    expect(securityRequirementAdded({ oldOp: {}, newOp: { security: [{ apiKey: [] }, { oauth: [] }] }, oldRoot: root, newRoot: root })).toBeUndefined();
  });
  it('movedParameters: same name (headers ignoring case), another place', () => {
    const removed = diff({ action: 'remove', before: { name: 'Currency', in: 'query' } });
    const added = diff({ action: 'add', after: { name: 'currency', in: 'header' } });
    const other = diff({ action: 'add', after: { name: 'lang', in: 'query' } });
    expect(movedParameters([removed, added, other])).toEqual([{ removed, added, name: 'currency', from: 'query', to: 'header' }]);
    expect(movedParameters([removed, diff({ action: 'add', after: { name: 'Currency', in: 'query' } })])).toEqual([]);
  });
  it('code: a span that holds backticks', () => {
    expect(code('a`b')).toBe('`` a`b ``');
    expect(code('plain')).toBe('`plain`');
  });
});
