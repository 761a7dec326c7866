import { describe, expect, it } from 'vitest';
import { requestData } from '../../src/shared/request/request-data.js';
import { constraintText } from '../../src/components/api/schema/constraint-text.js';
import { createSchemaPlanner, type SchemaDirection } from '../../src/components/api/schema/plan-schema-view.js';
import { constraintHtml, schemaTreeInnerHtml } from '../../src/components/api/schema/schema-html.js';
import { typeLabel } from '../../src/components/api/schema/type-label.js';
import { toApiModel } from '../../src/openapi/model/to-api-model.js';
import type { ApiConstraint, ApiModel, ApiSchema } from '../../src/shared/api-model.js';
import { outlineView, schemaRef as ref } from '../helpers/schema-outline.js';

// How the schema view reads: what a request and a response leave out, nullable types, the names of
// variants, allOf that cannot be merged, discriminators, constraints in words, deprecation marks.

type Schemas = Record<string, unknown>;

/** A document whose every component schema is a request body and a response (schemas enter the model when used). */
async function model(schemas: Schemas, openapi = '3.1.0'): Promise<ApiModel> {
  const use = (name: string): unknown => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } });
  const paths = Object.fromEntries(
    Object.keys(schemas).map((name) => [`/${name}`, { post: { requestBody: use(name), responses: { 200: { description: 'ok', ...(use(name) as object) } } } }]),
  );
  const result = await toApiModel({ openapi, info: { title: 'T', version: '1' }, paths, components: { schemas } }, { basePath: '/api' });
  if (!result.model) throw new Error(JSON.stringify(result.diagnostics));
  return result.model;
}

const outline = (api: ApiModel, name: string, direction: SchemaDirection = 'response'): string =>
  outlineView(createSchemaPlanner(api).plan(ref(name), direction));
const lines = (...l: string[]): string => l.join('\n');

describe('read-only and write-only properties', async () => {
  const api = await model({
    Id: { type: 'string', readOnly: true },
    Account: {
      type: 'object',
      required: ['id', 'email', 'password', 'created'],
      properties: {
        id: { $ref: '#/components/schemas/Id' },
        email: { type: 'string', format: 'email' },
        password: { type: 'string', writeOnly: true },
        created: { type: 'string', format: 'date-time', readOnly: true },
        owner: { $ref: '#/components/schemas/Owner', readOnly: true },
      },
    },
    Owner: { type: 'object', properties: { name: { type: 'string' }, token: { type: 'string', writeOnly: true } } },
    Admin: { allOf: [{ $ref: '#/components/schemas/Account' }, { type: 'object', properties: { level: { type: 'integer', readOnly: true } } }] },
  });

  it('leaves read-only properties (and their requirement) out of requests, write-only ones out of responses', () => {
    expect(outline(api, 'Account', 'request')).toBe(lines('Account #s-1', '  email*: string <email>', '  password*: string [write-only]'));
    expect(outline(api, 'Account', 'response')).toBe(
      lines(
        'Account #s-1',
        '  id*: Id (string) [read-only]',
        '  email*: string <email>',
        '  created*: string <date-time> [read-only]',
        '  owner: Owner [read-only] #s-5',
        '    name: string',
      ),
    );
    // through allOf too
    expect(outline(api, 'Admin', 'request')).toBe(lines('Admin #s-1', '  email*: string <email>', '  password*: string [write-only]'));
  });

  it('draws a schema once per direction on a page: a response links to a response drawing, never to a request one', () => {
    const planner = createSchemaPlanner(api);
    const request = planner.plan(ref('Owner'), 'request');
    const response = planner.plan(ref('Owner'), 'response');
    expect(request.properties.map((p) => p.name)).toEqual(['name', 'token']);
    expect(response.properties.map((p) => p.name)).toEqual(['name']);
    expect(response.link).toBeUndefined();
  });

  it('leaves them out of the generated examples the same way', () => {
    const op = api.operations.find((o) => o.path === '/Account')!;
    const request = JSON.parse(op.requestBody!.content[0]!.examples[0]!.value) as object;
    const response = JSON.parse(op.responses[0]!.content[0]!.examples[0]!.value) as object;
    expect(Object.keys(request)).toEqual(['email', 'password']);
    expect(Object.keys(response)).toEqual(['id', 'email', 'created', 'owner']);
    expect(Object.keys((response as { owner: object }).owner)).toEqual(['name']);
  });
});

it("leaves read-only properties out of the try-it's form fields", async () => {
  const form = { type: 'object', properties: { id: { type: 'string', readOnly: true }, file: { type: 'string', format: 'binary' } } };
  const doc = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: { '/up': { post: { requestBody: { content: { 'multipart/form-data': { schema: form } } }, responses: { 204: { description: 'ok' } } } } },
  };
  const api = (await toApiModel(doc, { basePath: '/api' })).model!;
  expect(requestData(api, api.operations[0]!).bodies[0]!.fields.map((f) => f.name)).toEqual(['file']);
});

