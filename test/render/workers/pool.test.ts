import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.js';
import { buildSite } from '../../../src/render/build-site.js';
import { poolSize } from '../../../src/render/workers/pool.js';
import { REPO, asText, tempProject } from '../../helpers/fixtures.js';

// The compiled CLI highlights code in worker threads; the sources' in-process build (the tests')
// runs the same tasks in its own thread. Both must give the same site.

describe('the worker pool', () => {
  it('gives the pages an in-process build gives, byte for byte, and every file is written', async () => {
    const root = tempProject();
    const gen = spawnSync(process.execPath, [join(REPO, 'bench/generate-docs.mjs'), root, '150'], { encoding: 'utf8' });
    expect(gen.status, gen.stderr).toBe(0);
    const out = join(tempProject(), 'dist');
    const cli = spawnSync(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'build', '--root', root, '--out', out, '--no-cache', '--json'], {
      encoding: 'utf8',
      // Two workers, whatever the cores of the machine running the tests.
      env: { ...process.env, NO_COLOR: '1', SHIPDOCS_WORKERS: '2' },
    });
    expect(cli.status, cli.stderr).toBe(0);

    const { config } = await loadConfig(root);
    const result = await buildSite({ root, config: config! });
    const written = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(written.length).toBe(result.files.length + 1); // and the output marker
    // Asset names carry content hashes, which may differ between the two builds' bundles.
    const unhashed = (html: string): string => html.replace(/-[A-Za-z0-9]{8,10}\.(js|css|json)/g, '.$1');
    const pages = result.files.filter((f) => f.path.endsWith('.html') && 'contents' in f);
    expect(pages.length).toBeGreaterThan(150);
    for (const page of pages) {
      if (!('contents' in page)) continue;
      expect(unhashed(readFileSync(join(out, page.path), 'utf8')), page.path).toBe(unhashed(asText(page.contents)));
    }
    expect(pages.some((p) => 'contents' in p && asText(p.contents).includes('class="shiki'))).toBe(true);
  }, 120_000);

  it('is sized by one rule: a thread per 100 pages, at least one, at most cores − 1 and 8', () => {
    expect(poolSize(55, 2, undefined)).toBe(1);
    expect(poolSize(1000, 2, undefined)).toBe(1);
    expect(poolSize(55, 16, undefined)).toBe(1);
    expect(poolSize(450, 16, undefined)).toBe(5);
    expect(poolSize(10_000, 16, undefined)).toBe(8);
    expect(poolSize(500, 1, undefined)).toBe(0);
    expect(poolSize(500, 16, '0')).toBe(0);
    expect(poolSize(5, 2, '3')).toBe(3);
  });
});
