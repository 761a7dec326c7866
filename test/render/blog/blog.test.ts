import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { buildSite, type BuildSiteResult } from '../../../src/render/build-site.js';
import { FIXTURES, tempProject, outputText } from '../../helpers/fixtures.js';
import { cdata } from '../../../src/render/feeds/xml-feeds.js';
import { escapeXml } from '../../../src/shared/html-escape.js';
import { formatDate } from '../../../src/components/blog/BlogParts.js';

const root = join(FIXTURES, 'sites/blog');
let result: BuildSiteResult;
const file = (path: string): string => outputText(result.files, path);

async function build(dir: string): Promise<BuildSiteResult> {
  const { config } = await loadConfig(dir);
  return buildSite({ root: dir, config: config! });
}

beforeAll(async () => {
  result = await build(root);
});

describe('blog', () => {
  it('plans list pages, posts, archive, authors and tags', () => {
    const blogRoutes = result.routes.filter((r) => r.startsWith('/blog')).sort();
    expect(blogRoutes).toEqual(
      [
        '/blog',
        '/blog/page/2',
        '/blog/first',
        '/blog/custom-second',
        '/blog/folder-post',
        '/blog/mdx-post',
        '/blog/archive',
        '/blog/authors',
        '/blog/authors/ana',
        '/blog/tags',
        '/blog/tags/news',
        '/blog/tags/hola',
        '/blog/tags/guest',
      ].sort(),
    );
    expect(result.diagnostics).toEqual([]);
  });

  it('leaves drafts out, and does not check their authors and tags', () => {
    expect(result.routes.some((r) => r.includes('draft'))).toBe(false);
    expect(file('blog/archive/index.html')).not.toContain('Draft post');
    expect(file('blog/rss.xml')).not.toContain('Draft post');
  });

  it('gives inline tags a page, and no page to tags and authors without posts', () => {
    expect(file('blog/tags/guest/index.html')).toContain('1 post tagged with &quot;Guest topics&quot;');
    expect(file('blog/custom-second/index.html')).toContain('href="/blog/tags/guest" rel="tag">Guest topics</a>');
    expect(file('blog/tags/index.html')).not.toContain('Unused');
    expect(result.routes).not.toContain('/blog/tags/unused');
    expect(result.routes).not.toContain('/blog/authors/bob');
    expect(file('blog/authors/index.html')).not.toContain('Bob Quiet');
  });

  it('lists posts newest first with excerpts and read-more links, paginated', () => {
    const list = file('blog/index.html');
    expect(list.indexOf('First post')).toBeLessThan(list.indexOf('Second post'));
    expect(list).toContain('Intro paragraph of the first post.');
    expect(list).not.toContain('More text after the excerpt');
    expect(list).toContain('href="/blog/first" aria-label="Read more about First post"');
    expect(list).toContain('href="/blog/page/2" rel="next"');
    expect(file('blog/page/2/index.html')).toContain('Folder post');
  });

  it('renders a post with date, reading time, authors, tags, TOC and neighbours', () => {
    const post = file('blog/first/index.html');
    expect(post).toContain('<title>First post | BlogFix</title>');
    expect(post).toContain('<time dateTime="2025-03-01">March 1, 2025</time>');
    expect(post).toMatch(/1(<!-- -->)? <span lang="es" data-l="es">min de lectura/);
    expect(post).toContain('href="/blog/authors/ana">Ana López</a>');
    expect(post).toContain('href="https://github.com/ana"');
    expect(post).toContain('href="/blog/tags/news" rel="tag">News</a>');
    expect(post).toContain('href="#details"');
    expect(post).toContain('href="/blog/custom-second" rel="next"');
    expect(file('blog/custom-second/index.html')).toContain('Guest Writer');
  });

  it('copies images of folder posts', () => {
    expect(file('blog/folder-post/index.html')).toMatch(/src="\/assets\/images\/pic-[0-9a-f]{8}\.png"/);
  });

  it('writes archive, authors and tag pages with counts', () => {
    expect(file('blog/archive/index.html')).toMatch(/<h2 id="year-2025">2025<\/h2>[\s\S]*<h2 id="year-2024">2024<\/h2>/);
    expect(file('blog/authors/index.html')).toMatch(/Ana López[\s\S]*2(<!-- -->)? <span lang="es" data-l="es">publicaciones/);
    expect(file('blog/tags/index.html')).toContain('href="/blog/tags/hola"');
    expect(file('blog/tags/news/index.html')).toContain('2 posts tagged with &quot;News&quot;');
  });

  it('has a sidebar of recent posts grouped by year and feed links in the head', () => {
    const html = file('blog/first/index.html');
    expect(html).toMatch(/<p class="blog-sidebar__year">2025<\/p>[\s\S]*<p class="blog-sidebar__year">2024<\/p>/);
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" href="/blog/rss.xml"');
    expect(file('docs/intro/index.html')).toContain('type="application/atom+xml" href="/blog/atom.xml"');
  });

  it('writes well-formed RSS and Atom feeds even with ]]> and control characters', () => {
    const rss = file('blog/rss.xml');
    expect(rss).toContain('<link>https://blog.example/blog/first</link>');
    expect(rss).not.toContain('\u0001');
    expect(rss).toContain(']]]]><![CDATA[>');
    const atom = file('blog/atom.xml');
    expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(atom).toContain('<name>Ana López</name>');
    for (const xml of [rss, atom]) {
      // every CDATA section closes, and no raw control characters remain
      expect(xml.split('<![CDATA[').length).toBe(xml.split(']]>').length);
      expect(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(xml)).toBe(false);
    }
  });

  it('escapes XML helpers correctly', () => {
    expect(escapeXml('a<b>&"\'\u0002')).toBe('a&lt;b&gt;&amp;&quot;&apos;');
    expect(cdata('x]]>y')).toBe('<![CDATA[x]]]]><![CDATA[>y]]>');
  });
});

