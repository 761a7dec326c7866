import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { buildSite, type BuildSiteResult } from '../../src/render/build-site.js';
import type { SiteLookup } from '../../src/mcp/site-lookup.js';
import { siteLookupOf } from '../helpers/site-lookup.js';
import { outputText, tempProject } from '../helpers/fixtures.js';

// Front matter `unlisted`: a doc, a standalone page and a blog post that are built and reachable,
// with noindex, and in no listing: sidebar, previous/next, blog lists, tag and author pages, feeds,
// search, sitemap, Markdown twins, llms.txt, llms-full.txt and `shipdocs mcp`'s index.

// A word only the unlisted pages hold: where it shows, one of them was listed.
const WORD = 'zebraquartz';
const UNLISTED = ['/docs/hidden', '/docs/guides', '/secret', '/blog/hidden-post'];

const root = tempProject({
  'content/docs/intro.md': `---\nsidebar_position: 1\n---\n# Intro\n\nSee [the hidden doc](./hidden.md), [the secret page](/secret) and [the hidden post](/blog/hidden-post).\n`,
  'content/docs/hidden.md': `---\nsidebar_position: 2\nunlisted: true\n---\n# Hidden doc\n\nThe ${WORD} doc.\n`,
  'content/docs/next.md': '---\nsidebar_position: 3\n---\n# Next doc\n\nText.\n',
  'content/docs/named.md': '---\nsidebar_position: 4\npagination_prev: hidden\npagination_next: null\n---\n# Named\n\nText.\n',
  'content/docs/guides/index.md': `---\nunlisted: true\n---\n# Guides index\n\nThe ${WORD} index.\n`,
  'content/docs/guides/one.md': '# One\n\nText.\n',
  'content/pages/secret.md': `---\ntitle: Secret page\nunlisted: true\n---\nThe ${WORD} page.\n`,
  'content/pages/open.md': '# Open page\n\nText.\n',
  'content/blog/authors.yml': 'ana:\n  name: Ana\nbob:\n  name: Bob\n',
  'content/blog/2025-01-01-old.md': '---\ntitle: Old post\nauthors: ana\ntags: [news]\n---\nOld.\n',
  'content/blog/2025-01-02-hidden-post.md': `---\ntitle: Hidden post\nauthors: [ana, bob]\ntags: [news, secret]\nunlisted: true\n---\nThe ${WORD} post.\n`,
  'content/blog/2025-01-03-new.md': '---\ntitle: New post\nauthors: ana\ntags: [news]\n---\nNew.\n',
});

let result: BuildSiteResult;
let lookup: SiteLookup;
const file = (path: string): string => outputText(result.files, path);
const sidebar = (html: string): string => html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));

beforeAll(async () => {
  const { config } = await loadConfig(root);
  result = await buildSite({ root, config: config! });
  lookup = await siteLookupOf(root, config!);
});

