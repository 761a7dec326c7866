import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { createDevSite } from '../../../src/render/dev/dev-site.js';
import { FIXTURES, tempProject } from '../../helpers/fixtures.js';

// The files `serve` makes from every page on request (llms.txt, twins, exports, feeds) are written
// to a temporary folder as they are made, not held in memory: a large API's add up to gigabytes.
// The folder goes when the site changes (the next request makes them again) and when the server closes.

describe("the dev site's files made on request", () => {
  it('are served from a temporary folder, made again after an edit and removed when the site closes', async () => {
    const root = tempProject(
      { 'openapi/openapi.yaml': readFileSync(join(FIXTURES, 'openapi/path-params/openapi.yaml'), 'utf8') },
      join(FIXTURES, 'sites/blog'),
    );
    const { config } = await loadConfig(root);
    const { site, first } = await createDevSite({ root, config: config! });
    expect(first.ok).toBe(true);
    try {
      const served = await site.file('llms.txt');
      expect(served && 'copyFrom' in served).toBe(true);
      const before = (served as { copyFrom: string }).copyFrom;
      expect(before.startsWith(tmpdir() + sep)).toBe(true);
      expect(readFileSync(before, 'utf8')).toMatch(/^# /);

      writeFileSync(join(root, 'content/docs/intro.md'), '---\ntitle: Introduction again\n---\n\nNew text.\n');
      expect((await site.update([join(root, 'content/docs/intro.md')])).ok).toBe(true);
      // Removed in the background: an edit does not wait for it.
      await expect.poll(() => existsSync(dirname(before))).toBe(false);
      const after = (await site.file('llms.txt')) as { copyFrom: string };
      expect(dirname(after.copyFrom)).not.toBe(dirname(before));
      expect(readFileSync(after.copyFrom, 'utf8')).toContain('Introduction again');

      await site.close();
      expect(existsSync(dirname(after.copyFrom))).toBe(false);
    } finally {
      await site.close();
    }
  });
});
