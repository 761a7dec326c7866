import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/load-config.js';
import { buildSite } from '../../src/render/build-site.js';
import { FIXTURES } from '../helpers/fixtures.js';

// The largest APIs' exports and twins add up to gigabytes (Microsoft Graph's: 2 GB): a build hands
// each file to its writer as it is made, so none is held until the end of the build.

describe('a build writes the files after the pages as it makes them', () => {
  it('writes each export during the exports step and each twin during the twins step, holding none', async () => {
    const root = join(FIXTURES, 'sites/two-apis');
    const { config } = await loadConfig(root);
    const events: string[] = [];
    const result = await buildSite({
      root,
      config: config!,
      onStage: (name) => events.push(`stage ${name}`),
      write: async (file) => void events.push(file.path),
    });
    expect(result.files).toEqual([]);
    const at = (event: string): number => {
      const i = events.indexOf(event);
      expect(i, event).toBeGreaterThanOrEqual(0);
      return i;
    };
    const exportsStep = at('stage apiExports');
    const twinsStep = at('stage twins');
    const check = at('stage checkSite');
    const operationExport = events.findIndex((e) => /exports\/operations\/[^/]+\/universal\.md$/.test(e));
    const wholeApi = events.findIndex((e) => /exports\/postman-collection\.json$/.test(e));
    const twin = events.findIndex((e) => /^docs\/.+\.md$/.test(e));
    expect(operationExport).toBeGreaterThan(exportsStep);
    expect(operationExport).toBeLessThan(twinsStep);
    expect(wholeApi).toBeGreaterThan(exportsStep);
    expect(wholeApi).toBeLessThan(twinsStep);
    expect(twin).toBeGreaterThan(twinsStep);
    expect(twin).toBeLessThan(check);
    expect(events.indexOf('llms-full.txt')).toBeLessThan(check);
  });
});
