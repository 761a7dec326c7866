import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadApi } from '../../src/openapi/load-api.js';
import { loadApiModel } from '../../src/openapi/load-api-model.js';
import { findDocument } from '../../src/openapi/load/find-document.js';
import { buildSite } from '../../src/render/build-site.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Diagnostic } from '../../src/shared/diagnostics.js';
import { tempProject } from '../helpers/fixtures.js';
import { configFor } from './helpers.js';

// Every mistake of a document in one pass, each where it is written.
const load = async (files: Record<string, string>, { builds = false } = {}): Promise<string[]> => {
  const loaded = await loadApi(tempProject(files), configFor('openapi'));
  // Only warnings: the reference is built; any error: nothing is.
  expect(loaded.routes.length > 0).toBe(builds);
  return loaded.diagnostics.map((d: Diagnostic) => `${d.code} ${d.file}:${d.line}:${d.column} ${d.message}`);
};

const TYPOS = `info: {title: t, version: "1"}
paths:
  /a:
    get:
      sumary: x
      responses:
        "200":
          description: ok
          contnet:
            application/json: {schema: {type: object}}
component: {}
`;

describe('validation reports every real error at once', () => {
  it('OpenAPI 3.0: three typos, three warnings, each at its key; the reference is built without them', async () => {
    expect(await load({ 'openapi/api.yaml': `openapi: 3.0.3\n${TYPOS}` }, { builds: true })).toEqual([
      'SD3015 openapi/api.yaml:6:7 /paths/~1a/get has an unknown property "sumary".',
      'SD3015 openapi/api.yaml:10:11 /paths/~1a/get/responses/200 has an unknown property "contnet".',
      'SD3015 openapi/api.yaml:12:1 / has an unknown property "component".',
    ]);
  });

  it('OpenAPI 3.1: unevaluated properties are named and pointed at, top-level $defs included', async () => {
    expect(await load({ 'openapi/api.yaml': `openapi: 3.1.0\n${TYPOS}$defs: {}\n` }, { builds: true })).toEqual([
      'SD3015 openapi/api.yaml:6:7 /paths/~1a/get has an unknown property "sumary".',
      'SD3015 openapi/api.yaml:10:11 /paths/~1a/get/responses/200 has an unknown property "contnet".',
      'SD3015 openapi/api.yaml:12:1 / has an unknown property "component".',
      'SD3015 openapi/api.yaml:13:1 / has an unknown property "$defs".',
    ]);
  });

  const SEVERAL = `info: {title: t}
paths:
  /a:
    gett: {}
    get:
      parameters:
        - {name: q, in: body, schema: {type: string}}
        - {name: s, in: path, schema: {type: string}}
      responses:
        "200": {content: {}}
components:
  securitySchemes:
    b: {type: http, schema: bearer}
    k: {type: apiKey, name: X}
`;

  it('OpenAPI 3.0: keeps errors on parents and drops what only the alternatives not taken complain about', async () => {
    expect(await load({ 'openapi/api.yaml': `openapi: 3.0.3\n${SEVERAL}` })).toEqual([
      'SD3005 openapi/api.yaml:2:1 /info must have the property "version".',
      'SD3015 openapi/api.yaml:5:5 /paths/~1a has an unknown property "gett".',
      'SD3005 openapi/api.yaml:8:25 /paths/~1a/get/parameters/0/in must be one of "path", "query", "header", "cookie" (found "body").',
      'SD3005 openapi/api.yaml:9:11 /paths/~1a/get/parameters/1 must have the property "required".',
      'SD3005 openapi/api.yaml:11:9 /paths/~1a/get/responses/200 must have the property "description".',
      'SD3005 openapi/api.yaml:14:5 /components/securitySchemes/b must have the property "scheme".',
      'SD3015 openapi/api.yaml:14:21 /components/securitySchemes/b has an unknown property "schema".',
      'SD3005 openapi/api.yaml:15:5 /components/securitySchemes/k must have the property "in".',
    ]);
  });

  it('OpenAPI 3.1: a property of a failed conditional part is not reported as unknown', async () => {
    expect(await load({ 'openapi/api.yaml': `openapi: 3.1.0\n${SEVERAL}` })).toEqual([
      'SD3005 openapi/api.yaml:2:1 /info must have the property "version".',
      'SD3015 openapi/api.yaml:5:5 /paths/~1a has an unknown property "gett".',
      'SD3005 openapi/api.yaml:8:25 /paths/~1a/get/parameters/0/in must be one of "query", "header", "path", "cookie" (found "body").',
      'SD3005 openapi/api.yaml:9:11 /paths/~1a/get/parameters/1 must have the property "required".',
      'SD3005 openapi/api.yaml:11:9 /paths/~1a/get/responses/200 must have the property "description".',
      'SD3005 openapi/api.yaml:14:5 /components/securitySchemes/b must have the property "scheme".',
      'SD3015 openapi/api.yaml:14:21 /components/securitySchemes/b has an unknown property "schema".',
      'SD3005 openapi/api.yaml:15:5 /components/securitySchemes/k must have the property "in".',
    ]);
  });

  it('reports unresolved references together with the validation errors', async () => {
    const doc =
      'openapi: 3.0.3\ninfo: {title: x}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Nope"}}}}\n      x-data: {$ref: "#/not/checked"}\n      requestBody:\n        content:\n          application/json:\n            example: {$ref: "#/literal/data"}\n';
    expect(await load({ 'openapi/api.yaml': doc })).toEqual([
      'SD3005 openapi/api.yaml:2:1 /info must have the property "version".',
      'SD3007 openapi/api.yaml:7:78 Unresolved reference "#/components/schemas/Nope": nothing exists at that place in the document.',
    ]);
  });
});

