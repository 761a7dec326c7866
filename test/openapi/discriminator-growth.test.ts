import { describe, expect, it } from 'vitest';
import { toApiModel } from '../../src/openapi/model/to-api-model.js';
import { collectGarbage } from '../helpers/gc.js';

// The model's discriminator work grows with the document, not with its square. Microsoft Graph's
// `entity` maps 1,544 values to the schemas extending it, and every example of such a schema asks
// which value names it: looked up in the mapping as a list, that was half of the model's 23 s. The
// same document at N and 4N subtypes (each with an operation returning it, in a list and alone),
// CPU time of this process from a collected heap, the lowest of three runs each after one to warm
// up: linear work gives about 4×, a scan of the mapping per example up to 16×.

// Measured 4.3-4.7× on the linear code (the model's other steps grow a little faster than the
// subtypes here) and 16× with the scan: the bound sits between, clear of a busy machine's noise.
const MAX_RATIO = 8;

function discriminatedApi(n: number): Record<string, unknown> {
  const names = Array.from({ length: n }, (_, i) => `Kind${i}`);
  const schemas: Record<string, unknown> = {
    Entity: {
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string' }, id: { type: 'string' } },
      discriminator: { propertyName: 'kind', mapping: Object.fromEntries(names.map((name) => [`#kind.${name}`, `#/components/schemas/${name}`])) },
    },
  };
  const paths: Record<string, unknown> = {};
  names.forEach((name, i) => {
    schemas[name] = { allOf: [{ $ref: '#/components/schemas/Entity' }, { type: 'object', properties: { [`field${i}`]: { type: 'string' } } }] };
    const json = (schema: unknown): unknown => ({ content: { 'application/json': { schema } } });
    paths[`/kinds/${i}`] = {
      get: {
        operationId: `list${name}`,
        responses: { 200: { description: 'ok', ...(json({ type: 'array', items: { $ref: `#/components/schemas/${name}` } }) as object) } },
      },
      put: {
        operationId: `put${name}`,
        requestBody: json({ $ref: `#/components/schemas/${name}` }),
        responses: { 200: { description: 'ok', ...(json({ $ref: `#/components/schemas/${name}` }) as object) } },
      },
    };
  });
  return { openapi: '3.0.3', info: { title: 'Kinds', version: '1' }, paths, components: { schemas } };
}

async function modelMs(n: number): Promise<number> {
  const doc = discriminatedApi(n);
  collectGarbage();
  const before = process.cpuUsage();
  const { model } = await toApiModel(doc, { basePath: '/api' });
  const used = process.cpuUsage(before);
  expect(model?.operations).toHaveLength(2 * n);
  return (used.user + used.system) / 1000;
}

describe('the discriminator step of the model', () => {
  it('grows linearly with the subtypes of a discriminated base', async () => {
    const n = 600;
    // Each example names its subtype by the mapping's value, not by the schema's name.
    const { model } = await toApiModel(discriminatedApi(3), { basePath: '/api' });
    expect(model!.operations.find((o) => o.operationId === 'putKind2')?.requestBody?.content[0]?.examples[0]?.value).toContain('"kind": "#kind.Kind2"');
    // The first run also compiles the code: not counted.
    await modelMs(n);
    const small: number[] = [];
    const large: number[] = [];
    for (let i = 0; i < 3; i++) {
      small.push(await modelMs(n));
      large.push(await modelMs(4 * n));
    }
    const [a, b] = [Math.min(...small), Math.min(...large)];
    const figures = `N=${n}: ${a.toFixed(0)} ms, 4N: ${b.toFixed(0)} ms`;
    if (process.env.GROWTH_LOG) console.log(figures);
    expect(b / a, figures).toBeLessThanOrEqual(MAX_RATIO);
  }, 60_000);
});
