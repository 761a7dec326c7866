import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { loadApi } from '../../src/openapi/load-api.js';
import { buildSite } from '../../src/render/build-site.js';
import { tempProject } from '../helpers/fixtures.js';
import { collectGarbage } from '../helpers/gc.js';

// What a loaded API keeps for the rest of the build: its model, not the document it was made from.
// A large API's document is hundreds of megabytes once parsed (Microsoft Graph's 47 MB of JSON),
// and V8 lets the heap grow to a multiple of what stays live before it collects, so every megabyte
// kept for the whole build costs several at the peak.

const heapUsed = (): number => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

const MB = 1024 * 1024;

/** An API of `operations` operations, each answering the same large schema, and `padding` bytes of a vendor extension the model does not read. */
function apiProject(operations: number, padding: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++) {
    paths[`/things/${i}`] = {
      get: {
        operationId: `getThing${i}`,
        summary: `Get thing ${i}`,
        responses: { '200': { description: 'The thing.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    };
  }
  const properties = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field${i}`, { type: 'string', example: `value of field ${i}` }]));
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Memory API', version: '1.0.0' },
    'x-padding': 'x'.repeat(padding),
    paths,
    components: { schemas: { Thing: { type: 'object', properties } } },
  };
  return tempProject({
    'site.config.ts': `export default { title: 'Memory', url: 'https://docs.memory.example', openapi: { path: 'openapi' } };\n`,
    'openapi/api.json': JSON.stringify(doc),
  });
}

async function load(root: string): Promise<Awaited<ReturnType<typeof loadApi>>> {
  const { config } = await loadConfig(root);
  return loadApi(root, config!);
}

describe('a loaded API keeps its model, not its document', () => {
  it('the document read and parsed is let go once the model is made', async () => {
    const root = apiProject(5, 16 * MB);
    // Once without the padding first, so that the modules loading loads are not counted.
    await load(apiProject(5, 0));
    const before = heapUsed();
    const loaded = await load(root);
    const held = heapUsed() - before;
    expect(loaded.apis?.[0]?.model.operations).toHaveLength(5);
    // The document's text and its parsed value are 32 MB; the model of five operations is a few hundred KB.
    expect(held).toBeLessThan(4 * MB);
  });

  it('operations that answer the same schema share its generated example', async () => {
    const loaded = await load(apiProject(3, 0));
    const examples = loaded.apis![0]!.model.operations.map((op) => op.responses[0]!.content[0]!.examples[0]!);
    expect(examples[0]!.generated).toBe(true);
    expect(examples[0]!.value.length).toBeGreaterThan(1000);
    expect(examples[1]).toBe(examples[0]);
    expect(examples[2]).toBe(examples[0]);
  });
});

/** An API of `operations` operations, each with its own long description (no two alike). */
function describedApiProject(operations: number, descriptionChars: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++) {
    // Each its own string, of few words (a search index of many words would outweigh the Markdown).
    const words = `Item ${i}. ${'The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(descriptionChars / 45))}`;
    paths[`/items/${i}`] = {
      get: { operationId: `getItem${i}`, summary: `Get item ${i}`, description: words, responses: { '204': { description: 'Done.' } } },
    };
  }
  return tempProject({
    'site.config.ts': `export default { title: 'Memory', url: 'https://docs.memory.example', openapi: { path: 'openapi' } };\n`,
    'openapi/api.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'Memory API', version: '1.0.0' }, paths }),
  });
}

/** The live heap while `llms-full.txt` is written (the twins written, the site index held), and the characters of the operations' twins. */
async function heldAtTheTwins(root: string): Promise<{ live: number; markdown: number }> {
  const { config } = await loadConfig(root);
  const before = heapUsed();
  let markdown = 0;
  let live = 0;
  await buildSite({
    root,
    config: config!,
    // As a writer does: each text turned into bytes (which makes a joined string one string).
    write: async (file) => {
      if ('parts' in file) for (const part of file.parts) Buffer.byteLength(part);
      else if ('contents' in file) Buffer.byteLength(file.contents);
      if (file.path === 'llms-full.txt') live = heapUsed() - before;
      else if (/^api\/[^/]+\.md$/.test(file.path) && 'contents' in file) markdown += file.contents.length;
    },
  });
  return { live, markdown };
}

describe('a build holds each operation’s Markdown once', () => {
  it('while the twins and llms-full.txt are written, the Markdown costs the heap about what the model’s descriptions and one copy do', async () => {
    // The same 200 operations with short and with long descriptions: what the difference costs
    // the heap, per character of the twins it adds.
    const short = describedApiProject(200, 200);
    // Built once first, so that the modules a build loads are not counted.
    await heldAtTheTwins(short);
    const small = await heldAtTheTwins(short);
    const large = await heldAtTheTwins(describedApiProject(200, 20_000));
    const perChar = (large.live - small.live) / (large.markdown - small.markdown);
    expect(large.markdown - small.markdown).toBeGreaterThan(1_000_000);
    // Each character of a description is held by the model (as written, and as HTML), the
    // descriptions' HTML cache and once as Markdown: about 8 bytes (measured 8.1). The Markdown held
    // once more (a join made one string when written, a twin's own copy of it) took it to 10.2.
    expect(perChar).toBeLessThan(9);
  });
});