describe('nullable values', () => {
  it('reads 3.1 type arrays, null-only members and "null" itself', async () => {
    const api = await model({
      A: {
        type: 'object',
        properties: {
          name: { type: ['string', 'null'] },
          status: { anyOf: [{ $ref: '#/components/schemas/Status' }, { type: 'null' }] },
          owner: { oneOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'null' }], description: 'Who owns it.' },
          nothing: { type: 'null' },
          either: { oneOf: [{ type: 'string' }, { type: 'integer' }, { const: null }] },
        },
      },
      Status: { type: 'string', enum: ['on', 'off'] },
      Owner: { type: 'object', properties: { id: { type: 'string' } } },
    });
    expect(outline(api, 'A')).toBe(
      lines(
        'A #s-1',
        '  name: string | null',
        // a single alternative left: drawn in place, not as a one-option switch
        '  status: string | null {enum "on" "off"}',
        '  owner: Owner | null #s-6',
        '    id: string',
        '  nothing: null',
        '  either: string | integer | null',
        '    oneOf',
        '    - «string» string',
        '    - «integer» integer',
      ),
    );
  });

  it('reads OpenAPI 3.0 nullable, beside a type or beside an allOf', async () => {
    const api = await model(
      {
        A: {
          type: 'object',
          properties: {
            count: { type: 'integer', nullable: true },
            owner: { nullable: true, allOf: [{ $ref: '#/components/schemas/Owner' }] },
          },
        },
        Owner: { type: 'object', properties: { id: { type: 'string' } } },
      },
      '3.0.3',
    );
    const a = api.schemas['#/components/schemas/A']!;
    expect(a.properties.map((p) => typeLabel(p.schema, api))).toEqual(['integer | null', 'object | null']);
    expect(outline(api, 'A')).toContain('  owner: object | null\n    id: string');
  });
});

describe('variant names', () => {
  it('names variants by title, by schema name, by a title beside their $ref, else by what they hold', async () => {
    const api = await model({
      V: {
        oneOf: [
          { $ref: '#/components/schemas/Titled' },
          { $ref: '#/components/schemas/Plain' },
          { $ref: '#/components/schemas/Plain', title: 'Plain again' },
          { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, size: { type: 'integer' }, more: { type: 'string' } } },
          { type: 'array', items: { $ref: '#/components/schemas/Plain' } },
          { type: 'string', format: 'date' },
          { const: 'auto' },
        ],
      },
      Titled: { title: 'A titled one', type: 'object', properties: { a: { type: 'string' } } },
      Plain: { type: 'object', properties: { b: { type: 'string' } } },
    });
    const labels = api.schemas['#/components/schemas/V']!.oneOf.map((v) => v.label);
    expect(labels).toEqual(['A titled one', 'Plain', 'Plain again', 'object (id, name, size, …)', 'array[Plain]', 'string <date>', '"auto"']);
  });

  it('tells identical names apart by short descriptions, else by number', async () => {
    const api = await model({
      V: { type: 'string', oneOf: [{ description: 'An ISO code' }, { description: 'A free name' }] },
      W: { anyOf: [{ type: 'integer' }, { type: 'integer', description: 'A very long description that would not fit in a tab name at all' }] },
    });
    expect(api.schemas['#/components/schemas/V']!.oneOf.map((v) => v.label)).toEqual(['An ISO code', 'A free name']);
    expect(api.schemas['#/components/schemas/W']!.anyOf.map((v) => v.label)).toEqual(['integer (1)', 'integer (2)']);
  });

  it('draws `anyOf: [{required: [a]}, {required: [b]}]` beside properties as the object with a or b required', async () => {
    const api = await model({
      Location: {
        type: 'object',
        description: 'A saved address or a postal code.',
        properties: { address_id: { type: 'string', format: 'uuid' }, postal_code: { type: 'string' } },
        anyOf: [{ required: ['address_id'] }, { required: ['postal_code'] }],
      },
    });
    expect(outline(api, 'Location', 'request')).toBe(
      lines(
        'Location #s-1',
        '  anyOf',
        '  - «object (address_id)» object',
        '      address_id*: string <uuid>',
        '      postal_code: string',
        '  - «object (postal_code)» object',
        '      address_id: string <uuid>',
        '      postal_code*: string',
      ),
    );
    const html = schemaTreeInnerHtml(createSchemaPlanner(api).plan(ref('Location'), 'request'));
    expect(html).not.toContain('required: address_id');
    expect(html).not.toMatch(/<span class="sc-t">any<\/span>/);
  });

  it('gives each variant the properties the object declares beside them, once', async () => {
    const api = await model({
      Payment: {
        type: 'object',
        required: ['amount'],
        properties: { amount: { type: 'number' } },
        oneOf: [{ $ref: '#/components/schemas/Card' }, { title: 'Transfer', type: 'object', properties: { iban: { type: 'string' } } }],
      },
      Card: { type: 'object', required: ['number'], properties: { number: { type: 'string' } } },
    });
    expect(outline(api, 'Payment')).toBe(
      lines(
        'Payment #s-1',
        '  oneOf',
        '  - «Card» Card (object)',
        '      amount*: number',
        '      number*: string',
        '  - «Transfer» object',
        '      amount*: number',
        '      iban: string',
      ),
    );
  });
});

