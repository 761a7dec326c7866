import { describe, expect, it } from 'vitest';
import type { ApiSchema, ApiSchemaNode } from '../../src/shared/api-model.js';
import { loadCase, op } from './helpers.js';
import { assignSlugs, slugify } from '../../src/openapi/model/slugs.js';

const resolve = (schemas: Record<string, ApiSchema>, node: ApiSchemaNode | undefined): ApiSchema => {
  if (!node) throw new Error('no schema');
  const s = node.kind === 'ref' ? schemas[node.ref] : node;
  if (!s) throw new Error('unresolved');
  return s;
};

describe('toApiModel: slugs', () => {
  it('caps a long path at 100 characters, cut at a word, with a stable hash of the whole (folder names stay legal)', () => {
    const base =
      '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.RecoveryServices/vaults/{vaultName}/backupFabrics/{fabricName}/protectionContainers/{containerName}/protectedItems/{protectedItemName}';
    const paths = [
      `${base}/recoveryPoints/{recoveryPointId}/provisionInstantItemRecovery`,
      `${base}/recoveryPoints/{recoveryPointId}/restore`,
      `${base}/recoveryPoints/{recoveryPointId}/restore`,
      '/short',
    ];
    const { slugs } = assignSlugs(paths.map((path) => ({ path, xSlug: undefined })));
    expect(slugify(paths[0]!).length).toBeLessThanOrEqual(100);
    expect(slugs[0]).toMatch(/^subscriptions-subscription-id-resource-groups-resource-group-name-providers-microsoft-[0-9a-f]{8}$/);
    expect(slugs[1]).not.toBe(slugs[0]);
    expect(slugs[2]).toBe(`${slugs[1]}-1`);
    expect(slugs[3]).toBe('short');
    expect(slugs.every((s) => Buffer.byteLength(s) <= 102)).toBe(true);
    expect(assignSlugs(paths.map((path) => ({ path, xSlug: undefined }))).slugs).toEqual(slugs);
    expect(assignSlugs([{ path: '/a', xSlug: 'x'.repeat(101) }]).problems).toHaveLength(1);
    // The changelog page's route is never an operation's, whether or not the config names releases.
    expect(assignSlugs([{ path: '/changelog', xSlug: undefined }]).slugs).toEqual(['changelog-1']);
    expect(assignSlugs([{ path: '/a', xSlug: 'changelog' }])).toEqual({
      slugs: ['a'],
      problems: [{ index: 0, message: 'x-slug "changelog" is the route of the API\'s changelog page; the slug of its path is used.' }],
    });
  });

  it('applies the slug rule, suffixes in document order, and x-slug overrides', async () => {
    const { model, diagnostics } = await loadCase('slugs');
    const slugs = Object.fromEntries(model.operations.map((o) => [`${o.method} ${o.path}`, o.slug]));
    expect(slugs).toEqual({
      'get /shiphero/orders/{orderId}': 'shiphero-orders-order-id',
      'get /addresses': 'addresses',
      'post /addresses': 'addresses-1',
      'get /addresses/{id}': 'addresses-id',
      // x-slug "addresses-id-1" of GET /claims takes the rule's next slug, so PUT moves on.
      'put /addresses/{id}': 'addresses-id-2',
      'delete /addresses/{id}': 'addresses-id-3',
      'get /auth/userInfo': 'auth-user-info',
      'get /HTTPServer/listAll': 'http-server-list-all',
      'get /': 'root',
      'get /custom': 'my-page',
      'post /custom': 'custom',
      'put /custom': 'custom-1',
      'get /claims': 'addresses-id-1',
    });
    expect(model.operations.every((o) => o.href === `/api/${o.slug}`)).toBe(true);
    const problems = diagnostics.filter((d) => d.code === 'SD3011');
    expect(problems.map((d) => [d.message, d.pointer, d.line])).toEqual([
      ['x-slug "my-page" is already used by another operation; the slug of its path is used.', '/paths/~1custom/post/x-slug', 21],
      [
        'x-slug "Not Valid!" is not lowercase letters, digits and hyphens of at most 100 characters; the slug of its path is used.',
        '/paths/~1custom/put/x-slug',
        22,
      ],
    ]);
    expect(problems.every((d) => d.severity === 'warning' && d.file === 'openapi.yaml')).toBe(true);
  });
});

