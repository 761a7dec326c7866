import { join } from 'node:path';
import { renderMarkdown } from '../../../../src/render/markdown/render-markdown.js';
import { renderMdxFiles } from '../../../../src/render/markdown/compile-mdx.js';
import type { CodeHighlighter } from '../../../../src/render/markdown/highlight-code.js';
import { REPO } from '../../../helpers/fixtures.js';

// Each distinct example rendered once by each pipeline: `.md` (markdown-it, sanitized) and `.mdx`
// (@mdx-js/mdx, run in memory, no files written), as a page at the site's root: a relative link
// `foo` becomes the route `/foo`, which a browser reads as the spec's `foo` from there.

export type Pipeline = 'md' | 'mdx';

export interface Rendered {
  html: string;
  /** MDX compile and render errors (SD2017): the example is not valid MDX. */
  errors: string[];
  /** The codes of the other diagnostics (warnings). */
  warnings: string[];
}

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * The plain `<pre><code class="language-x">` the specs expect, instead of shiki's markup: what
 * highlighting does is tested elsewhere; here what matters is the code and its language.
 */
const plainHighlighter: CodeHighlighter = {
  // The pipeline hands over the code without its final line break (none when the block is empty).
  highlight: async ({ code, written }) =>
    `<pre><code${written && written !== 'text' ? ` class="language-${escape(written)}"` : ''}>${escape(code)}${code ? '\n' : ''}</code></pre>`,
  save: async () => undefined,
};

const shared = {
  route: '/',
  baseUrl: '/',
  lineOffset: 0,
  fileRoutes: new Map<string, string>(),
  assetFiles: new Set<string>(),
  staticFiles: new Set<string>(),
  tocMin: 2,
  tocMax: 3,
  // The specs' examples start with an h1 as often as not: keep it in the body.
  stripTitle: false,
};

export async function renderAll(pipeline: Pipeline, inputs: readonly string[]): Promise<Rendered[]> {
  if (pipeline === 'md') {
    const out: Rendered[] = [];
    for (const markdown of inputs) {
      const r = await renderMarkdown(markdown, { ...shared, file: 'content/page.md', highlighter: plainHighlighter });
      out.push({ html: r.html, errors: [], warnings: r.diagnostics.map((d) => d.code) });
    }
    return out;
  }
  const jobs = inputs.map((markdown, i) => ({ ...shared, file: `content/example-${i}.mdx`, absPath: join(REPO, `content/example-${i}.mdx`), markdown }));
  const { fileRoutes, assetFiles, staticFiles } = shared;
  const results = await renderMdxFiles(jobs, {
    root: REPO,
    fileRoutes,
    assetFiles,
    staticFiles,
    highlighter: plainHighlighter,
    islands: new Map(),
    inMemory: true,
  });
  return results.map((r) => ({
    html: r.html,
    errors: r.diagnostics.filter((d) => d.code === 'SD2017').map((d) => d.message),
    warnings: r.diagnostics.filter((d) => d.code !== 'SD2017').map((d) => d.code),
  }));
}
