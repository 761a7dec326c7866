import { describe, expect, it } from 'vitest';
import { toApiModel } from '../../src/openapi/model/to-api-model.js';
import { exportApi, type ExportApi } from '../../src/openapi/exports/request-parts.js';
import { brunoFolderFiles } from '../../src/openapi/exports/bruno-folder.js';
import { collectGarbage } from '../helpers/gc.js';

// Names given again and again: Microsoft Graph has thousands of operations of the same summary in
// one tag, which the Bruno folder export numbers ("Get user", "Get user 2", …). Trying every number
// from 2 for each repeat made it quadratic (0.7 s of Graph's zip). The same measure as
// build-growth.test.ts: N and 4N, CPU time in one run, the lowest of three runs each, at most 5×.
// What is timed is the folder's files (their names and YAML), not the zip around them: fflate's
// deflate, linear, was most of the time and left the quadratic names at 5.5-6× against 2.6-3×
// without them (4.4× on a loaded machine); the files alone measure 2-2.5× and 9× with them. The
// whole export, zip and all, is in build-growth.test.ts's API builds.

const MAX_RATIO = 5;

/** An API of `n` operations, all in one tag and all of the same summary. */
async function sameNamedApi(n: number): Promise<ExportApi> {
  const paths = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`/users/${i}`, { get: { summary: 'Get user', tags: ['users'], responses: { 200: { description: 'ok' } } } }]),
  );
  const { model } = await toApiModel({ openapi: '3.0.3', info: { title: 'Same names', version: '1' }, paths }, { basePath: '/api' });
  return exportApi(model!);
}

/** CPU milliseconds of `fn`, from a collected heap (a collection of what came before is not its cost). */
function cpuMs(fn: () => unknown): number {
  collectGarbage();
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/**
 * The folder's characters, each file let go as it comes (as the zip takes them): a heap that grows
 * with the output would charge the larger folder more for each collection.
 */
function folderSize(api: ExportApi): number {
  let chars = 0;
  for (const [, text] of brunoFolderFiles(api)) chars += text.length;
  return chars;
}

describe('export cost grows linearly with repeated names', () => {
  it(`the files of a Bruno folder of 4N requests of one name cost at most ${MAX_RATIO}× those of N`, async () => {
    const [small, large] = [await sameNamedApi(1500), await sameNamedApi(6000)];
    const runs = [0, 1, 2].map(() => [cpuMs(() => folderSize(small)), cpuMs(() => folderSize(large))] as const);
    const [a, b] = [Math.min(...runs.map((r) => r[0])), Math.min(...runs.map((r) => r[1]))];
    if (process.env.GROWTH_LOG) console.log(`N: ${a.toFixed(0)} ms; 4N: ${b.toFixed(0)} ms`);
    expect(b / a, `N: ${a.toFixed(0)} ms; 4N: ${b.toFixed(0)} ms`).toBeLessThanOrEqual(MAX_RATIO);
  });
});