describe('allOf that cannot be merged, and discriminators', () => {
  it('says when members contradict each other, and merges a property two members define', async () => {
    const api = await model({
      A: {
        type: 'object',
        properties: {
          impossible: { allOf: [{ type: 'string' }, { type: 'integer' }] },
          count: {
            allOf: [
              { type: 'number', minimum: 0 },
              { type: 'integer', maximum: 9 },
            ],
          },
          name: { allOf: [{ type: 'object', properties: { first: { type: 'string' } } }, { properties: { first: { examples: ['Ana'] } } }] },
        },
      },
    });
    expect(outline(api, 'A')).toBe(
      lines('A #s-1', '  impossible: string & integer', '  count: integer {≥ 0; ≤ 9}', '  name: object', '    first: string {example "Ana"}'),
    );
  });

  it('merges a schema extending a discriminated base without offering it its siblings', async () => {
    const api = await model({
      Pet: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } }, discriminator: { propertyName: 'kind' } },
      Cat: { allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { lives: { type: 'integer' } } }] },
      Dog: { allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { barks: { type: 'boolean' } } }] },
    });
    // the base lists what extends it (a discriminator without oneOf, as Redoc reads it), each with the value that selects it
    expect(outline(api, 'Pet')).toBe(
      lines(
        'Pet #s-1',
        '  oneOf by kind (Cat→#s-2, Dog→#s-5)',
        '  - «Cat» Cat #s-2',
        '      kind*: string {const "Cat"}',
        '      lives: integer',
        '  - «Dog» Dog #s-5',
        '      kind*: string {const "Dog"}',
        '      barks: boolean',
      ),
    );
    expect(outline(api, 'Cat')).toBe(lines('Cat #s-1', '  kind*: string', '  lives: integer'));
    const html = schemaTreeInnerHtml(createSchemaPlanner(api).plan(ref('Pet'), 'response'));
    expect(html).toMatch(/<a href="#s-2"><code>Cat<\/code><\/a> → Cat/);
    expect(html).toContain('<details class="sc-var" name="s-1-oneOf" open><summary class="sc-vh"><span class="sc-vl">Cat</span>');
    expect(html).toContain('<div class="sc-panel" id="s-2">');
  });
});

