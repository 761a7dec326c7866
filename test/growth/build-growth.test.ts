import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { stringify as stringifyYaml } from 'yaml';
import { loadConfig } from '../../src/config/load-config.js';
import { buildSite } from '../../src/render/build-site.js';
import type { OutputFile } from '../../src/shared/model.js';
import { REPO, tempDir, tempProject } from '../helpers/fixtures.js';
import { collectGarbage } from '../helpers/gc.js';

// Growth tests: the same workload at N and 4N, measured in one run, so the ratio holds on any
// machine. Linear work gives about 4× (less, with the fixed costs); a cost that grows with the
// product of two sizes (every link located by scanning the whole document, every page holding a
// list of the whole site) gives up to 16× and fails. Time is the CPU time of this process (all its
// threads), which other processes on a loaded machine do not inflate as they do wall time; output
// is counted in bytes, as the build would write them.

const MAX_RATIO = 5;

interface Cost {
  /** CPU milliseconds (user and system, every thread of the process) of the build. */
  ms: number;
  /** Bytes of its output files. */
  bytes: number;
}

async function buildCost(root: string): Promise<Cost> {
  const { config } = await loadConfig(root);
  // Each build starts from a collected heap, so none is charged for collecting the one before.
  collectGarbage();
  let bytes = 0;
  const write = async (file: OutputFile): Promise<void> => {
    if ('parts' in file) for (const part of file.parts) bytes += Buffer.byteLength(part);
    else
      bytes +=
        'contents' in file ? (typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength) : statSync(file.copyFrom).size;
  };
  const before = process.cpuUsage();
  const built = await buildSite({ root, config: config!, write });
  const used = process.cpuUsage(before);
  expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { ms: (used.user + used.system) / 1000, bytes };
}

/**
 * Builds the N and 4N sites twice each, alternately, after one build that is not counted (it
 * compiles the code and loads what the site needs), and checks that neither the time nor the output
 * grows faster than the sites. The lower time of each size counts: a busy machine slows some builds
 * more than others.
 */
async function expectLinearGrowth(small: string, large: string): Promise<void> {
  await buildCost(small);
  const runs: Cost[][] = [[], []];
  for (let i = 0; i < 2; i++) {
    runs[0]!.push(await buildCost(small));
    runs[1]!.push(await buildCost(large));
  }
  const [a, b] = runs.map((r) => ({ ms: Math.min(...r.map((c) => c.ms)), bytes: r[0]!.bytes })) as [Cost, Cost];
  const figures = `N: ${a.ms.toFixed(0)} ms, ${(a.bytes / 1e6).toFixed(1)} MB; 4N: ${b.ms.toFixed(0)} ms, ${(b.bytes / 1e6).toFixed(1)} MB`;
  if (process.env.GROWTH_LOG) console.log(figures, runs.map((r) => r.map((c) => c.ms.toFixed(0)).join(' ')).join(' / '));
  expect(b.ms / a.ms, `time (${figures})`).toBeLessThanOrEqual(MAX_RATIO);
  expect(b.bytes / a.bytes, `output (${figures})`).toBeLessThanOrEqual(MAX_RATIO);
}

const SITE_URL = 'https://growth.example';

/**
 * An API of `n` operations in `n / 10` tags, each with links into the site and out of it (in its
 * description and its `externalDocs`, as GitHub's operations have; a third of them lead to a page the
 * site does not have, each reported at its line), a path parameter, a shared parameter and a body
 * and responses that use the shared schemas, and one schema of its own.
 */