describe('toApiModel: parameters', () => {
  it('merges path-level parameters, the operation winning by name and location', async () => {
    const { model } = await loadCase('path-params');
    const get = op(model, 'get', '/stores/{storeId}/items');
    expect(get.title).toBe('Items of a store');
    expect(get.parameters.path.map((p) => [p.name, p.required])).toEqual([['storeId', true]]);
    expect(get.parameters.query.map((p) => p.name)).toEqual(['limit', 'legacy']);
    const limit = get.parameters.query[0]!;
    expect(limit.description).toBe('<p>Operation-level limit wins.</p>');
    expect(resolve(model.schemas, limit.schema).default).toBe('10');
    expect(resolve(model.schemas, limit.schema).constraints).toEqual([{ kind: 'maximum', value: 50, exclusive: false }]);
    expect(get.parameters.header).toMatchObject([{ name: 'X-Tenant', required: true, description: '<p>Tenant <strong>id</strong>.</p>', example: '"acme"' }]);
    expect(get.parameters.cookie.map((p) => p.name)).toEqual(['session']);
    const legacy = get.parameters.query[1]!;
    expect(legacy).toMatchObject({ deprecated: true, example: '"a"' });
    expect(resolve(model.schemas, legacy.schema).enum).toEqual({ values: ['"a"', '"b"'], total: 2 });
  });
});

describe('toApiModel: references', () => {
  it('keeps references as references, so cycles stay finite, and resolves component parameters, bodies and responses', async () => {
    const { model } = await loadCase('refs-cycles');
    const tree = op(model, 'get', '/tree');
    expect(tree.parameters.query[0]).toMatchObject({ name: 'depth' });
    const ok = tree.responses.find((r) => r.status === '200')!;
    const node = ok.content[0]!.schema!;
    expect(node).toMatchObject({ kind: 'ref', ref: '#/components/schemas/TreeNode', name: 'TreeNode' });
    const treeNode = model.schemas['#/components/schemas/TreeNode']!;
    const children = resolve(model.schemas, treeNode.properties.find((p) => p.name === 'children')!.schema);
    expect(children.items).toMatchObject({ kind: 'ref', ref: '#/components/schemas/TreeNode' });
    expect(tree.responses.find((r) => r.status === '404')!.content[0]!.schema).toMatchObject({ kind: 'ref', name: 'Error' });
    // mutual recursion Person ⇄ Company
    const person = model.schemas['#/components/schemas/Person']!;
    const company = resolve(model.schemas, person.properties.find((p) => p.name === 'employer')!.schema);
    expect(company.properties.find((p) => p.name === 'ceo')!.schema).toMatchObject({ kind: 'ref', name: 'Person' });
    const people = op(model, 'post', '/people');
    expect(people.requestBody).toMatchObject({ required: true });
    expect(people.requestBody!.content[0]!.schema).toMatchObject({ kind: 'ref', name: 'Person' });
    // the model is plain data: it serializes (no object cycles)
    expect(() => JSON.stringify(model)).not.toThrow();
  });
});

describe('toApiModel: composition', () => {
  it('merges allOf, keeps oneOf/anyOf as labelled variants and shows discriminators', async () => {
    const { model } = await loadCase('composition');
    const dog = model.schemas['#/components/schemas/Dog']!;
    expect(dog.properties.map((p) => [p.name, p.required])).toEqual([
      ['petType', true],
      ['name', true],
      ['bark', true],
    ]);
    expect(dog.description).toBe('<p>Any pet.</p>');
    // The Markdown as written travels with its HTML, through allOf too (the exports quote it).
    expect(dog.descriptionMarkdown).toBe('Any pet.');
    expect(dog.types).toEqual(['object']);
    const choice = model.schemas['#/components/schemas/PetChoice']!;
    expect(choice.oneOf.map((v) => v.label)).toEqual(['dog', 'cat']);
    expect(choice.discriminator).toEqual({
      propertyName: 'petType',
      mapping: [
        { value: 'dog', ref: '#/components/schemas/Dog', name: 'Dog' },
        { value: 'cat', ref: '#/components/schemas/Cat', name: 'Cat' },
      ],
    });
    // without a mapping, the schemas extending the base through allOf are its values
    expect(model.schemas['#/components/schemas/Pet']!.discriminator!.mapping.map((m) => m.value)).toEqual(['Dog', 'Cat']);
    const contacts = resolve(model.schemas, op(model, 'post', '/contacts').requestBody!.content[0]!.schema);
    expect(contacts.anyOf.map((v) => v.label)).toEqual(['Email', 'Phone']);
  });
});

