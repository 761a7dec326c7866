import { describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { createDevSite } from '../../../src/render/dev/dev-site.js';
import { FIXTURES, REPO, tempProject } from '../../helpers/fixtures.js';

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

  it('answer a request made while the site changes from the changed site', async () => {
    // GitHub's REST API: its exports take seconds to make, so the change comes while they are made.
    const root = tempProject({
      'site.config.ts': "export default { title: 'Changing', url: 'https://changing.example', openapi: { path: 'openapi' } };\n",
      'content/docs/intro.md': '---\ntitle: Intro\n---\n\nHello.\n',
    });
    mkdirSync(join(root, 'openapi'));
    copyFileSync(join(REPO, 'node_modules/@octokit/openapi/generated/api.github.com.json'), join(root, 'openapi/api.github.com.json'));
    const { config } = await loadConfig(root);
    const { site, first } = await createDevSite({ root, config: config! });
    expect(first.ok).toBe(true);
    try {
      const ours = (): string[] => readdirSync(tmpdir()).filter((n) => n.startsWith(`.shipdocs-tmp-shipdocs-serve-${process.pid}-`));
      const earlier = new Set(ours());
      const asked = site.file('llms.txt');
      // Once the first files are written, long before the API's are all made, a title changes: the site is prepared again.
      await expect.poll(() => ours().some((n) => !earlier.has(n) && readdirSync(join(tmpdir(), n)).length > 0), { timeout: 30_000 }).toBe(true);
      writeFileSync(join(root, 'content/docs/intro.md'), '---\ntitle: Intro renamed\n---\n\nHello.\n');
      expect((await site.update([join(root, 'content/docs/intro.md')])).ok).toBe(true);
      const served = (await asked) as { copyFrom: string };
      expect(readFileSync(served.copyFrom, 'utf8')).toContain('Intro renamed');
    } finally {
      await site.close();
    }
  }, 120_000);
});
