import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderMarkdown as render, type MarkdownOptions } from '../../../src/render/markdown/render-markdown.js';
import { createCodeHighlighter } from '../../../src/render/markdown/highlight-code.js';
import { createPool, type WorkerPool } from '../../../src/render/workers/pool.js';
import type { HighlightJob } from '../../../src/render/markdown/highlight.js';
import { parseCodeMeta } from '../../../src/render/markdown/highlight.js';
import { renderDescription, renderInline } from '../../../src/render/markdown/render-description.js';

const options = (over: Partial<MarkdownOptions> = {}): MarkdownOptions => ({
  file: 'content/docs/guide/page.md',
  route: '/docs/guide/page',
  baseUrl: '/',
  lineOffset: 0,
  fileRoutes: new Map([
    ['content/docs/guide/other.md', '/docs/guide/other'],
    ['content/docs/intro.md', '/docs/intro'],
  ]),
  assetFiles: new Set(['content/docs/guide/img/diagram.png']),
  staticFiles: new Set(['img/logo.svg']),
  tocMin: 2,
  tocMax: 3,
  stripTitle: true,
  highlighter: createCodeHighlighter({ pool: createPool(0) }),
  ...over,
});

describe('renderMarkdown', () => {
  it('renders GFM: tables, task lists, strikethrough, footnotes', async () => {
    const r = await renderMarkdown('| a | b |\n|:-|-:|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ text[^1]\n\n[^1]: A note.\n', options());
    expect(r.html).toContain('<table tabindex="0">');
    expect(r.html).toContain('<td align="right">2</td>');
    expect(r.html).toContain('type="checkbox"');
    expect(r.html).toContain('<del>old</del>');
    expect(r.html).toMatch(/class="footnotes"/);
  });

  it('takes the leading h1 as title and builds ids, anchors and an h2-h3 TOC', async () => {
    const r = await renderMarkdown('# Title\n\nFirst paragraph.\n\n## Set up\n\n### Install it\n\n#### Deep\n\n## Set up\n\n## Custom {#my-id}\n', options());
    expect(r.title).toBe('Title');
    expect(r.html).not.toContain('<h1');
    expect(r.excerpt).toBe('First paragraph.');
    expect(r.toc).toEqual([
      { depth: 2, id: 'set-up', text: 'Set up' },
      { depth: 3, id: 'install-it', text: 'Install it' },
      { depth: 2, id: 'set-up-1', text: 'Set up' },
      { depth: 2, id: 'my-id', text: 'Custom' },
    ]);
    expect(r.html).toContain('<h4 id="deep">Deep<a class="hash-link" href="#deep"');
    expect(r.ids).toEqual(expect.arrayContaining(['set-up', 'install-it', 'deep', 'set-up-1', 'my-id']));
  });

  it('renders admonitions with default and custom titles', async () => {
    const r = await renderMarkdown(':::tip Pro tip\nUse **this**.\n:::\n\n:::danger\nCareful.\n:::\n\n:::note[Bracket title]\nX\n:::\n', options());
    expect(r.html).toContain('<div class="admonition admonition-tip" role="note">\n<p class="admonition-title">Pro tip</p>');
    expect(r.html).toContain('<p class="admonition-title">Danger</p>');
    expect(r.html).toContain('<p class="admonition-title">Bracket title</p>');
  });

  it('reads a backslash in a raw link as browsers do, and keeps an upper-case scheme', async () => {
    // `/\\host` is `//host` to a browser: another site, not a route of this one.
    const r = await renderMarkdown('<a href="/\\evil.example/x">x</a> and <MAILTO:TEAM@EXAMPLE.COM>\n', options());
    expect(r.html).toContain('<a href="https://evil.example/x" target="_blank" rel="noopener noreferrer">x</a>');
    expect(r.links).toEqual([]);
    expect(r.html).toContain('<a href="mailto:TEAM@EXAMPLE.COM">MAILTO:TEAM@EXAMPLE.COM</a>');
  });

  it('keeps text that only looks like a directive', async () => {
    const r = await renderMarkdown('Ratio 3:4 and note:this stays, and ::leaf too.\n', options());
    expect(r.html).toContain('Ratio 3:4 and note:this stays, and ::leaf too.');
  });

  it('highlights code with a title, highlighted lines and both themes', async () => {
    const r = await renderMarkdown('```ts title="src/app.ts" {2}\nconst a = 1;\nconst b = 2;\n```\n', options());
    expect(r.html).toContain('<div class="code-block"><div class="code-block-title">src/app.ts</div><pre class="shiki shiki-themes github-light github-dark"');
    expect(r.html).toContain('--shiki-dark:');
    expect(r.html).toMatch(/<span class="line highlighted">.*const.*b/);
    expect(r.html).not.toContain('data-meta');
  });

  it('highlights identical blocks of a build once', async () => {
    const jobs: string[] = [];
    const pool = createPool(0);
    const run: WorkerPool['run'] = (task, input, affinity) => {
      jobs.push((input as HighlightJob).code);
      return pool.run(task, input, affinity);
    };
    const highlighter = createCodeHighlighter({ pool: { ...pool, run } });
    const block = '```ts {1}\nconst same = 1;\n```\n';
    const a = await render(block + '\n' + block, options({ highlighter }));
    const b = await render(block, options({ highlighter }));
    await render('```ts\nconst other = 2;\n```\n', options({ highlighter }));
    expect(jobs).toEqual(['const same = 1;', 'const other = 2;']);
    const pre = /<pre class="shiki[\s\S]*?<\/pre>/g;
    const copies = [...a.html.matchAll(pre), ...b.html.matchAll(pre)].map((m) => m[0]);
    expect(copies).toHaveLength(3);
    expect(new Set(copies).size).toBe(1);
  });

  it('warns about unknown languages and renders them plain', async () => {
    const r = await renderMarkdown('\n\n```nosuchlang\nhello\n```\n', options({ lineOffset: 3 }));
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'SD2011', line: 6, severity: 'warning' })]);
    expect(r.html).toContain('hello');
  });

  it('resolves links between markdown files to routes and records them for checking', async () => {
    const r = await renderMarkdown('[o](./other.md#part) [i](../intro.md) [abs](/docs/intro) [rel](sibling) [ext](https://example.com)\n', options());
    expect(r.html).toContain('<a href="/docs/guide/other#part">o</a>');
    expect(r.html).toContain('<a href="/docs/intro">i</a>');
    expect(r.html).toContain('<a href="/docs/guide/sibling">rel</a>');
    expect(r.html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ext</a>');
    expect(r.links.map((l) => l.target)).toEqual(['/docs/guide/other#part', '/docs/intro', '/docs/intro', '/docs/guide/sibling']);
  });

  it('prefixes baseUrl on internal links and images', async () => {
    const r = await renderMarkdown('[o](./other.md) ![logo](/img/logo.svg)\n', options({ baseUrl: '/site/' }));
    expect(r.html).toContain('href="/site/docs/guide/other"');
    expect(r.html).toContain('src="/site/img/logo.svg"');
  });

  it('warns about links to markdown files that are not pages', async () => {
    const r = await renderMarkdown('\n[x](./missing.md)\n', options());
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'SD4004', line: 2, column: 1 })]);
  });

  it('copies relative images with a hashed name and reports missing ones', async () => {
    const r = await renderMarkdown('![d](./img/diagram.png)\n\n![m](./img/missing.png)\n\n![s](../../../../etc/passwd)\n', options());
    expect(r.assets).toEqual([{ relPath: 'content/docs/guide/img/diagram.png', outPath: expect.stringMatching(/^assets\/images\/diagram-[0-9a-f]{8}\.png$/) }]);
    expect(r.html).toContain(`src="/${r.assets[0]!.outPath}"`);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['SD2007', 'SD2008']);
  });

  it('sanitizes: no script, event handler, javascript: or data: URL reaches the page', async () => {
    const md = [
      '<script>alert(1)</script>',
      '<img src="x" onerror="alert(2)">',
      '<a href="javascript:alert(3)">a</a>',
      '[b](javascript:alert(4))',
      '[c](  JaVaScRiPt:alert(5))',
      '![d](data:image/svg+xml;base64,PHN2Zz4=)',
      '<iframe src="https://evil.example"></iframe>',
      '<style>body{display:none}</style>',
      '<div onclick="alert(6)" style="position:fixed">x</div>',
      '<svg><script>alert(7)</script></svg>',
      '<form action="https://evil.example"><input name="q"></form>',
    ].join('\n\n');
    const r = await renderMarkdown(md, options());
    expect(r.html).not.toMatch(/<script|onerror|onclick|javascript:|data:image|<iframe|<style|style=|<form/i);
    // script, iframe and style elements are dropped with what they hold, each with a warning.
    expect(r.html).not.toMatch(/alert\(1\)|alert\(7\)|evil\.example|display:none|&#x3C;/);
    expect(r.diagnostics.filter((d) => d.code === 'SD2020').map((d) => [d.line, d.message.slice(0, d.message.indexOf(' '))])).toEqual([
      [1, '<script>'],
      [13, '<iframe>'],
      [15, '<style>'],
      [19, '<script>'],
    ]);
    // [b], [c], ![d] and the raw <a href="javascript:…">: each removed with a warning.
    expect(r.diagnostics.filter((d) => d.code === 'SD2012')).toHaveLength(4);
  });

  it('resolves, checks and copies links and images written as raw HTML', async () => {
    const md =
      'Intro.\n\n<a href="./other.md#part">o</a> and <a href="/docs/zzz">gone</a>\n\n<p><img src="./img/diagram.png" alt="d"></p>\n\n<a href="/docs/intro">i</a>\n';
    const r = await renderMarkdown(md, options({ baseUrl: '/site/' }));
    expect(r.html).toContain('<a href="/site/docs/guide/other#part">o</a>');
    expect(r.html).toContain('<a href="/site/docs/intro">i</a>');
    expect(r.html).toContain(`<img src="/site/${r.assets[0]!.outPath}" alt="d">`);
    expect(r.links).toEqual([
      { target: '/docs/guide/other#part', written: './other.md#part', line: 3, column: 1 },
      { target: '/docs/zzz', written: '/docs/zzz', line: 3, column: 37 },
      { target: '/docs/intro', written: '/docs/intro', line: 7, column: 1 },
    ]);
  });

  it('keeps only http, https, mailto and relative link targets', async () => {
    const r = await renderMarkdown('[call](tel:+525555555555) [mail](mailto:a@b.mx) [web](https://a.mx)\n', options());
    expect(r.html).not.toContain('tel:');
    expect(r.html).toContain('href="mailto:a@b.mx"');
    expect(r.diagnostics.map((d) => [d.code, d.column])).toEqual([['SD2012', 1]]);
  });

  it('reports positions shifted by the front matter', async () => {
    const r = await renderMarkdown('text\n\n[x](./nope.md)\n', options({ lineOffset: 4 }));
    expect(r.diagnostics[0]).toMatchObject({ line: 7 });
  });
});

