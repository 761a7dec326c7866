import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.js';
import { prepareSite, type PreparedSite } from '../../../src/render/build-site.js';
import { renderRoute } from '../../../src/render/html/render-routes.js';
import { createPool, type WorkerPool } from '../../../src/render/workers/pool.js';
import { REPO } from '../../helpers/fixtures.js';

// The worker threads run on the sources under test, not only from lib/: worker.ts is bundled from
// src/ (its packages resolved from the repository's node_modules) and the default site prepared
// with a pool of two threads running it. Its pages must be those of the in-process pool.

let pool: WorkerPool;
let threads: PreparedSite;
let inProcess: PreparedSite;

beforeAll(async () => {
  const dir = join(REPO, 'node_modules/.cache/shipdocs-test');
  mkdirSync(dir, { recursive: true });
  const worker = join(dir, `worker-${process.pid}.mjs`);
  await build({
    entryPoints: [join(REPO, 'src/render/workers/worker.ts')],
    outfile: worker,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  pool = createPool(2, worker);
  const { config } = await loadConfig(REPO);
  threads = await prepareSite({ root: REPO, config: config!, pool });
  inProcess = await prepareSite({ root: REPO, config: config!, pool: createPool(0) });
}, 120_000);

afterAll(async () => {
  await pool?.close();
});

describe('the worker pool on the sources', () => {
  it('highlights the default site in two threads as the build thread does: every page the same', () => {
    const routes = threads.planned.plan.routes;
    expect(routes.length).toBe(inProcess.planned.plan.routes.length);
    let highlighted = 0;
    for (const route of routes) {
      const html = renderRoute(route, threads.viewed.site).html;
      if (html.includes('class="shiki')) highlighted++;
      expect(html, route.path).toBe(renderRoute(route, inProcess.viewed.site).html);
    }
    expect(highlighted).toBeGreaterThan(5);
  });
});
