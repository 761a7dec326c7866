#!/usr/bin/env node
// Writes the docs page that lists every diagnostic code, generated from the one catalogue
// (src/shared/diagnostic-codes.ts), into the default site: content/docs/reference/diagnostics.md.
//   node scripts/gen-diagnostics-doc.mjs           write the page
//   node scripts/gen-diagnostics-doc.mjs --check   exit 1 when the page is out of date (used by a test)
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const PAGE = 'content/docs/reference/diagnostics.md';

const GROUPS = [
  ['SD1', 'config', 'Configuration (SD1xxx)', 'Problems in `site.config.ts` and in the output folder chosen with `--out`.'],
  ['SD2', 'content', 'Content (SD2xxx)', 'Problems in docs, pages, blog posts, category files and the other files under `content/`.'],
  [
    'SD3',
    'openapi',
    'OpenAPI (SD3xxx)',
    'Problems in the OpenAPI or Swagger document under `openapi/`. They name the file, the line and column, and the JSON pointer of the value.',
  ],
  ['SD4', 'links', 'Links and routes (SD4xxx)', 'Warnings by default, so a typo does not block a preview; `--strict` makes every one of them an error.'],
  ['SD5', 'output', 'Build and output (SD5xxx)', 'Problems writing the output folder and copying `static/`.'],
];

/** Escapes markdown syntax outside `code spans`, so hints read exactly as the CLI prints them. */
function text(s) {
  return s
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part : part.replace(/[\\*_[\]<>]/g, (c) => `\\${c}`)))
    .join('');
}

/** The page's markdown for a catalogue `{ SD1001: { title, severity, help }, … }`. */
export function renderDiagnosticsPage(codes) {
  const entries = Object.entries(codes).sort(([a], [b]) => a.localeCompare(b));
  const lines = [
    '---',
    'title: Diagnostic codes',
    'description: Every error and warning shipdocs reports, with its stable code, its severity and what to do about it.',
    'toc_max_heading_level: 2',
    '---',
    '',
    '<!-- Generated from src/shared/diagnostic-codes.ts by `node scripts/gen-diagnostics-doc.mjs`: edit the catalogue, then run the script. A test fails when this page and the catalogue differ. -->',
    '',
    'Every problem shipdocs finds in a project is reported with a stable code, the file, line and column, the line itself and a hint:',
    '',
    '```text',
    'content/docs/intro.md:3:7  error SD2001  Invalid front matter YAML: Missing closing ]',
    '  3 | tags: [a, b',
    '    |       ^',
    '  hint: Fix the YAML between the `---` lines at the top of the file.',
    '```',
    '',
    'An **error** stops the build: nothing is written and the previous output stays as it was (exit code 1). A **warning** is reported and the build goes on. Codes never change meaning, so you can search for them or match them in CI; `--json` prints each diagnostic with its `code`, `severity`, `file`, `line` and `column`.',
    '',
  ];
  for (const [prefix, id, heading, intro] of GROUPS) {
    const group = entries.filter(([code]) => code.startsWith(prefix));
    if (group.length === 0) continue;
    lines.push(`## ${heading} {#${id}}`, '', intro, '');
    for (const [code, info] of group) {
      lines.push(`### ${code}: ${text(info.title)} {#${code.toLowerCase()}}`, '');
      lines.push(`**${info.severity === 'error' ? 'Error' : 'Warning'}.** ${text(info.help)}`, '');
    }
  }
  return lines.join('\n');
}

/** The catalogue, compiled from its TypeScript source. */
async function loadCatalogue() {
  const out = await build({
    absWorkingDir: root,
    entryPoints: ['src/shared/diagnostic-codes.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
  });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return mod.DIAGNOSTIC_CODES;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const page = renderDiagnosticsPage(await loadCatalogue());
  const file = join(root, PAGE);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // missing: out of date
    }
    if (current !== page) {
      process.stderr.write(`${PAGE} is out of date with src/shared/diagnostic-codes.ts: run \`node scripts/gen-diagnostics-doc.mjs\`.\n`);
      process.exit(1);
    }
    process.stdout.write(`${PAGE} is up to date.\n`);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page);
    process.stdout.write(`wrote ${PAGE}\n`);
  }
}