describe('constraints and marks', () => {
  const say = (c: ApiConstraint): string[] => [constraintText(c, 'es'), constraintText(c, 'en')];

  it('words constraints as Redoc does, in both languages', () => {
    expect(say({ kind: 'length', min: 1, max: undefined })).toEqual(['no vacío', 'non-empty']);
    expect(say({ kind: 'length', min: 2, max: 60 })).toEqual(['2–60 caracteres', '2–60 characters']);
    expect(say({ kind: 'length', min: undefined, max: 60 })).toEqual(['≤ 60 caracteres', '≤ 60 characters']);
    expect(say({ kind: 'items', min: 1, max: 20 })).toEqual(['1–20 elementos', '1–20 items']);
    expect(say({ kind: 'items', min: 3, max: 3 })).toEqual(['exactamente 3 elementos', 'exactly 3 items']);
    expect(say({ kind: 'minimum', value: 0, exclusive: true })).toEqual(['> 0', '> 0']);
    expect(say({ kind: 'maximum', value: 70, exclusive: false })).toEqual(['≤ 70', '≤ 70']);
    expect(say({ kind: 'multipleOf', value: 5 })).toEqual(['múltiplo de 5', 'multiple of 5']);
    expect(say({ kind: 'pattern', value: '^\\d{5}$' })).toEqual(['patrón: ^\\d{5}$', 'pattern: ^\\d{5}$']);
    expect(say({ kind: 'uniqueItems' })).toEqual(['elementos únicos', 'unique items']);
  });

  it('writes a constraint as one text where the languages agree, else the words as labels and the value they share once', () => {
    expect(constraintHtml({ kind: 'maximum', value: 70, exclusive: false })).toBe('≤ 70');
    expect(constraintHtml({ kind: 'pattern', value: '^\\d{5}$' })).toBe(
      '<span lang="es" data-l="es">patrón:</span><span lang="en" data-l="en">pattern:</span> ^\\d{5}$',
    );
    expect(constraintHtml({ kind: 'contentMediaType', value: 'image/png' })).toMatch(/<\/span> image\/png$/);
    expect(constraintHtml({ kind: 'requires', names: ['a', 'b'] })).toMatch(/<\/span> a, b$/);
    // Nothing alike from a space on: the whole text in each language.
    expect(constraintHtml({ kind: 'items', min: 3, max: 3 })).toBe(
      '<span lang="es" data-l="es">exactamente 3 elementos</span><span lang="en" data-l="en">exactly 3 items</span>',
    );
  });

  it('reads every validation keyword of the document, 3.0 boolean exclusive bounds and 3.1 examples too', async () => {
    const api = await model(
      {
        A: {
          type: 'object',
          properties: {
            n: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, multipleOf: 0.5, example: 2.5 },
            s: { type: 'string', minLength: 1, maxLength: 5, pattern: '^[a-z]+$', default: 'abc', format: 'slug' },
            l: { type: 'array', minItems: 2, uniqueItems: true, items: { type: 'string', enum: ['x', 'y', 'z'] } },
          },
        },
      },
      '3.0.3',
    );
    expect(outline(api, 'A')).toBe(
      lines(
        'A #s-1',
        '  n: number {> 0; ≤ 10; multiple of 0.5; example 2.5}',
        '  s: string <slug> {1–5 characters; pattern: ^[a-z]+$; default "abc"}',
        '  l: array[string] {≥ 2 items; unique items}',
        '    items: string {enum "x" "y" "z"}',
      ),
    );
    const api31 = await model({ B: { type: 'string', examples: ['a', 'b'], exclusiveMaximum: 3 } });
    expect(outline(api31, 'B')).toBe('B (string) {< 3; example "a" "b"}');
  });

  it('marks deprecated and read-only properties in words, a deprecated name struck through', async () => {
    const api = await model({ A: { type: 'object', properties: { old: { type: 'string', deprecated: true }, id: { type: 'string', readOnly: true } } } });
    const html = schemaTreeInnerHtml(createSchemaPlanner(api).plan(ref('A'), 'response'));
    expect(html).toContain(
      '<li class="sc-p sc-p--dep"><div class="sc-h"><code class="sc-n">old</code><span class="sc-t">string</span><span class="api-badge api-badge--deprecated"><span lang="es" data-l="es">obsoleto</span><span lang="en" data-l="en">deprecated</span></span>',
    );
    expect(html).toContain('<span class="api-badge"><span lang="es" data-l="es">solo lectura</span><span lang="en" data-l="en">read-only</span></span>');
  });
});

describe('hostile shapes', () => {
  /** The inline schemas reachable from `s` without following a reference: a schema among them twice on one path is a cycle. */
  const inlineCycle = (s: ApiSchema, path: Set<ApiSchema> = new Set()): boolean => {
    if (path.has(s)) return true;
    path.add(s);
    const children = [
      ...s.properties.map((p) => p.schema),
      ...s.patternProperties.map((p) => p.schema),
      ...s.prefixItems,
      ...[...s.oneOf, ...s.anyOf].map((v) => v.schema),
      ...s.allOf,
      s.items,
      s.not,
      typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined,
    ];
    const found = children.some((c) => c?.kind === 'schema' && inlineCycle(c, path));
    path.delete(s);
    return found;
  };

  it('stays finite and small when allOf, oneOf and discriminators refer back to themselves', async () => {
    const api = await model({
      Self: { type: 'object', properties: { a: { type: 'string' } }, oneOf: [{ $ref: '#/components/schemas/Self' }, { required: ['a'] }] },
      Loop: {
        allOf: [{ $ref: '#/components/schemas/Loop2' }],
        discriminator: { propertyName: 'k', mapping: { x: '#/components/schemas/Loop', y: '#/components/schemas/Loop2', z: '#/components/schemas/Missing' } },
      },
      Loop2: {
        allOf: [{ $ref: '#/components/schemas/Loop' }],
        properties: { k: { type: 'string' } },
        anyOf: [{ $ref: '#/components/schemas/Loop' }, { type: 'null' }],
      },
      Deep: {
        properties: { p: { allOf: [{ $ref: '#/components/schemas/Deep' }, { $ref: '#/components/schemas/Deep' }] } },
        allOf: [{ $ref: '#/components/schemas/Deep' }],
      },
    });
    for (const s of Object.values(api.schemas)) expect(inlineCycle(s)).toBe(false);
    for (const name of ['Self', 'Loop', 'Loop2', 'Deep'])
      expect(schemaTreeInnerHtml(createSchemaPlanner(api).plan(ref(name), 'request')).length).toBeLessThan(10_000);
  });
});