describe('describing values of the wrong type (SD3016): built over, as Redoc and Swagger UI do', () => {
  const BROKEN = `openapi: 3.0.3
info: {title: t, version: 1.0, license: {url: "https://l.example"}}
paths:
  /a:
    get:
      tags: pets
      parameters:
        - {name: q, in: query, required: "true", schema: {type: string, pattern: 0, minimum: "3", enum: x}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: true
                discriminator: kind
                properties:
                  a: {type: int, nullable: "true", maxLength: -1}
              examples: [{value: 1}]
`;

  it('OpenAPI 3.0: each a warning at its place, read as the type expected when exact, else left out', async () => {
    expect(await load({ 'openapi/api.yaml': BROKEN }, { builds: true })).toEqual([
      'SD3016 openapi/api.yaml:2:27 /info/version must be a string (found 1). Read as "1.0".',
      'SD3016 openapi/api.yaml:2:32 /info/license must have the property "name". Left out of the reference.',
      'SD3016 openapi/api.yaml:6:13 /paths/~1a/get/tags must be an array (found "pets"). Read as ["pets"].',
      'SD3016 openapi/api.yaml:8:42 /paths/~1a/get/parameters/0/required must be a boolean (found "true"). Read as true.',
      'SD3016 openapi/api.yaml:8:82 /paths/~1a/get/parameters/0/schema/pattern must be a string (found 0). Read as "0".',
      'SD3016 openapi/api.yaml:8:94 /paths/~1a/get/parameters/0/schema/minimum must be a number (found "3"). Read as 3.',
      'SD3016 openapi/api.yaml:8:105 /paths/~1a/get/parameters/0/schema/enum must be an array (found "x"). Read as ["x"].',
      'SD3016 openapi/api.yaml:16:27 /paths/~1a/get/responses/200/content/application~1json/schema/required must be an array (found true). Left out of the reference.',
      'SD3016 openapi/api.yaml:17:32 /paths/~1a/get/responses/200/content/application~1json/schema/discriminator must be an object (found "kind"). Left out of the reference.',
      'SD3016 openapi/api.yaml:19:29 /paths/~1a/get/responses/200/content/application~1json/schema/properties/a/type must be one of "array", "boolean", "integer", "number", "object", "string" (found "int"). Left out of the reference.',
      'SD3016 openapi/api.yaml:19:44 /paths/~1a/get/responses/200/content/application~1json/schema/properties/a/nullable must be a boolean (found "true"). Read as true.',
      'SD3016 openapi/api.yaml:19:63 /paths/~1a/get/responses/200/content/application~1json/schema/properties/a/maxLength must be >= 0 (found -1). Left out of the reference.',
      'SD3016 openapi/api.yaml:20:15 /paths/~1a/get/responses/200/content/application~1json/examples must be an object (found an array). Left out of the reference.',
    ]);
  });

  it('the model is made from the repaired copy; the download is the document as written', async () => {
    const root = tempProject({ 'openapi/api.yaml': BROKEN });
    const found = findDocument(root, 'openapi');
    const loaded = await loadApiModel(root, found.document!, { basePath: '/api', deadline: Date.now() + 60_000 });
    type Get = { tags: unknown; parameters: unknown[]; responses: Record<string, { content: Record<string, unknown> }> };
    const doc = loaded.document as { info: unknown; paths: Record<string, { get: Get }> };
    expect(doc.info).toEqual({ title: 't', version: '1.0' });
    const get = doc.paths['/a']!.get;
    expect(get.tags).toEqual(['pets']);
    expect(get.parameters[0]).toEqual({ name: 'q', in: 'query', required: true, schema: { type: 'string', pattern: '0', minimum: 3, enum: ['x'] } });
    const media = get.responses['200']!.content['application/json'];
    expect(media).toEqual({ schema: { type: 'object', properties: { a: { nullable: true } } } });
    expect(loaded.download).toEqual({ path: 'api/openapi.yaml', copyFrom: join(root, 'openapi/api.yaml') });
    expect(loaded.model!.operations[0]!.parameters.query[0]!.required).toBe(true);
  });

  it('Swagger 2.0: a repaired body schema takes away what the other parameter shapes said of it', async () => {
    const swagger = `swagger: "2.0"
info: {title: sw, version: "1"}
paths:
  /pets:
    post:
      parameters:
        - {name: b, in: body, schema: {type: object, required: true, properties: {x: {type: string, pattern: 5}}}}
      responses: {"200": {description: ok}}
`;
    expect(await load({ 'openapi/api.yaml': swagger }, { builds: true })).toEqual([
      'SD3016 openapi/api.yaml:7:64 /paths/~1pets/post/parameters/0/schema/required must be an array (found true). Left out of the reference.',
      'SD3016 openapi/api.yaml:7:110 /paths/~1pets/post/parameters/0/schema/properties/x/pattern must be a string (found 5). Read as "5".',
    ]);
  });

  it('a value read as the type expected that is still wrong is left out', async () => {
    const spec = `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      parameters: [{name: q, in: query, schema: {type: number, multipleOf: "0"}}]
      responses: {"200": {description: ok}}
`;
    expect(await load({ 'openapi/api.yaml': spec }, { builds: true })).toEqual([
      'SD3016 openapi/api.yaml:6:76 /paths/~1a/get/parameters/0/schema/multipleOf must be a number (found "0"). Left out of the reference.',
    ]);
  });

  it('breaks of the structure stay errors: subschemas, references, parameters, required properties', async () => {
    const spec = `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a/{id}:
    get:
      parameters:
        - {name: id, in: path, required: false, schema: {type: string}}
        - {name: q, in: query, schema: 5, description: 7}
      responses:
        "200":
          content:
            application/json:
              schema:
                properties:
                  a: {items: 5}
                  b: 7
                  c: {allOf: {type: string}}
                  d: {$ref: 5}
`;
    expect(await load({ 'openapi/api.yaml': spec })).toEqual([
      'SD3005 openapi/api.yaml:7:42 /paths/~1a~1{id}/get/parameters/0/required must be true (found false).',
      'SD3005 openapi/api.yaml:8:40 /paths/~1a~1{id}/get/parameters/1/schema must be an object (found 5).',
      // Reported with the errors, so that one pass shows everything to fix.
      'SD3016 openapi/api.yaml:8:56 /paths/~1a~1{id}/get/parameters/1/description must be a string (found 7). Read as "7".',
      'SD3005 openapi/api.yaml:10:9 /paths/~1a~1{id}/get/responses/200 must have the property "description".',
      'SD3005 openapi/api.yaml:15:30 /paths/~1a~1{id}/get/responses/200/content/application~1json/schema/properties/a/items must be an object (found 5).',
      'SD3005 openapi/api.yaml:16:22 /paths/~1a~1{id}/get/responses/200/content/application~1json/schema/properties/b must be an object (found 7).',
      'SD3005 openapi/api.yaml:17:23 /paths/~1a~1{id}/get/responses/200/content/application~1json/schema/properties/c/allOf must be an array (found an object).',
      'SD3015 openapi/api.yaml:18:23 /paths/~1a~1{id}/get/responses/200/content/application~1json/schema/properties/d has an unknown property "$ref".',
      'SD3005 openapi/api.yaml:18:29 /paths/~1a~1{id}/get/responses/200/content/application~1json/schema/properties/d/$ref must be a string (found 5).',
    ]);
  });

  it('--strict makes them errors', async () => {
    const root = tempProject({ 'openapi/api.yaml': BROKEN, 'site.config.ts': 'export default { docs: false, blog: false };\n' });
    const { config } = await loadConfig(root);
    const strict = await buildSite({ root, config: config!, strict: true });
    const repaired = strict.diagnostics.filter((d) => d.code === 'SD3016');
    expect(repaired.length).toBe(13);
    expect(repaired.every((d) => d.severity === 'error')).toBe(true);
  });
});

