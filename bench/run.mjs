// The benchmark: cold builds (a fresh process each time, no build cache: `--no-cache`) of the
// default site, a generated 1,000-page docs site, GitHub's REST API and a 4,000-post blog, each run
// 3 times; prints the median seconds, pages/s and peak memory, and whether each is within its
// budget. A build with the cache primed by one build before it is reported beside them ("warm":
// what a re-build costs locally or in CI with the cache folder restored); budgets judge cold runs.
// Each workload builds into its own output folder under bench/.work/out, kept between runs, as a
// user's `dist`: a build writes over the files of the output before the previous one (the spare).
// Nothing is deleted, so no build runs while thousands of just-freed inodes slow file creation
// down (ext4 without a journal, as on the benchmark machine, skips past them for minutes).
// Usage: npm run bench [-- --only docs-1000]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const work = join(repo, 'bench/.work');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

const workloads = [
  { name: 'default site', id: 'default', root: repo, budget: { seconds: 0.5 } },
  { name: '1,000-page docs', id: 'docs-1000', root: join(work, 'docs-1000'), prepare: () => gen('bench/generate-docs.mjs', join(work, 'docs-1000'), 1000), budget: { seconds: 2.5, mb: 400 } },
  {
    // A folder holding only GitHub's REST API document (1,223 operations, 13 MB) from @octokit/openapi.
    // Preparing it also builds it once and checks that every API page stays within 60 KB gzipped.
    name: 'GitHub REST API (OpenAPI)',
    id: 'github-api',
    root: join(work, 'github-api'),
    budget: { seconds: 10, mb: 1024 },
    prepare: () => {
      const fs = process.getBuiltinModule('node:fs');
      const { gzipSync } = process.getBuiltinModule('node:zlib');
      const root = join(work, 'github-api');
      fs.rmSync(root, { recursive: true, force: true });
      fs.mkdirSync(join(root, 'openapi'), { recursive: true });
      fs.copyFileSync(join(repo, 'node_modules/@octokit/openapi/generated/api.github.com.json'), join(root, 'openapi/api.github.com.json'));
      const out = outDir('github-api');
      const r = spawnSync(process.execPath, [join(repo, 'bin/shipdocs.js'), 'build', '--root', root, '--out', out], { stdio: 'inherit' });
      if (r.status !== 0) throw new Error('the GitHub API build failed');
      let largest = { bytes: 0, page: '' };
      for (const page of fs.readdirSync(join(out, 'api'), { recursive: true }).map(String)) {
        if (!page.endsWith('.html')) continue;
        const bytes = gzipSync(fs.readFileSync(join(out, 'api', page))).length;
        if (bytes > largest.bytes) largest = { bytes, page };
      }
      console.log(`largest API page: api/${largest.page}, ${(largest.bytes / 1024).toFixed(1)} KB gzipped (budget 60 KB)`);
      if (largest.bytes > 60 * 1024) throw new Error('an API page is over 60 KB gzipped');
    },
  },
  { name: '4,000-post blog', id: 'blog-4000', root: join(work, 'blog-4000'), prepare: () => gen('bench/generate-blog.mjs', join(work, 'blog-4000'), 4000), budget: { seconds: 4 } },
];

/** Generates a workload's sources, unless the same generator made them already: regenerating
 * deletes thousands of files, which would slow the builds right after (see above). */
function gen(script, out, n) {
  const stamp = join(out, '.bench-stamp');
  const made = createHash('sha256').update(readFileSync(join(repo, script))).update(String(n)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === made) return;
  const r = spawnSync(process.execPath, [join(repo, script), out, String(n)], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${script} failed`);
  writeFileSync(stamp, made);
}

/** A workload's output folder, kept between runs. */
const outDir = (id) => join(work, 'out', id);

function buildOnce(w, { cache }) {
  // Earlier writes reach the disk first, so they do not slow this build's.
  spawnSync('sync');
  const tmp = mkdtempSync(join(tmpdir(), 'shipdocs-bench-'));
  const rssFile = join(tmp, 'rss');
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--import', join(repo, 'bench/rss-hook.mjs'), join(repo, 'bin/shipdocs.js'), 'build', '--root', w.root, '--out', outDir(w.id), '--json', ...(cache ? [] : ['--no-cache'])], {
    encoding: 'utf8',
    env: { ...process.env, SHIPDOCS_BENCH_RSS: rssFile },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (r.status !== 0) throw new Error(`build of ${w.root} failed:\n${r.stderr}\n${r.stdout.slice(0, 2000)}`);
  const result = JSON.parse(r.stdout);
  const mb = Number(readFileSync(rssFile, 'utf8')) / 1024;
  rmSync(tmp, { recursive: true, force: true });
  return { seconds, mb, pages: result.pages, write: (result.timings.writeDist ?? 0) / 1000 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
let failed = false;
for (const w of workloads) {
  if (only && w.id !== only) continue;
  w.prepare?.();
  const results = [];
  for (let i = 0; i < runs; i++) results.push(buildOnce(w, { cache: false }));
  buildOnce(w, { cache: true });
  const warm = buildOnce(w, { cache: true });
  const seconds = median(results.map((r) => r.seconds));
  const mb = Math.max(...results.map((r) => r.mb));
  const pages = results[0].pages;
  const ok = seconds <= w.budget.seconds && (w.budget.mb === undefined || mb <= w.budget.mb);
  failed ||= !ok;
  rows.push({ workload: w.name, pages, seconds: seconds.toFixed(2), 'pages/s': Math.round(pages / seconds), 'peak MB': Math.round(mb), 'of it writing s': median(results.map((r) => r.write)).toFixed(2), 'warm s': warm.seconds.toFixed(2), budget: `≤ ${w.budget.seconds} s${w.budget.mb ? `, ≤ ${w.budget.mb} MB` : ''}`, within: ok ? 'yes' : 'NO' });
}
console.table(rows);
process.exitCode = failed ? 1 : 0;
