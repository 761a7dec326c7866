import { describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildSite } from '../../src/render/build-site.js';
import { REPO } from '../helpers/fixtures.js';
import { buildApiPages } from './build-api-pages.js';
import { configFor } from './helpers.js';

// Every document of @readme/oas-examples (Swagger 2.0, OpenAPI 3.0 and 3.1; JSON and YAML) loads and
// renders every page without an exception. A document that is genuinely invalid gets diagnostics.

const PKG = join(REPO, 'node_modules/@readme/oas-examples');
const DOCS: string[] = [];
const walk = (dir: string): void => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(json|ya?ml)$/.test(name)) DOCS.push(relative(PKG, path).split('\\').join('/'));
  }
};
for (const version of ['2.0', '3.0', '3.1']) walk(join(PKG, version));

/** Documents the OpenAPI schemas reject, and why. */
const INVALID: Record<string, RegExp> = {
  // `responses: {}`: OpenAPI 3.0 requires at least one response.
  '3.0/json/openapi-workshop/post.json': /^SD3005 \/paths\/~1hoot\/post\/responses must NOT have fewer than 1 properties/,
};

describe('the @readme/oas-examples corpus', () => {
  it('holds documents of every version', () => {
    expect(DOCS.filter((d) => d.startsWith('2.0/')).length).toBeGreaterThan(10);
    expect(DOCS.filter((d) => d.startsWith('3.0/')).length).toBeGreaterThan(70);
    expect(DOCS.filter((d) => d.startsWith('3.1/')).length).toBeGreaterThan(20);
  });

  it('loads and renders every document, invalid ones as diagnostics', async () => {
    const failures: string[] = [];
    const invalid: string[] = [];
    for (const doc of DOCS) {
      try {
        const built = await buildApiPages(PKG, doc);
        const errors = built.diagnostics.filter((d) => d.severity === 'error');
        if (errors.length) {
          invalid.push(doc);
          const expected = INVALID[doc];
          if (!expected || !expected.test(`${errors[0]!.code} ${errors[0]!.message}`))
            failures.push(`${doc}: ${errors.map((e) => `${e.code} ${e.message}`).join('; ')}`);
          if (errors.some((e) => !e.line || e.file !== doc)) failures.push(`${doc}: an error without its position`);
          continue;
        }
        if (built.routes.length === 0) failures.push(`${doc}: no pages`);
        for (const route of built.bad) failures.push(`${doc}: ${route} renders badly`);
      } catch (err) {
        failures.push(`${doc}: threw ${(err as Error).stack}`);
      }
    }
    expect(failures).toEqual([]);
    expect(invalid).toEqual(Object.keys(INVALID));
    // About 20 s of CPU (129 documents); the bound leaves room for a machine shared with other work.
  }, 180_000);

  it('builds whole sites from one document of each version', async () => {
    for (const doc of ['2.0/yaml/petstore.yaml', '3.0/json/circular.json', '3.1/yaml/train-travel.yaml']) {
      const result = await buildSite({ root: PKG, config: configFor(doc, { docs: false, blog: false }) });
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(result.routes).toContain('/api');
      expect(result.files.some((f) => f.path === 'api/index.html')).toBe(true);
    }
  });
});