describe('Swagger 2.0 problems point into the 2.0 document', () => {
  const SWAGGER = `swagger: "2.0"
info: {title: sw, version: "1"}
host: api.example.com
externalDocs: {url: "javascript:alert(1)"}
paths:
  /pets/{petId}:
    get:
      x-slug: "Bad Slug"
      parameters:
        - {name: petId, in: path, required: true, type: string}
        - {name: body, in: body, schema: {$ref: "#/definitions/Pett"}}
        - {name: q, in: query, type: strin}
      responses:
        "200": {description: ok, schema: {$ref: "#/definitions/Pet"}}
definitions:
  Pet: {type: object, properties: {name: {type: string}}, requird: [name]}
`;

  it('unresolved references and schema errors, before conversion', async () => {
    expect(await load({ 'openapi/api.yaml': SWAGGER })).toEqual([
      'SD3007 openapi/api.yaml:11:49 Unresolved reference "#/definitions/Pett": nothing exists at that place in the document.',
      'SD3005 openapi/api.yaml:12:38 /paths/~1pets~1{petId}/get/parameters/2/type must be one of "string", "number", "boolean", "integer", "array", "file" (found "strin").',
      'SD3015 openapi/api.yaml:16:59 /definitions/Pet has an unknown property "requird".',
    ]);
  });

  it('warnings found after conversion, at their 2.0 place', async () => {
    const fixed = SWAGGER.replace('Pett', 'Pet').replace('strin}', 'string}').replace('requird', 'required');
    const loaded = await loadApi(tempProject({ 'openapi/api.yaml': fixed }), configFor('openapi'));
    expect(loaded.routes.length).toBe(2);
    expect(loaded.diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.pointer}`)).toEqual([
      'SD3011 8:15 /paths/~1pets~1{petId}/get/x-slug',
      'SD3010 4:21 /externalDocs/url',
    ]);
  });
});

describe('references to refused files', () => {
  it('reports every reference to a refused file, whatever its #fragment', async () => {
    const doc =
      'openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {description: ok, content: {application/json: {schema: {$ref: "../../secret.yaml"}}}}\n        "201": {description: ok, content: {application/json: {schema: {$ref: "../../secret.yaml#/X"}}}}\n        "202": {description: ok, content: {application/json: {schema: {$ref: "../../secret.yaml#/Y"}}}}\n';
    expect(await load({ 'openapi/api.yaml': doc })).toEqual([
      'SD3006 openapi/api.yaml:7:78 Reference "../../secret.yaml" refused: it points outside the project.',
      'SD3006 openapi/api.yaml:8:78 Reference "../../secret.yaml#/X" refused: it points outside the project.',
      'SD3006 openapi/api.yaml:9:78 Reference "../../secret.yaml#/Y" refused: it points outside the project.',
    ]);
  });
});

describe('duplicate operationIds', () => {
  it('warn at the second, naming the first; each operation keeps its page; --strict makes it an error', async () => {
    const spec = `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /orders:
    get:
      operationId: list
      responses: {"200": {description: ok}}
  /users:
    get:
      operationId: list
      responses: {"200": {description: ok}}
`;
    const root = tempProject({ 'openapi/api.yaml': spec });
    const loaded = await loadApi(root, configFor('openapi'));
    expect(loaded.diagnostics.map((d) => `${d.code} ${d.severity} ${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
      'SD3014 warning openapi/api.yaml:10:20 operationId "list" of GET /users is also the operationId of GET /orders (/paths/~1orders/get/operationId).',
    ]);
    expect(loaded.routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/orders', '/api/users']));
    const { config } = await loadConfig(root);
    const strict = await buildSite({ root, config: config!, strict: true });
    expect(strict.diagnostics.find((d) => d.code === 'SD3014')?.severity).toBe('error');
  });
});

describe("links from the document into the site's own pages", () => {
  it("are checked like the pages' links: a page that does not exist is a broken link at its place in the document", async () => {
    const spec = `openapi: 3.0.3
info:
  title: t
  version: "1"
  contact: {name: Support, url: "https://docs.example.com/site/support"}
  termsOfService: "https://docs.example.com/site/docs/a?ref=api#top"
externalDocs: {url: "https://elsewhere.example.com/missing"}
paths: {}
`;
    const root = tempProject({
      'openapi/api.yaml': spec,
      'content/docs/a.md': '# A\n\n## Top\n',
      'site.config.ts': "export default { url: 'https://docs.example.com', baseUrl: '/site/' };\n",
    });
    const { config } = await loadConfig(root);
    const built = await buildSite({ root, config: config! });
    const broken = built.diagnostics.filter((d) => d.code.startsWith('SD4'));
    expect(broken.map((d) => `${d.code} ${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
      'SD4001 openapi/api.yaml:5:33 Broken link "https://docs.example.com/site/support": no page at /support.',
    ]);
  });
});
