import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/load-config.js';
import { buildSite, type BuildSiteResult } from '../../src/render/build-site.js';
import { FIXTURES, asText } from '../helpers/fixtures.js';

const root = join(FIXTURES, 'sites/basic');
let result: BuildSiteResult;
const file = (path: string): string => {
  const f = result.files.find((x) => x.path === path);
  if (!f || !('contents' in f)) throw new Error(`no output file ${path}`);
  return asText(f.contents);
};

beforeAll(async () => {
  const { config } = await loadConfig(root);
  result = await buildSite({ root, config: config! });
});

describe('buildSite on the basic fixture', () => {
  it('plans every route: docs, category pages, docs landing, pages, home, 404', () => {
    expect(result.routes.sort()).toEqual(
      [
        '/',
        '/404.html',
        '/about',
        '/docs',
        '/docs/category/advanced-topics',
        '/docs/category/getting-started',
        '/docs/getting-started/first',
        '/docs/getting-started/setup',
        '/docs/guides',
        '/docs/guides/advanced/deep',
        '/docs/intro',
        '/docs/writing-guide',
        '/hello',
      ].sort(),
    );
  });

  it('orders the sidebar by position then name, with categories and their links', () => {
    const html = file('docs/intro/index.html');
    const sidebar = html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));
    const labels = [...sidebar.matchAll(/class="menu__link[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(labels).toEqual(['Welcome', 'Getting Started', 'First', 'Setup', 'Guides', 'Writing', 'Advanced Topics', 'Deep']);
    expect(sidebar).toContain('href="/docs/category/getting-started"');
    expect(sidebar).toContain('href="/docs/guides"');
    // a collapsed category that does not hold the page: rendered closed, with its children and a toggle
    expect(sidebar).toMatch(
      /<li class="menu__category menu__category--closed"><div class="menu__category-row"><a class="menu__link menu__link--category" href="\/docs\/category\/advanced-topics" id="(sidebar-[\d-]+)-name">Advanced Topics<\/a><button type="button" class="menu__caret" aria-expanded="false" aria-controls="\1" aria-labelledby="doc-sidebar-toggle \1-name" data-sidebar-caret=""><\/button>/,
    );
    expect(sidebar).toContain('href="/docs/guides/advanced/deep"');
    expect(file('docs/guides/advanced/deep/index.html')).toContain('menu__link menu__link--active" href="/docs/guides/advanced/deep" aria-current="page"');
  });

  it('renders a doc with title, breadcrumbs, TOC, previous/next and resolved links', () => {
    const html = file('docs/getting-started/setup/index.html');
    expect(html).toMatch(/^<!doctype html><html lang="en"/);
    expect(html).toContain('<title>Setup | Fixture</title>');
    expect(html).toContain('<h1 class="doc-title">Setup</h1>');
    expect(html).toContain('href="#install"');
    expect(html).toContain('rel="prev"');
    expect(html).toContain('href="/docs/getting-started/first" rel="prev"');
    expect(html).toContain('href="/docs/guides" rel="next"');
    expect(html).toContain('<a class="breadcrumbs__link" href="/docs/category/getting-started">Getting Started</a>');
    expect(file('docs/intro/index.html')).toContain('href="/docs/getting-started/setup#install"');
  });

  it('writes head metadata: description, canonical, Open Graph, CSP, early script first', () => {
    const html = file('docs/intro/index.html');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<script[^>]*src="([^"]+)"/)![1]).toBe('/js/earlyResizeObserverSuppress.js');
    expect(head).toContain('<meta name="description" content="Start here."/>');
    expect(head).toContain('<link rel="canonical" href="https://fixture.example/docs/intro"/>');
    expect(head).toContain('<meta property="og:title" content="Welcome | Fixture"/>');
    expect(head).toMatch(
      /http-equiv="Content-Security-Policy" content="default-src &#x27;self&#x27;; script-src &#x27;self&#x27; &#x27;sha256-[A-Za-z0-9+/=]+&#x27;/,
    );
    expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/css\/styles\.[0-9a-f]{10}\.css"\/>/);
  });

  it('generates category index pages listing their items', () => {
    const html = file('docs/category/advanced-topics/index.html');
    expect(html).toContain('Deep things.');
    expect(html).toContain('href="/docs/guides/advanced/deep"');
  });

  it('renders markdown pages, React pages and the built-in home page', () => {
    const about = file('about/index.html');
    expect(about).toContain('<title>About us | Fixture</title>');
    expect(about).not.toContain('<footer');
    const hello = file('hello/index.html');
    expect(hello).toContain('<p class="answer">Answer: 42</p>');
    expect(hello).toContain('<meta name="description" content="A React page."/>');
    const home = file('index.html');
    expect(home).toContain('<title>Fixture | A fixture site</title>');
    expect(home).toContain('href="/docs"');
  });

  it('renders the shell: skip link, announcement, footer, bilingual labels', () => {
    const html = file('about/index.html');
    expect(html).toContain('<a class="skip-link" href="#main-content">');
    expect(html).toContain('id="main-content"');
    expect(html).toContain('Hello <b>readers</b>');
    expect(html).toContain('<span lang="es" data-l="es">Saltar al contenido principal</span><span lang="en" data-l="en">Skip to main content</span>');
    expect(file('docs/intro/index.html')).toContain('Copyright © 2025 Fixture');
    expect(file('docs/intro/index.html')).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer"');
  });

  it('copies static files and content images, and writes sitemap, robots and 404', () => {
    const paths = result.files.map((f) => f.path);
    expect(paths).toContain('img/logo.svg');
    expect(paths.some((p) => /^assets\/images\/diagram-[0-9a-f]{8}\.png$/.test(p))).toBe(true);
    expect(file('sitemap.xml')).toContain('<loc>https://fixture.example/docs/intro</loc>');
    expect(file('sitemap.xml')).not.toContain('404');
    expect(file('robots.txt')).toContain('Sitemap: https://fixture.example/sitemap.xml');
    expect(file('404.html')).toContain('<title>Page not found | Fixture</title>');
    expect(paths).not.toContain('docs/draft/index.html');
  });

  it('warns about broken links and anchors with file and line', () => {
    const w = result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line]);
    expect(w).toEqual(
      expect.arrayContaining([
        ['SD4004', 'warning', 'content/docs/guides/writing.md', 8],
        ['SD4002', 'warning', 'content/docs/guides/writing.md', 8],
        ['SD4001', 'warning', 'content/docs/guides/writing.md', 8],
      ]),
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('makes link warnings errors in strict mode', async () => {
    const { config } = await loadConfig(root);
    const strict = await buildSite({ root, config: config!, strict: true });
    expect(strict.diagnostics.filter((d) => d.code.startsWith('SD4')).every((d) => d.severity === 'error')).toBe(true);
  });
});

