import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../../src/render/build-site.js';
import { loadApi } from '../../src/openapi/load-api.js';
import { createModelContext, TimeBoundError, type Obj } from '../../src/openapi/model/model-context.js';
import { estimateSize, sampleSchema, SAMPLE_LIMITS } from '../../src/openapi/model/sample-schema.js';
import { toApiModel } from '../../src/openapi/model/to-api-model.js';
import { createSchemaPlanner } from '../../src/components/api/schema/plan-schema-view.js';
import { schemaTreeInnerHtml } from '../../src/components/api/schema/schema-html.js';
import { tempProject, asText } from '../helpers/fixtures.js';
import { configFor, OPENAPI_FIXTURES } from './helpers.js';

// Forty schemas, each `allOf` + `anyOf` of references to the next: following every path is 5^40
// steps. It used to hang openapi-sampler (over 300 s with no diagnostic).
const FAN = join(OPENAPI_FIXTURES, 'fan-out');
const fanDoc = (): Obj => JSON.parse(readFileSync(join(FAN, 'openapi.json'), 'utf8')) as Obj;

describe('a document whose schemas fan out through references', () => {
  it('loads quickly: no example is generated for what expands too much, and the page says so', async () => {
    const started = performance.now();
    const loaded = await loadApi(FAN, configFor('openapi.json'));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.routes).toHaveLength(31);
    const api = loaded.routes[0]!.data.kind === 'api' ? loaded.routes[0]!.data.page.api : undefined;
    const media = api!.operations.flatMap((o) => [...o.requestBody!.content, ...o.responses[0]!.content]);
    expect(media).toHaveLength(60);
    for (const m of media) expect(m).toMatchObject({ examples: [], exampleSkipped: true });
    const built = await buildSite({ root: FAN, config: configFor('openapi.json') });
    const page = built.files.find((f) => f.path === 'api/p0/index.html');
    const html = page && 'contents' in page ? asText(page.contents) : '';
    expect(html.match(/class="api-example__skipped"/g)).toHaveLength(2);
    expect(html).toContain('No example was generated: the schema expands too much');
  });

  it('estimates the sampler walk through allOf and anyOf, so the attempt is skipped before it starts', () => {
    const ctx = createModelContext(fanDoc(), Number.POSITIVE_INFINITY);
    const root = { $ref: '#/components/schemas/S0' };
    for (const depth of SAMPLE_LIMITS.depths) expect(estimateSize(ctx, root, depth)).toBeGreaterThan(SAMPLE_LIMITS.nodes);
    // the last schema alone is small
    expect(estimateSize(ctx, { $ref: '#/components/schemas/S39' }, 8)).toBeLessThan(20);
  });

  it('draws the schema trees of its pages within the page budget', async () => {
    const { model } = await toApiModel(fanDoc(), { basePath: '/api' });
    const started = performance.now();
    const planner = createSchemaPlanner(model!);
    const html = schemaTreeInnerHtml(planner.plan(model!.operations[0]!.requestBody!.content[0]!.schema!, 'request'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(html.length).toBeLessThan(400_000);
    expect(html).toContain('sc-l--seen');
  });
});

describe('the bounds of example generation', () => {
  const deep = (): Obj => {
    const schemas: Obj = {};
    for (let i = 0; i < 30; i++) schemas[`N${i}`] = { type: 'object', properties: { x: { $ref: `#/components/schemas/N${i + 1}` }, y: { type: 'string' } } };
    schemas.N30 = { type: 'string' };
    return { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {}, components: { schemas } };
  };

  it('stops an attempt past its budget of reads and tries a shallower one, or gives up', () => {
    const ctx = createModelContext(deep(), Number.POSITIVE_INFINITY);
    const saved = SAMPLE_LIMITS.reads;
    try {
      SAMPLE_LIMITS.reads = 150;
      const shallow = sampleSchema(ctx, { $ref: '#/components/schemas/N0' }, 'response', '/x');
      expect(shallow.skipped).toBe(false);
      expect(JSON.stringify(shallow.value).split('"x"').length - 1).toBeLessThan(8);
      SAMPLE_LIMITS.reads = 20;
      expect(sampleSchema(ctx, { $ref: '#/components/schemas/N0' }, 'response', '/x')).toEqual({ value: undefined, skipped: 'too-complex' });
    } finally {
      SAMPLE_LIMITS.reads = saved;
    }
    expect(sampleSchema(ctx, { $ref: '#/components/schemas/N0' }, 'response', '/x').skipped).toBe(false);
  });

  it('checks the time bound inside the sampler, and the bound surfaces as SD3009 at the place it stopped', async () => {
    const ctx = createModelContext(deep(), Date.now() - 1);
    expect(() => sampleSchema(ctx, { $ref: '#/components/schemas/N0' }, 'response', '/paths/~1a/get')).toThrow(TimeBoundError);
    const doc = {
      ...deep(),
      paths: { '/a': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/N0' } } } } } } } },
    };
    const result = await toApiModel(doc, { basePath: '/api', deadline: Date.now() - 1 });
    expect(result.model).toBeUndefined();
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'SD3009', severity: 'error', pointer: '/paths/~1a/get' })]);
  });

  it('gives loadApi a real time bound', async () => {
    const root = tempProject({
      'openapi/api.yaml': "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      responses: {'200': {description: ok}}\n",
    });
    // A bound already past: with 0, a warm load can finish within the millisecond it started in.
    const loaded = await loadApi(root, configFor('openapi'), { timeBoundMs: -1 });
    expect(loaded.routes).toEqual([]);
    expect(loaded.diagnostics).toEqual([expect.objectContaining({ code: 'SD3009', file: 'openapi/api.yaml' })]);
  });
});
