import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import type { SiteConfig } from '../../../src/config/schema.js';
import { buildSite } from '../../../src/render/build-site.js';
import { createDevSite, type DevSite } from '../../../src/render/dev/dev-site.js';
import { asText, fileBytes } from '../../helpers/fixtures.js';
import { largeSidebarSite } from '../../helpers/large-sidebar.js';

// A large sidebar's shared file (the entries of its closed categories) is made again after a title
// edit from the lists the dev site kept and those that show the title (render/html/site-view.ts):
// served, it is the file `build` writes, and pages point to it.

let root = '';
let config: SiteConfig;
let site: DevSite;

beforeAll(async () => {
  root = largeSidebarSite();
  config = (await loadConfig(root)).config!;
  site = (await createDevSite({ root, config })).site;
}, 60_000);

afterAll(async () => {
  await site?.close();
});

/** The shared sidebar file a page points to, as served, and as `build` writes it. */
async function sidebarFiles(route: string): Promise<{ served: string; built: string | undefined }> {
  const src = /data-sidebar-src="\/([^"]+)"/.exec(site.page(route)!)![1]!;
  const served = await site.file(src);
  const built = (await buildSite({ root, config })).files.find((f) => f.path === src);
  return { served: fileBytes(served!).toString('utf8'), built: built && asText((built as { contents: string }).contents) };
}

describe('a large sidebar under serve', () => {
  it.each([
    ['a title in a closed category', 'content/docs/cat-7/page-3.md', '# Page 7.3', '# Page 7.3, renamed'],
    ['a title in another category', 'content/docs/cat-9/page-1.md', '# Page 9.1', '# Page 9.1, renamed'],
  ])('after %s: the shared file served is the one build writes', async (_what, file, from, to) => {
    const abs = join(root, file);
    writeFileSync(abs, readFileSync(abs, 'utf8').replace(from, to));
    const r = await site.update([abs]);
    expect(r.ok).toBe(true);
    const { served, built } = await sidebarFiles('/docs/cat-5/page-3');
    expect(served).toContain(to.slice(2));
    expect(served).toBe(built);
  });
});