describe('MDX', () => {
  it('renders built-in components, directives and code at build time', () => {
    const html = file('blog/mdx-post/index.html');
    expect(html).toContain('class="tabs"');
    // radio, label, panel per tab: CSS shows the checked radio's panel for any number of tabs
    expect(html).toMatch(
      /<input type="radio" class="tabs__radio"[^>]*checked="" value="a"\/><label class="tabs__tab" for="(tabs-[\w-]+)">Alpha<\/label><div class="tabs__panel"/,
    );
    expect(html).toMatch(/<input type="radio" class="tabs__radio"[^>]*name="tabs-[\w-]+" value="b"\/>/);
    expect(html).toContain('Beta content');
    expect(html).toContain('<details class="details"><summary>More</summary>');
    expect(html).toContain('<div class="admonition admonition-tip" role="note"><p class="admonition-title">Nice</p>');
    expect(html).toContain('<div class="admonition admonition-note" role="note">');
    expect(html).toContain('<div class="code-block-title">data.json</div><pre class="shiki');
    expect(html).toMatch(/<pre class="shiki[^"]*"[^>]*data-language="ts"/);
    expect(html).not.toContain('\uE000');
  });

  it('turns client:* components into islands with escaped props and ships their chunk', () => {
    const html = file('blog/mdx-post/index.html');
    const island =
      /<div class="island" data-island="(c[0-9a-f]{10})" data-hydrate="visible" data-island-props="([^"]+)">(.*?)<\/div><script type="application\/json" id="([^"]+)">([^<]*)<\/script>/.exec(
        html,
      );
    expect(island).not.toBeNull();
    expect(island![3]).toContain('Clicks<!-- -->: <!-- -->3');
    expect(island![2]).toBe(island![4]);
    expect(JSON.parse(island![5]!)).toEqual({ start: 3, label: 'Clicks' });
    expect(result.files.some((f) => /^assets\/js\/chunks\/Counter-[\w]+\.js$/.test(f.path))).toBe(true);
  });

  it('uses the MDX truncate marker for the excerpt', () => {
    const list = file('blog/page/2/index.html');
    expect(list).toContain('Intro of the MDX post.');
    expect(list).not.toContain('Alpha content');
  });

  it('reports MDX syntax errors with file, line and column', async () => {
    const dir = tempProject({ 'content/docs/bad.mdx': '---\ntitle: Bad\n---\n\n# Bad\n\n<div>\n\nunclosed\n' });
    const r = await build(dir);
    const err = r.diagnostics.find((d) => d.code === 'SD2017');
    expect(err).toMatchObject({ file: 'content/docs/bad.mdx', severity: 'error' });
    expect(err!.line).toBeGreaterThanOrEqual(7);
  });

  it('keeps .md files as plain markdown (no JSX)', async () => {
    const dir = tempProject({ 'content/docs/plain.md': '# Plain\n\n<Tabs>not jsx</Tabs> and {curly}\n' });
    const r = await build(dir);
    expect(outputText(r.files, 'docs/plain/index.html')).toContain('not jsx and {curly}');
  });
});

describe('blog errors', () => {
  it('reports invalid dates and unknown authors and tags with file and line', async () => {
    const dir = tempProject({
      'content/blog/authors.yml': 'ana:\n  name: Ana\n',
      'content/blog/tags.yml': 'news:\n  label: News\n',
      'content/blog/2025-01-01-a.md': '---\ntitle: A\ndate: 2025-02-30\n---\nText\n',
      'content/blog/2025-01-02-b.md': '---\ntitle: B\nauthors: [ana, bob]\ntags: [news, nope]\n---\nText\n',
    });
    const r = await build(dir);
    const d = r.diagnostics.map((x) => [x.code, x.file, x.line, x.column]);
    expect(d).toEqual(
      expect.arrayContaining([
        ['SD2013', 'content/blog/2025-01-01-a.md', 3, 7],
        ['SD2014', 'content/blog/2025-01-02-b.md', 3, 16],
        ['SD2015', 'content/blog/2025-01-02-b.md', 4, 14],
      ]),
    );
  });
});

describe('formatDate', () => {
  it("writes every day from 1900 to 2100 as Intl's en-US long date in UTC does", () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    for (let t = Date.UTC(1900, 0, 1); t <= Date.UTC(2100, 11, 31); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      expect(formatDate(iso)).toBe(intl.format(t));
    }
    expect(formatDate('2025-03-01T23:30:00-05:00')).toBe('March 2, 2025');
  });
});