describe('the excerpt before <!-- truncate -->', () => {
  /** Code blocks stand for themselves, so two renderings compare equal. */
  const byCode = (): MarkdownOptions['highlighter'] => ({ highlight: async (job) => `[code ${job.lang}: ${job.code}]`, save: async () => undefined });
  const samples = [
    '# Title\n\nIntro with a [link](./other.md) and ![diagram](img/diagram.png).\n\n## Setup\n\n```json\n{ "a": 1 }\n```\n\n<!-- truncate -->\n\n## Setup\n\nMore.\n',
    'Only a paragraph.\n<!-- truncate -->\nThe rest.\n',
    'First paragraph.\n\nSecond paragraph.\n\n<!-- truncate -->\n\nThird paragraph.\n',
    '- a list\n- of two\n\n> a quote\n\n<!--truncate-->\n\n| a |\n|---|\n| 1 |\n',
    'Raw <span class="x">inline</span> HTML.\n\n<div>\n\nOpen before the marker\n\n<!-- truncate -->\n\nand closed after.\n\n</div>\n',
  ];

  it('is the part before the marker, rendered as if it were all the file', async () => {
    for (const md of samples) {
      const [head] = md.split(/<!--\s*truncate\s*-->/);
      const whole = await render(md, options({ highlighter: byCode() }));
      const alone = await render(head!, options({ highlighter: byCode() }));
      expect(whole.excerptHtml).toBe(alone.html);
      expect(whole.html).not.toMatch(/truncate|\uE010/);
      // The whole content keeps every block (raw HTML left open before the marker aside).
      if (!md.includes('<div>')) expect(whole.html.replace(/\s+/g, ' ')).toContain(alone.html.replace(/\s+/g, ' ').trim());
    }
  });
});

describe('parseCodeMeta', () => {
  it('parses titles, ranges and flags', () => {
    const m = parseCodeMeta('title="a b.ts" {1,3-5} showLineNumbers');
    expect(m.title).toBe('a b.ts');
    expect([...m.highlight]).toEqual([1, 3, 4, 5]);
    expect(m.showLineNumbers).toBe(true);
  });
});

describe('renderInline', () => {
  it('renders a snippet without a wrapping paragraph and sanitizes it', () => {
    expect(renderInline('New: **v2** <a href="/docs" onclick="x()">docs</a>')).toBe('New: <strong>v2</strong> <a href="/docs">docs</a>');
  });
});

describe('renderDescription', () => {
  it('makes tables and code blocks focusable (they scroll sideways when wide) and names task-list checkboxes', () => {
    const html = renderDescription('| a | b |\n|-|-|\n| 1 | 2 |\n\n```json\n{"a": 1}\n```\n\n- [x] Shipped\n');
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('<pre tabindex="0"><code class="language-json">');
    expect(html).toMatch(/<input [^>]*aria-label="Shipped"/);
  });
});