describe('toApiModel: examples', () => {
  it('takes examples from the document, else generates finite ones from the schema', async () => {
    const { model } = await loadCase('examples');
    const given = op(model, 'post', '/given');
    expect(given.requestBody!.content[0]!.examples.map((e) => [e.name, e.summary, e.value, e.generated])).toEqual([
      ['small', 'A small one', '{\n  "a": 1\n}', false],
      ['ref', 'From components', '{\n  "a": 42\n}', false],
    ]);
    const [json, text] = given.responses[0]!.content;
    expect(json!.examples[0]).toMatchObject({ value: '{\n  "ok": true\n}', language: 'json', generated: false });
    expect(text!.examples[0]).toMatchObject({ value: 'plain words', language: 'text' });
    const generated = op(model, 'get', '/generated').responses[0]!.content[0]!.examples[0]!;
    expect(generated.generated).toBe(true);
    const value = JSON.parse(generated.value) as { id: string; count: number; next: unknown };
    expect(value.count).toBe(7);
    expect(typeof value.id).toBe('string');
    expect(generated.value.length).toBeLessThan(2000);
    const readonly = op(model, 'post', '/readonly');
    expect(JSON.parse(readonly.requestBody!.content[0]!.examples[0]!.value)).toEqual({ password: 's3cret', name: 'Ana' });
    expect(JSON.parse(readonly.responses[0]!.content[0]!.examples[0]!.value)).toEqual({ id: 'acc_1', name: 'Ana' });
  });
});

describe('toApiModel: OpenAPI 3.1', () => {
  it('reads type arrays, const, examples arrays, $defs, $ref siblings and webhooks', async () => {
    const { model } = await loadCase('openapi31');
    expect(model.specVersion).toBe('3.1.0');
    expect(model.info).toMatchObject({ summary: 'A 3.1 document', license: { name: 'MIT', identifier: 'MIT', url: undefined } });
    const thing = model.schemas['#/components/schemas/Thing']!;
    const prop = (name: string): ApiSchemaNode => thing.properties.find((p) => p.name === name)!.schema;
    expect(resolve(model.schemas, prop('kind')).const).toBe('"thing"');
    expect(resolve(model.schemas, prop('label'))).toMatchObject({ types: ['string', 'null'], examples: ['"Lamp"', '"Chair"'] });
    expect(prop('code')).toMatchObject({ kind: 'ref', name: 'Code' });
    expect(resolve(model.schemas, prop('code')).constraints).toEqual([{ kind: 'pattern', value: '^[A-Z]{3}$' }]);
    expect(resolve(model.schemas, prop('size')).constraints).toEqual([
      { kind: 'minimum', value: 0, exclusive: true },
      { kind: 'maximum', value: 10, exclusive: true },
    ]);
    expect(prop('parent')).toMatchObject({
      kind: 'ref',
      name: 'Thing',
      description: '<p>Sibling description of a 3.1 reference.</p>',
      descriptionMarkdown: 'Sibling description of a 3.1 reference.',
    });
    expect(model.webhooks[0]!.responses[0]).toMatchObject({ description: '<p>Received.</p>', descriptionMarkdown: 'Received.' });
    expect(model.webhooks).toHaveLength(1);
    expect(model.webhooks[0]).toMatchObject({
      name: 'thingCreated',
      method: 'post',
      anchor: 'webhook-thing-created',
      title: 'A thing was created',
      tag: 'Things',
    });
    expect(model.tags.find((t) => t.name === 'Things')!.entries).toEqual([
      {
        kind: 'webhook',
        method: 'post',
        path: 'thingCreated',
        label: 'A thing was created',
        deprecated: false,
        href: '/api#webhook-thing-created',
        id: 'webhook-thing-created',
      },
    ]);
  });
});

describe('toApiModel: Swagger 2.0', () => {
  it('converts to OpenAPI 3 and keeps the document as written for download', async () => {
    const { model, files, exports } = await loadCase('swagger2');
    expect(model.specVersion).toMatch(/^3\.0\./);
    expect(model.servers.map((s) => s.url)).toEqual(['https://pets.example.com/v1']);
    const get = op(model, 'get', '/pets/{petId}');
    expect(get).toMatchObject({ slug: 'pets-pet-id', operationId: 'getPet', title: 'Find a pet' });
    expect(op(model, 'delete', '/pets/{petId}').slug).toBe('pets-pet-id-1');
    expect(get.parameters.query[0]).toMatchObject({ name: 'verbose' });
    expect(resolve(model.schemas, get.parameters.query[0]!.schema)).toMatchObject({ types: ['boolean'], default: 'false' });
    const pet = resolve(model.schemas, get.responses[0]!.content[0]!.schema);
    expect(pet.properties.map((p) => [p.name, p.required])).toEqual([
      ['name', true],
      ['tag', false],
    ]);
    expect(model.securitySchemes).toMatchObject([{ key: 'key', type: 'apiKey', in: 'header', name: 'X-Key' }]);
    expect(get.security).toEqual([{ schemes: [{ key: 'key', scopes: [] }] }]);
    expect(files).toEqual([{ path: 'api/openapi.yaml', copyFrom: expect.stringMatching(/swagger2\/openapi\.yaml$/) }]);
    // The exports, made when asked for, every one of them under api/exports/.
    const exported = (await exports!()).files;
    expect(exported.every((f) => f.path.startsWith('api/exports/'))).toBe(true);
    expect(exported.map((f) => f.path)).toContain('api/exports/postman-collection.json');
  });
});

