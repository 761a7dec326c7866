import { describe, expect, it } from 'vitest';
import { buildSite } from '../../../src/render/build-site.js';
import { validateConfig } from '../../../src/config/load-config.js';
import { tempProject, outputText } from '../../helpers/fixtures.js';

async function build(files: Record<string, string>, config: Record<string, unknown> = {}) {
  const root = tempProject(files);
  const built = await buildSite({ root, config: validateConfig({ url: 'https://docs.example.com', baseUrl: '/site/', ...config }).config! });
  const html = (path: string): string => outputText(built.files, path);
  const head = (path: string): string => html(path).split('</head>')[0]!;
  return { built, html, head };
}

describe('front matter keywords, image and tags', () => {
  it('puts keywords and an absolute preview image in the head of a doc, and lists its tags', async () => {
    const { built, head, html } = await build({
      'content/docs/guide.md':
        '---\ndescription: How to ship.\nkeywords: [shipping, labels]\nimage: /img/card.png\ntags: [howto, api]\n---\n# Guide\n\nText.\n',
      'static/img/card.png': 'png',
    });
    expect(built.diagnostics).toEqual([]);
    const h = head('docs/guide/index.html');
    expect(h).toContain('<meta name="keywords" content="shipping, labels"/>');
    expect(h).toContain('<meta property="og:image" content="https://docs.example.com/site/img/card.png"/>');
    expect(h).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(h).toContain('<meta name="twitter:image" content="https://docs.example.com/site/img/card.png"/>');
    // the card complete on its own, as the og: tags say it
    expect(h).toMatch(/<meta property="og:title" content="(Guide \| [^"]+)"\/>[\s\S]*<meta name="twitter:title" content="\1"\/>/);
    expect(h).toContain('<meta property="og:description" content="How to ship."/>');
    expect(h).toContain('<meta name="twitter:description" content="How to ship."/>');
    const body = html('docs/guide/index.html').split('</head>')[1]!;
    expect(body).toMatch(/<div class="blog-tags doc-tags">.*<span class="tag">howto<\/span>.*<span class="tag">api<\/span>/s);
  });

  it('keeps an http(s) image URL as is, and a page without image has a summary card and no og:image', async () => {
    const { head } = await build({
      'content/docs/a.md': '---\nimage: https://cdn.example.com/a.png\n---\n# A\n',
      'content/docs/b.md': '# B\n',
    });
    expect(head('docs/a/index.html')).toContain('<meta property="og:image" content="https://cdn.example.com/a.png"/>');
    const b = head('docs/b/index.html');
    expect(b).toContain('<meta name="twitter:card" content="summary"/>');
    expect(b).not.toContain('og:image');
    expect(b).not.toContain('name="keywords"');
    expect(b).not.toContain('doc-tags');
  });

  it('wires markdown pages and blog posts too', async () => {
    const { built, head } = await build({
      'content/pages/about.md': '---\nkeywords: [about]\nimage: img/about.png\n---\n# About\n',
      'content/blog/2025-01-02-hello.md': '---\ntitle: Hello\nkeywords: [news, api]\nimage: /img/post.png\n---\nHi.\n',
      'static/img/about.png': 'png',
      'static/img/post.png': 'png',
    });
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(head('about/index.html')).toContain('<meta name="keywords" content="about"/>');
    expect(head('about/index.html')).toContain('<meta property="og:image" content="https://docs.example.com/site/img/about.png"/>');
    const post = head('blog/hello/index.html');
    expect(post).toContain('<meta name="keywords" content="news, api"/>');
    expect(post).toContain('<meta property="og:image" content="https://docs.example.com/site/img/post.png"/>');
    expect(post).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });

  it('reports an image that is not in the static folder, unsafe or leaving it, at its line', async () => {
    const { built, head } = await build({
      'content/docs/missing.md': '---\ntitle: Missing\nimage: ./cover.png\n---\n# M\n',
      'content/docs/cover.png': 'png',
      'content/docs/unsafe.md': '---\nimage: "javascript:alert(1)"\n---\n# U\n',
      'content/docs/outside.md': '---\nimage: ../../etc/passwd\n---\n# O\n',
    });
    const byFile = new Map(built.diagnostics.map((d) => [d.file, d]));
    expect(byFile.get('content/docs/missing.md')).toMatchObject({
      code: 'SD2007',
      severity: 'error',
      line: 3,
      column: 8,
      message:
        'Front matter image "./cover.png" not found: the static folder has no cover.png. content/docs/cover.png exists next to the page: move it into the static folder and write its path there.',
    });
    expect(byFile.get('content/docs/unsafe.md')).toMatchObject({ code: 'SD2012', line: 2 });
    expect(byFile.get('content/docs/outside.md')).toMatchObject({ code: 'SD2008', severity: 'error', line: 2 });
    expect(head('docs/unsafe/index.html')).not.toContain('javascript:');
    expect(head('docs/unsafe/index.html')).not.toContain('og:image');
  });

  it("gives every page the config's image unless it has its own; a missing one is an error at the config's line", async () => {
    const { built, head } = await build(
      {
        'content/docs/a.md': '# A\n',
        'content/docs/own.md': '---\nimage: /img/own.png\n---\n# Own\n',
        'content/pages/about.md': '# About\n',
        'static/img/card.png': 'png',
        'static/img/own.png': 'png',
      },
      { image: 'img/card.png' },
    );
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    for (const page of ['index.html', 'docs/a/index.html', 'about/index.html', '404.html'])
      expect(head(page), page).toContain('<meta property="og:image" content="https://docs.example.com/site/img/card.png"/>');
    expect(head('docs/a/index.html')).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(head('docs/own/index.html')).toContain('<meta property="og:image" content="https://docs.example.com/site/img/own.png"/>');

    const missing = await build({ 'content/docs/a.md': '# A\n' }, { image: 'img/nope.png' });
    expect(missing.built.diagnostics.find((d) => d.code === 'SD2007')).toMatchObject({
      severity: 'error',
      file: 'site.config.ts',
      message: '`image` of the config "img/nope.png" not found: the static folder has no img/nope.png.',
    });
  });

  it("keeps a body's own # Heading as the page's heading when the front matter has a title (which names the page elsewhere)", async () => {
    const { html, head } = await build({
      'content/docs/a.md': '---\ntitle: Short\n---\n# The whole story of A\n\nText.\n',
      'content/docs/b.md': '---\ntitle: Only the title\n---\nText.\n',
      'content/pages/about.md': '---\ntitle: About\n---\n# About this site\n',
    });
    expect(html('docs/a/index.html')).toContain('<h1 class="doc-title">The whole story of A</h1>');
    expect(head('docs/a/index.html')).toContain('<title>Short | ');
    expect(html('docs/a/index.html')).toMatch(/menu__link[^"]*" href="\/site\/docs\/a"[^>]*>Short</);
    expect(html('docs/a/index.html').match(/<h1/g)).toHaveLength(1);
    expect(html('docs/b/index.html')).toContain('<h1 class="doc-title">Only the title</h1>');
    expect(html('about/index.html')).toContain('<h1 class="doc-title">About this site</h1>');
  });

  it('gives the 404 page no canonical URL', async () => {
    const { head } = await build({ 'content/docs/a.md': '# A\n' });
    const notFound = head('404.html');
    expect(notFound).not.toContain('rel="canonical"');
    expect(notFound).not.toContain('og:url');
    expect(notFound).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(head('docs/a/index.html')).toContain('<link rel="canonical" href="https://docs.example.com/site/docs/a"/>');
  });
});