describe('the announcement bar', () => {
  it('resolves its links like content (base URL, .md files) and checks them against the config file', async () => {
    const { config } = await loadConfig(root);
    const source =
      "export default {\n  announcementBar: { id: 'x', content: 'Read [the intro](/docs/intro), [setup](content/docs/01-getting-started/02-setup.md) or [nothing](/docs/nope).' },\n};\n";
    const built = await buildSite({
      root,
      config: {
        ...config!,
        baseUrl: '/sub/',
        announcementBar: {
          id: 'x',
          content: 'Read [the intro](/docs/intro), [setup](content/docs/01-getting-started/02-setup.md) or [nothing](/docs/nope).',
          dismissible: true,
        },
      },
      configFile: { path: 'site.config.ts', source },
    });
    const page = built.files.find((f) => f.path === 'docs/intro/index.html');
    const html = page && 'contents' in page ? asText(page.contents) : '';
    expect(html).toContain('<a href="/sub/docs/intro">the intro</a>');
    expect(html).toContain('<a href="/sub/docs/getting-started/setup">setup</a>');
    const broken = built.diagnostics.filter((d) => d.file === 'site.config.ts');
    expect(broken).toEqual([expect.objectContaining({ code: 'SD4001', line: 2, column: source.split('\n')[1]!.indexOf('/docs/nope') + 1 })]);
  });
});
