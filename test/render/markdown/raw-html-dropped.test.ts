import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/render/markdown/render-markdown.js';
import { renderDescription } from '../../../src/render/markdown/render-description.js';
import { renderMdxFiles } from '../../../src/render/markdown/compile-mdx.js';
import type { CodeHighlighter } from '../../../src/render/markdown/highlight-code.js';
import { REPO } from '../../helpers/fixtures.js';

// `<script>`, `<style>`, `<textarea>` (and the rest of GFM's tag filter) in content are dropped
// with their content and a warning at their line, in `.md` and `.mdx` alike; never printed.

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const highlighter: CodeHighlighter = { highlight: async ({ code }) => `<pre><code>${escape(code)}</code></pre>`, save: async () => undefined };
const shared = {
  route: '/docs/page',
  baseUrl: '/',
  fileRoutes: new Map<string, string>(),
  assetFiles: new Set<string>(),
  staticFiles: new Set<string>(),
  tocMin: 2,
  tocMax: 3,
  stripTitle: false,
  highlighter,
};

// Front matter of 3 lines above the body: positions are in the file.
const BODY = [
  'Before.', // 1
  '', // 2
  '<script>', // 3
  'alert(1)', // 4
  '</script>', // 5
  '', // 6
  'Text <style>p { color: red }</style> after.', // 7
  '', // 8
  '<textarea>', // 9
  'typed', // 10
  '</textarea>', // 11
  '', // 12
  '<div>', // 13
  '<title>Hi</title>', // 14
  '</div>', // 15
  '', // 16
  'After.', // 17
  '',
].join('\n');

const md = (markdown: string) => renderMarkdown(markdown, { ...shared, file: 'content/docs/page.md', lineOffset: 3 });
const mdx = async (markdown: string) =>
  (
    await renderMdxFiles([{ ...shared, file: 'content/docs/page.mdx', absPath: join(REPO, 'content/docs/page.mdx'), markdown, lineOffset: 3 }], {
      root: REPO,
      fileRoutes: new Map(),
      assetFiles: new Set(),
      staticFiles: new Set(),
      highlighter,
      islands: new Map(),
      inMemory: true,
    })
  )[0]!;

const where = (ds: readonly { code: string; file?: string; line?: number; column?: number; severity: string }[]) =>
  ds.filter((d) => d.code === 'SD2020').map((d) => `${d.severity} ${d.file}:${d.line}:${d.column}`);

describe('raw HTML that content never keeps', () => {
  it('is dropped from a .md page, content and all, with a warning at its line and column', async () => {
    const r = await md(BODY);
    expect(r.html).not.toMatch(/script|style|textarea|title|alert|typed|color: red|&#x3C;|&lt;/);
    expect(r.html).toContain('<p>Before.</p>');
    expect(r.html).toContain('<p>Text  after.</p>');
    expect(r.html).toContain('<p>After.</p>');
    expect(where(r.diagnostics)).toEqual([
      'warning content/docs/page.md:6:1',
      'warning content/docs/page.md:10:6',
      'warning content/docs/page.md:12:1',
      'warning content/docs/page.md:17:1',
    ]);
    expect(r.diagnostics.find((d) => d.code === 'SD2020')!.message).toBe(
      '<script> removed with its content: a page keeps no <script> from content. Show code in a fenced code block; scripts and styles belong to the site (islands, customCss).',
    );
  });

  it('is dropped from an .mdx page the same way', async () => {
    const r = await mdx(BODY.replace('p { color: red }', "{'p { color: red }'}"));
    expect(r.html).not.toMatch(/script|style|textarea|title|alert|typed|color: red/);
    expect(r.html).toContain('<p>Before.</p>');
    expect(r.html).toContain('<p>After.</p>');
    expect(where(r.diagnostics)).toEqual([
      'warning content/docs/page.mdx:6:1',
      'warning content/docs/page.mdx:10:6',
      'warning content/docs/page.mdx:12:1',
      'warning content/docs/page.mdx:17:1',
    ]);
  });

  it('left open in an HTML block, takes the rest of the page with it (a CommonMark HTML block ends at its end tag)', async () => {
    const r = await md('One.\n\n<script>\nstill open\n\n## Next\n\nTwo.\n');
    expect(r.html).toBe('<p>One.</p>\n');
    expect(where(r.diagnostics)).toEqual(['warning content/docs/page.md:6:1']);
    expect(r.diagnostics[0]!.message).toMatch(/^<script> removed with its content/);
  });

  it('is written as code when it is code', async () => {
    const r = await md('`<script>` and\n\n    <style>indented</style>\n');
    expect(r.html).toContain('<code>&#x3C;script></code>');
    expect(r.html).toContain('&lt;style>indented&lt;/style>');
    expect(where(r.diagnostics)).toEqual([]);
  });

  it('is dropped from OpenAPI descriptions too, silently (they have no lines of their own)', () => {
    expect(renderDescription('Read <script>alert(1)</script>this.\n\n<textarea>x</textarea>')).toBe('<p>Read this.</p>');
  });
});
