// The dev server's budgets (issue: instant preview): `shipdocs serve` on a copy of a site, a file
// edited again and again; for each edit the time until the reload event and until the new page is
// fetched (it holds the edit). Medians of BENCH_EDITS edits (default 10). Also a doc added and
// deleted, an OpenAPI edit, and serve's start-up time against a build of the same site.
// Each figure is followed by its ratio to bench/baseline.json (baseline.mjs).
// Usage: node bench/serve-edit.mjs [--only default|docs-1000|github-api] [--update-baseline]   (run by `npm run bench`)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseline } from './baseline.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const work = join(repo, 'bench/.work');
const edits = Number(process.env.BENCH_EDITS ?? 10);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

const workloads = [
  {
    id: 'default',
    name: 'default site',
    from: repo,
    copy: ['content', 'openapi', 'static', 'site.config.ts', 'versions.json', 'versioned_docs', 'versioned_api'],
    cases: [
      { what: 'doc edited', file: 'content/docs/intro.md', route: '/docs/intro', budget: 50 },
      { what: 'OpenAPI edited', file: 'openapi/shipping.yaml', route: '/api/quoter', budget: 300, openapi: true },
    ],
  },
  {
    id: 'docs-1000',
    name: '1,000-page docs',
    from: join(work, 'docs-1000'),
    copy: ['content', 'site.config.ts'],
    cases: [
      { what: 'doc edited', file: 'content/docs/category-01/page-001.md', route: '/docs/category-01/page-001', budget: 60 },
      { what: 'doc added or deleted', file: 'content/docs/category-01/zz-new.md', route: '/docs/category-01/page-001', budget: 150, addDelete: true },
    ],
  },
  {
    id: 'docs-4000',
    name: '4,000-page docs',
    from: join(work, 'docs-4000'),
    copy: ['content', 'site.config.ts'],
    cases: [
      { what: 'doc edited', file: 'content/docs/part-01/category-01/page-001.md', route: '/docs/part-01/category-01/page-001', budget: 60 },
      {
        what: 'doc added or deleted',
        file: 'content/docs/part-01/category-01/zz-new.md',
        route: '/docs/part-01/category-01/page-001',
        budget: 150,
        addDelete: true,
      },
    ],
  },
  {
    id: 'github-api',
    name: 'GitHub REST API',
    from: join(work, 'github-api'),
    copy: ['openapi'],
    cases: [{ what: 'OpenAPI edited', file: 'openapi/api.github.com.json', route: '/api/meta', budget: 3000, openapi: true }],
  },
];

const get = (port, path) =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    req.end();
  });

function startServe(root) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(repo, 'bin/shipdocs.js'), 'serve', '--root', root, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
  let log = '';
  child.stderr.on('data', (c) => (log += c));
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`serve did not start: ${log}`)), 300_000);
    const check = () => {
      const m = /serving {2}http:\/\/127\.0\.0\.1:(\d+)\//.exec(log);
      if (!m) return void setTimeout(check, 20);
      clearTimeout(t);
      resolve({ child, port: Number(m[1]), startup: performance.now() - started, log: () => log });
    };
    check();
  });
}

/** Listens to the reload events; `next()` resolves at the next one. */
function reloads(port) {
  let waiting;
  const req = request({ host: '127.0.0.1', port, path: '/__shipdocs/events' }, (res) =>
    res.on('data', (c) => {
      if (String(c).includes('event: reload')) waiting?.();
      if (String(c).includes('event: build-error')) console.log(`  (an error was shown: ${String(c).slice(0, 200)})`);
    }),
  );
  req.end();
  return { next: () => new Promise((r) => (waiting = r)), close: () => req.destroy() };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = baseline('serve-edit');

async function measure(w) {
  if (!existsSync(w.from)) return console.log(`${w.name}: skipped (run npm run bench first to generate ${w.from})`);
  const root = mkdtempSync(join(tmpdir(), 'shipdocs-serve-bench-'));
  for (const p of w.copy) if (existsSync(join(w.from, p))) cpSync(join(w.from, p), join(root, p), { recursive: true });
  if (existsSync(join(repo, 'node_modules'))) symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
  // The build of the same copy first (it also warms the highlight cache both share).
  const built = performance.now();
  const build = spawnSync(process.execPath, [join(repo, 'bin/shipdocs.js'), 'build', '--root', root, '--out', join(root, '.bench-dist')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  const buildMs = performance.now() - built;
  rmSync(join(root, '.bench-dist'), { recursive: true, force: true });
  const serve = await startServe(root);
  console.log(
    `${w.name}: serve ready in ${(serve.startup / 1000).toFixed(2)} s (${base.compare(w.id, 'start-up ms', serve.startup)}), build ${(buildMs / 1000).toFixed(2)} s: ${serve.startup <= buildMs ? 'ok' : 'OVER'}`,
  );
  const events = reloads(serve.port);
  await new Promise((r) => setTimeout(r, 300));
  try {
    for (const c of w.cases) {
      const file = join(root, c.file);
      const original = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
      const toReload = [];
      const toPage = [];
      for (let i = 0; i < edits; i++) {
        const marker = `bench-marker-${i}-${Date.now()}`;
        const event = events.next();
        const t0 = performance.now();
        if (c.addDelete) {
          if (i % 2 === 0) writeFileSync(file, `# New page ${marker}\n\nText.\n`);
          else rmSync(file);
        } else if (c.openapi) writeFileSync(file, original.replace(c.file.endsWith('.json') ? /("title": ")/ : /(title: )/, `$1${marker} `));
        else writeFileSync(file, `${original}\n\n${marker}\n`);
        await event;
        const t1 = performance.now();
        let page = await get(serve.port, c.route);
        // A watcher may report a file between its truncation and its write (two updates, two
        // reloads, as a browser sees them): the time counted is to the page that shows the edit.
        for (let tries = 0; !c.addDelete && page.status === 200 && !page.body.includes(marker) && tries < 3; tries++) {
          await Promise.race([events.next(), new Promise((r) => setTimeout(r, 2000))]);
          page = await get(serve.port, c.route);
        }
        const t2 = performance.now();
        if (page.status !== 200) throw new Error(`${c.route}: ${page.status}`);
        if (!c.addDelete && !page.body.includes(marker)) throw new Error(`${c.route} does not show the edit`);
        toReload.push(t1 - t0);
        toPage.push(t2 - t0);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Put back, and wait for that update, so the next case's first event is its own.
      const differs = original === undefined ? existsSync(file) : readFileSync(file, 'utf8') !== original;
      const restored = events.next();
      if (original === undefined) rmSync(file, { force: true });
      else writeFileSync(file, original);
      if (differs) await Promise.race([restored, new Promise((r) => setTimeout(r, 5000))]);
      const ms = median(toPage);
      const vs = (key, value) => `${value.toFixed(0)} ms (${base.compare(w.id, `${c.what}: ${key} ms`, value)})`;
      console.log(
        `  ${c.what}: reload ${vs('reload', median(toReload))}, page served ${vs('page', ms)}, medians of ${edits}; budget ${c.budget} ms: ${ms <= c.budget ? 'ok' : 'OVER'}`,
      );
    }
  } finally {
    events.close();
    serve.child.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  }
}

for (const w of workloads) if (!only || only === w.id) await measure(w);
process.exit(base.finish() ? 1 : 0);
