import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { buildSite } from '../../src/render/build-site.js';
import { REPO, asText, tempProject } from '../helpers/fixtures.js';

// A site large enough for the compiled CLI to share its pages with a render worker, and the writing
// of its output with a second thread, comes out the same as the sources' in-process build, which
// uses neither.

describe('pages rendered by workers', () => {
  it('are the pages rendered in-process, byte for byte, and every file is written', async () => {
    const root = tempProject();
    const gen = spawnSync(process.execPath, [join(REPO, 'bench/generate-blog.mjs'), root, '760'], { encoding: 'utf8' });
    expect(gen.status, gen.stderr).toBe(0);
    const out = join(tempProject(), 'dist');
    const cli = spawnSync(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'build', '--root', root, '--out', out, '--no-cache', '--json'], {
      encoding: 'utf8',
      // Blog pages are cheap enough that a site this size draws them in one thread unless told.
      env: { ...process.env, NO_COLOR: '1', SHIPDOCS_RENDER_WORKERS: '1' },
    });
    expect(cli.status, cli.stderr).toBe(0);

    const { config } = await loadConfig(root);
    const result = await buildSite({ root, config: config! });
    const pages = result.files.filter((f) => f.path.endsWith('.html') && 'contents' in f);
    // Posts, list pages, tag and author pages: enough for a second writing thread (1,000 files).
    expect(result.files.length).toBeGreaterThan(1000);
    const written = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(written.length).toBe(result.files.length + 1); // and the output marker
    // Asset names carry content hashes, which may differ between the two builds' bundles.
    const unhashed = (html: string): string => html.replace(/-[A-Za-z0-9]{8,10}\.(js|css|json)/g, '.$1');
    let compared = 0;
    for (const page of pages) {
      if (!('contents' in page)) continue;
      expect(unhashed(readFileSync(join(out, page.path), 'utf8')), page.path).toBe(unhashed(asText(page.contents)));
      compared++;
    }
    expect(compared).toBe(pages.length);
  }, 120_000);
});
