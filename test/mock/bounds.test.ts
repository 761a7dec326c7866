import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.js';
import { exceedsDepth, MAX_JSON_DEPTH } from '../../src/mock/read-body.js';
import { loadMockApi } from '../../src/openapi/load-mock-api.js';
import { tempProject } from '../helpers/fixtures.js';
import { startMock, type RunningMock } from './helpers.js';

// The mock stays bounded under any request: deep JSON is refused before the schema check recurses,
// and the document's patterns run in linear time (a pattern they cannot run is skipped, said once).

const DOCUMENT = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Bounds', version: '1' },
  paths: {
    '/items': {
      get: {
        parameters: [{ name: 'code', in: 'query', schema: { type: 'string', pattern: '^(a+)+$' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { example: { ok: true } } } } },
      },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  tag: { type: 'string', pattern: '^([a-z])\\1$' },
                  zip: { type: 'string', pattern: '^\\d{5}$' },
                  tree: { $ref: '#/components/schemas/Tree' },
                },
                patternProperties: { '^x-(a+)+$': { type: 'string' } },
              },
            },
          },
        },
        responses: { '201': { description: 'ok', content: { 'application/json': { example: { ok: true } } } } },
      },
    },
  },
  components: { schemas: { Tree: { type: 'object', properties: { child: { $ref: '#/components/schemas/Tree' } } } } },
});

const warnings: string[] = [];
let mock: RunningMock;
beforeAll(async () => {
  const root = tempProject({ 'openapi.json': DOCUMENT });
  const { config } = validateConfig({ openapi: { path: 'openapi.json', routeBasePath: 'api' } });
  const loaded = await loadMockApi(root, config!, { onWarning: (m) => warnings.push(m) });
  mock = await startMock(loaded.api!);
});
afterAll(async () => {
  await mock?.close();
});

const post = (body: string) => mock.send('POST', '/items', { headers: { 'content-type': 'application/json' }, body });

describe('nesting', () => {
  it(`answers 400 to JSON nested deeper than ${MAX_JSON_DEPTH} levels, at once, and keeps serving`, async () => {
    const started = performance.now();
    const deep = await post('{"tree":' + '{"child":'.repeat(100_000) + '{}' + '}'.repeat(100_001));
    expect(deep.status).toBe(400);
    expect(deep.text).toContain(`is nested deeper than ${MAX_JSON_DEPTH} levels, the most the mock reads`);
    const arrays = await post('['.repeat(100_000) + ']'.repeat(100_000));
    expect(arrays.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(2000);
    expect((await post('{"zip":"44160"}')).status).toBe(201);
  });

  it('counts brackets, not brackets inside strings', () => {
    expect(exceedsDepth('[[[]]]', 3)).toBe(false);
    expect(exceedsDepth('[[[[]]]]', 3)).toBe(true);
    expect(exceedsDepth(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 3)).toBe(false);
    const nested = '{"tree":' + '{"child":'.repeat(MAX_JSON_DEPTH - 2) + '{}' + '}'.repeat(MAX_JSON_DEPTH - 1);
    expect(exceedsDepth(nested, MAX_JSON_DEPTH)).toBe(false);
  });

  it(`accepts a body ${MAX_JSON_DEPTH} levels deep`, async () => {
    const body = '{"tree":' + '{"child":'.repeat(MAX_JSON_DEPTH - 2) + '{}' + '}'.repeat(MAX_JSON_DEPTH - 1);
    expect((await post(body)).status).toBe(201);
  });
});

describe("the document's patterns", () => {
  it('checks ^(a+)+$ in linear time: a 26-character value that backtracking would take minutes over answers at once', async () => {
    const started = performance.now();
    const r = await mock.send('GET', `/items?code=${'a'.repeat(26)}!`);
    expect(r.status).toBe(422);
    expect(r.text).toContain('must match pattern');
    const long = await mock.send('GET', `/items?code=${'a'.repeat(5000)}!`);
    expect(long.status).toBe(422);
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await mock.send('GET', `/items?code=${'a'.repeat(26)}`)).status).toBe(200);
  });

  it('checks patternProperties keys in linear time too', async () => {
    const started = performance.now();
    expect((await post(JSON.stringify({ [`x-${'a'.repeat(30)}!`]: 'v' }))).status).toBe(201);
    expect((await post(JSON.stringify({ [`x-${'a'.repeat(30)}`]: 1 }))).status).toBe(422);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('still checks ordinary patterns', async () => {
    expect((await post('{"zip":"4416"}')).status).toBe(422);
    expect((await post('{"zip":"44160"}')).status).toBe(201);
  });

  it('skips a pattern linear-time matching cannot run (a backreference), saying so once', async () => {
    expect((await post('{"tag":"ab"}')).status).toBe(201);
    expect((await post('{"tag":"zz"}')).status).toBe(201);
    const notes = warnings.filter((w) => w.includes('^([a-z])\\1$'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^The pattern "\^\(\[a-z\]\)\\1\$" is not checked: linear-time matching cannot run it \(.+\), so values are accepted without it\.$/,
    );
  });
});