describe('toApiModel: security', () => {
  it('models schemes with their types and the effective requirements of each operation', async () => {
    const { model, diagnostics } = await loadCase('security');
    expect(model.securitySchemes.map((s) => [s.key, s.type, s.scheme, s.in, s.name])).toEqual([
      ['bearer', 'http', 'bearer', undefined, undefined],
      ['basic', 'http', 'basic', undefined, undefined],
      ['key', 'apiKey', undefined, 'query', 'api_key'],
      ['oauth', 'oauth2', undefined, undefined, undefined],
    ]);
    const oauth = model.securitySchemes[3]!;
    expect(oauth.flows).toEqual([
      {
        type: 'clientCredentials',
        authorizationUrl: undefined,
        tokenUrl: 'https://auth.example.com/token',
        refreshUrl: undefined,
        scopes: [
          { name: 'read', description: 'Read things' },
          { name: 'write', description: 'Write things' },
        ],
      },
      { type: 'implicit', authorizationUrl: undefined, tokenUrl: undefined, refreshUrl: undefined, scopes: [] },
    ]);
    expect(diagnostics.find((d) => d.code === 'SD3010')).toMatchObject({
      pointer: '/components/securitySchemes/oauth/flows/implicit/authorizationUrl',
      severity: 'warning',
    });
    expect(op(model, 'get', '/default').security).toEqual([{ schemes: [{ key: 'bearer', scopes: [] }] }, { schemes: [{ key: 'basic', scopes: [] }] }]);
    expect(op(model, 'get', '/public').security).toEqual([]);
    expect(op(model, 'get', '/both').security).toEqual([
      {
        schemes: [
          { key: 'key', scopes: [] },
          { key: 'oauth', scopes: ['read', 'write'] },
        ],
      },
    ]);
  });
});

describe('toApiModel: servers and URLs', () => {
  it('resolves server variables, applies path and operation servers, and drops unsafe URLs', async () => {
    const { model, diagnostics } = await loadCase('servers');
    expect(model.servers).toEqual([
      {
        url: 'https://{region}.api.example.com/{version}',
        resolvedUrl: 'https://eu.api.example.com/v2',
        description: 'Regional',
        variables: [
          { name: 'region', default: 'eu', enum: ['eu', 'us'], description: undefined },
          { name: 'version', default: 'v2', enum: [], description: undefined },
        ],
        sandbox: false,
      },
      { url: '/relative', resolvedUrl: '/relative', description: undefined, variables: [], sandbox: false },
    ]);
    expect(op(model, 'get', '/a').servers).toBe(model.servers);
    expect(op(model, 'get', '/b').servers.map((s) => s.url)).toEqual(['https://b.example.com']);
    expect(op(model, 'post', '/b').servers.map((s) => s.url)).toEqual(['https://post.b.example.com']);
    expect(model.info).toMatchObject({
      termsOfService: undefined,
      contact: { name: 'Help', url: 'https://help.example.com', email: 'help@example.com' },
      license: { name: 'Custom', url: undefined },
      externalDocs: undefined,
    });
    expect(
      diagnostics
        .filter((d) => d.code === 'SD3010')
        .map((d) => d.pointer)
        .sort(),
    ).toEqual(['/externalDocs/url', '/info/license/url', '/info/termsOfService', '/servers/2/url']);
  });
});

describe('loadApi: external references', () => {
  it('bundles files referenced inside the project, keeping the references (and cycles) as references', async () => {
    const { model, files, diagnostics } = await loadCase('external-refs', 'openapi');
    expect(diagnostics).toEqual([]);
    // The bundler places the referenced file's content at the first reference and points the
    // others (here the recursive `parent`) at that place.
    const order = op(model, 'get', '/orders').responses[0]!.content[0]!.schema!;
    const schema = resolve(model.schemas, order);
    expect(schema.properties.map((p) => p.name)).toEqual(['id', 'lines', 'parent']);
    expect(schema.properties[2]!.schema).toMatchObject({ kind: 'ref', ref: '#/paths/~1orders/get/responses/200/content/application~1json/schema' });
    const lines = resolve(model.schemas, schema.properties[1]!.schema);
    expect(resolve(model.schemas, lines.items).properties.map((p) => p.name)).toEqual(['sku']);
    // a bundled document is offered for download as one file
    expect(files[0]).toMatchObject({ path: 'api/openapi.yaml' });
    expect('contents' in files[0]! && String(files[0].contents)).toContain('sku');
  });
});