describe('unlisted pages', () => {
  it('are built at their routes with noindex, and links to them are not broken', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.routes).toEqual(expect.arrayContaining(UNLISTED));
    for (const path of ['docs/hidden/index.html', 'docs/guides/index.html', 'secret/index.html', 'blog/hidden-post/index.html']) {
      const head = file(path).slice(0, file(path).indexOf('</head>'));
      expect(head, path).toContain('<meta name="robots" content="noindex"/>');
      expect(file(path), path).toContain(WORD);
    }
    for (const path of ['docs/intro/index.html', 'open/index.html', 'blog/new/index.html']) expect(file(path), path).not.toContain('name="robots"');
    expect(file('docs/intro/index.html')).toContain('href="/docs/hidden"');
  });

  it('have no Markdown twin, and do not link one', () => {
    const paths = result.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['docs/intro.md', 'open.md', 'blog/new.md']));
    for (const twin of ['docs/hidden.md', 'docs/guides.md', 'secret.md', 'blog/hidden-post.md']) expect(paths).not.toContain(twin);
    for (const path of ['docs/hidden/index.html', 'secret/index.html', 'blog/hidden-post/index.html']) {
      expect(file(path), path).not.toContain('text/markdown');
      expect(file(path), path).not.toContain('copy-markdown');
    }
  });

  it('leave a doc out of the sidebar and of the other docs’ previous/next, even where named', () => {
    const nav = sidebar(file('docs/next/index.html'));
    expect(nav).toContain('href="/docs/intro"');
    expect(nav).not.toContain('/docs/hidden');
    // The unlisted index doc is not its category's page: the category has a generated one.
    expect(nav).not.toContain('href="/docs/guides"');
    expect(nav).toContain('href="/docs/category/guides"');
    expect(file('docs/category/guides/index.html')).not.toContain(WORD);
    expect(file('docs/intro/index.html')).toContain('href="/docs/next" rel="next"');
    expect(file('docs/next/index.html')).toContain('href="/docs/intro" rel="prev"');
    expect(file('docs/named/index.html')).not.toContain('rel="prev"');
    expect(file('docs/index.html')).not.toContain('/docs/hidden');
  });

  it('leave a post out of the blog’s lists, tag and author pages, sidebar and feeds', () => {
    for (const path of [
      'blog/index.html',
      'blog/archive/index.html',
      'blog/tags/index.html',
      'blog/tags/news/index.html',
      'blog/authors/index.html',
      'blog/authors/ana/index.html',
      'blog/new/index.html',
      'blog/old/index.html',
      'blog/rss.xml',
      'blog/atom.xml',
    ]) {
      expect(file(path), path).not.toContain('hidden-post');
      expect(file(path), path).not.toContain(WORD);
    }
    // Tags and authors of the unlisted post alone get no page, and its page does not link to one.
    expect(result.routes).not.toContain('/blog/tags/secret');
    expect(result.routes).not.toContain('/blog/authors/bob');
    const post = file('blog/hidden-post/index.html');
    expect(post).toContain('href="/blog/tags/news"');
    expect(post).toContain('href="/blog/authors/ana"');
    expect(post).not.toContain('/blog/tags/secret');
    expect(post).not.toContain('/blog/authors/bob');
    // Listed posts are each other's neighbours.
    expect(file('blog/new/index.html')).toContain('href="/blog/old"');
    expect(file('blog/tags/news/index.html')).toContain('2 posts tagged with');
  });

  it('are in neither the search index nor the sitemap', () => {
    const search = file('search-index.json');
    const urls = Object.values((JSON.parse(search) as { index: { storedFields: Record<string, { u: string }> } }).index.storedFields).map((s) => s.u);
    expect(urls).toEqual(expect.arrayContaining(['/docs/intro', '/open', '/blog/new']));
    for (const path of UNLISTED) expect(urls).not.toContain(path);
    expect(search.toLowerCase()).not.toContain(WORD);
    const sitemap = file('sitemap.xml');
    expect(sitemap).toContain('/docs/intro</loc>');
    for (const path of UNLISTED) expect(sitemap).not.toContain(`${path}</loc>`);
  });

  it('are in neither llms.txt nor llms-full.txt', () => {
    expect(file('llms.txt')).toContain('/docs/intro.md');
    for (const name of ['llms.txt', 'llms-full.txt']) {
      for (const path of UNLISTED) expect(file(name), name).not.toContain(`${path}.md`);
      expect(file(name), name).not.toContain(WORD);
      expect(file(name), name).not.toContain('Secret page');
    }
  });

  it('are not listed, found or read by shipdocs mcp', () => {
    const routes = lookup.pages.map((p) => p.route);
    expect(routes).toEqual(expect.arrayContaining(['/docs/intro', '/open', '/blog/new']));
    for (const path of UNLISTED) expect(routes).not.toContain(path);
    expect(lookup.search(WORD, 10)).toEqual([]);
    expect(lookup.search('Secret page', 10).map((h) => h.url)).not.toContain('https://docs.example.com/secret');
    expect(lookup.read('/docs/intro')).toHaveProperty('markdown');
    for (const path of [...UNLISTED, 'https://docs.example.com/docs/hidden.md']) expect(lookup.read(path), path).not.toHaveProperty('markdown');
    for (const path of UNLISTED) expect(lookup.llmsTxt).not.toContain(`${path}.md`);
  });
});