function generatedApi(n: number): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {
    Address: {
      type: 'object',
      description: 'A postal address.',
      required: ['street', 'postal_code'],
      properties: {
        street: { type: 'string', example: 'Av. Reforma 222' },
        postal_code: { type: 'string', pattern: '^[0-9]{5}$', example: '06600' },
        state: { type: 'string', enum: ['CDMX', 'JAL', 'NL'] },
      },
    },
    Parcel: {
      type: 'object',
      properties: {
        weight_kg: { type: 'number', minimum: 0 },
        origin: { $ref: '#/components/schemas/Address' },
        destination: { $ref: '#/components/schemas/Address' },
      },
    },
    Error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
  };
  const examples: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const name = `Item${i}`;
    // A sizeable example per operation, written in it, as real documents have (most of GitHub's 13 MB).
    examples[name] = {
      summary: `A full item ${i}`,
      value: {
        id: `item_${i}`,
        count: i,
        history: Array.from({ length: 12 }, (_, k) => ({
          at: `2026-0${(k % 9) + 1}-1${k % 10}T10:00:00Z`,
          status: k % 2 ? 'in_transit' : 'delivered',
          place: `Centro de distribución ${k}`,
        })),
      },
    };
    schemas[name] = {
      type: 'object',
      description: `Item ${i}, see [the reference](${SITE_URL}/api).`,
      properties: { id: { type: 'string' }, parcel: { $ref: '#/components/schemas/Parcel' }, count: { type: 'integer', example: i } },
      externalDocs: { url: `https://elsewhere.example/schemas/${i}` },
    };
    const path = `/group-${Math.floor(i / 2)}/${i % 2 ? 'items' : 'things'}/{id}`;
    paths[path] = {
      [i % 3 ? 'get' : 'post']: {
        operationId: `operation${i}`,
        tags: [`tag-${Math.floor(i / 10)}`],
        summary: `Operation ${i}`,
        // Extension data, as real documents carry (GitHub's x-github): read by no page, but part of the text positions are found in.
        'x-metadata': {
          owner: `team-${i % 7}`,
          since: '2026-01-01',
          notes: Array.from({ length: 8 }, (_, k) => `Review note ${k} of operation ${i}: rate limits apply per client.`),
        },
        // Every third one leads to a page the site no longer has: a warning at its line, so placing is part of the work.
        externalDocs: { description: 'The guide', url: i % 3 ? `${SITE_URL}/api` : `${SITE_URL}/retired/guide-${i}` },
        description: `Does thing ${i} with a parcel. Read [the overview](${SITE_URL}/api) first, or [the guide](https://elsewhere.example/guide/${i}).\n\n- one\n- two`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { $ref: '#/components/parameters/Page' }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Parcel' } } } },
        responses: {
          '200': {
            description: `Item ${i}.`,
            content: {
              'application/json': { schema: { $ref: `#/components/schemas/${name}` }, examples: { full: examples[name] } },
            },
          },
          '400': { description: 'Bad request.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Growth API', version: '1.0.0', description: `Generated. See [the API](${SITE_URL}/api).` },
    servers: [{ url: 'https://api.growth.example' }],
    paths,
    components: { schemas, parameters: { Page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } } } },
  };
}

function apiSite(n: number, format: 'json' | 'yaml'): string {
  const doc = generatedApi(n);
  const text = format === 'json' ? JSON.stringify(doc, null, 2) : stringifyYaml(doc, { aliasDuplicateObjects: false });
  return tempProject({
    'site.config.ts': `export default { title: 'Growth', url: '${SITE_URL}', openapi: { path: 'openapi' } };\n`,
    [`openapi/api.${format}`]: text,
  });
}

function docsSite(pages: number): string {
  const dir = join(tempDir(), 'docs');
  const made = spawnSync(process.execPath, [join(REPO, 'bench/generate-docs.mjs'), dir, String(pages)], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(made.stderr);
  return dir;
}

// The same build's time varies by a quarter from one run to the next on a shared machine, and a
// linear build's ratio is near 4: a test that fails is measured once more. A cost that grows with
// the product of two sizes fails both times.
const RETRY = { retry: 1, timeout: 300_000 };

describe('build cost grows linearly', () => {
  const N = 150;
  for (const format of ['json', 'yaml'] as const) {
    it(`an API of ${N} and ${4 * N} operations (${format.toUpperCase()}): the larger costs at most ${MAX_RATIO}×`, RETRY, async () => {
      await expectLinearGrowth(apiSite(N, format), apiSite(4 * N, format));
    });
  }

  it(`docs of 150 and 600 pages: the larger costs at most ${MAX_RATIO}×`, RETRY, async () => {
    await expectLinearGrowth(docsSite(150), docsSite(600));
  });
});
