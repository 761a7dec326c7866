// The markdown fixture folders (test/fixtures/markdown/README.md): each case's input.md is
// rendered by the .md pipeline and, written as an .mdx file, by the MDX pipeline; the folder holds
// the expected output of both, so it shows where the two differ.
// SHIPDOCS_UPDATE_FIXTURES=1 rewrites the expected files instead of comparing.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/render/markdown/render-markdown.js';
import { renderMdxFiles } from '../../../src/render/markdown/compile-mdx.js';
import { createCodeHighlighter, type CodeHighlighter } from '../../../src/render/markdown/highlight-code.js';
import { createPool } from '../../../src/render/workers/pool.js';
import type { Diagnostic } from '../../../src/shared/diagnostics.js';
import type { RenderedMarkdown } from '../../../src/shared/content-model.js';
import { FIXTURES, tempProject } from '../../helpers/fixtures.js';

const CASES = join(FIXTURES, 'markdown');
const UPDATE = process.env.SHIPDOCS_UPDATE_FIXTURES === '1';
/** The page every case is rendered as (plus `.md` or `.mdx`); its links resolve from here. */
const PAGE = 'content/docs/guide/page';
const ROUTE = '/docs/guide/page';
/** Files a case folder holds for the test; any other file is an asset beside the page. */
const OWN = ['input.md', 'output.html', 'output.mdx.html', 'output.mdx.txt', 'diagnostics.json', 'diagnostics.mdx.json', 'excerpt.html'];

const cases = readdirSync(CASES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const fileRoutes = new Map([
  [`${PAGE}.md`, ROUTE],
  [`${PAGE}.mdx`, ROUTE],
  ['content/docs/guide/other.md', '/docs/guide/other'],
  ['content/docs/intro.md', '/docs/intro'],
  ['content/docs/api/auth.md', '/docs/api/auth'],
]);
const staticFiles = new Set(['img/logo.svg']);
const highlighter: CodeHighlighter = createCodeHighlighter({ pool: createPool(0) });

const input = (name: string): string => readFileSync(join(CASES, name, 'input.md'), 'utf8');
/** Options shared by both pipelines. Assets are known by path, as the build lists them: neither pipeline reads them. */
const options = (name: string) => ({
  route: ROUTE,
  baseUrl: '/',
  lineOffset: 0,
  fileRoutes,
  staticFiles,
  assetFiles: new Set(
    readdirSync(join(CASES, name))
      .filter((f) => !OWN.includes(f))
      .map((f) => `content/docs/guide/${f}`),
  ),
  tocMin: 2,
  tocMax: 3,
  stripTitle: true,
});

const renderAsMd = (name: string): Promise<RenderedMarkdown> => renderMarkdown(input(name), { ...options(name), file: `${PAGE}.md`, highlighter });

/** Renders the input as the .mdx file of a throwaway project. */
async function renderAsMdx(name: string): Promise<RenderedMarkdown> {
  const { fileRoutes: routes, staticFiles: statics, assetFiles, ...job } = options(name);
  const root = tempProject({ [`${PAGE}.mdx`]: input(name) });
  const mdx = { ...job, file: `${PAGE}.mdx`, absPath: join(root, `${PAGE}.mdx`), markdown: input(name) };
  const [result] = await renderMdxFiles([mdx], { root, fileRoutes: routes, staticFiles: statics, assetFiles, highlighter, islands: new Map() });
  return result!;
}

/** The diagnostics as stored in diagnostics.json (the code implies the severity). */
const stored = (diagnostics: readonly Diagnostic[]): string =>
  JSON.stringify(
    diagnostics.map(({ code, line, column, message }) => ({ code, line, column, message })),
    null,
    2,
  ) + '\n';

/** Compares `actual` with the case's file `name` (which must be absent when `actual` is), or rewrites it. */
function expectFile(name: string, file: string, actual: string | undefined): void {
  const path = join(CASES, name, file);
  if (UPDATE) {
    if (actual === undefined) rmSync(path, { force: true });
    else writeFileSync(path, actual);
    return;
  }
  const expected = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  expect(actual, `${file} ${actual === undefined ? 'should not exist' : 'differs'}`).toBe(expected);
}

describe.each(cases)('markdown fixture %s', (name) => {
  let md: RenderedMarkdown;
  beforeAll(async () => {
    md = await renderAsMd(name);
  });

  it('renders as .md: output.html, excerpt.html, diagnostics.json', () => {
    expectFile(name, 'output.html', md.html);
    expectFile(name, 'excerpt.html', md.excerptHtml);
    expectFile(name, 'diagnostics.json', md.diagnostics.length ? stored(md.diagnostics) : undefined);
  });

  // The .mdx files exist only where MDX differs from .md: the folder shows the difference.
  it('renders as .mdx: as .md does, or as output.mdx.*, or fails with output.mdx.txt', async () => {
    const mdx = await renderAsMdx(name);
    const errors = mdx.diagnostics.filter((d) => d.code === 'SD2017');
    const rendered = errors.length === 0;
    expectFile(name, 'output.mdx.txt', rendered ? undefined : errors.map((d) => `${d.line}:${d.column} ${d.message}\n`).join(''));
    expectFile(name, 'output.mdx.html', rendered && mdx.html !== md.html ? mdx.html : undefined);
    const diagnostics = stored(mdx.diagnostics);
    expectFile(name, 'diagnostics.mdx.json', rendered && diagnostics !== stored(md.diagnostics) ? diagnostics : undefined);
  });
});
