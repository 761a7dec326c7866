import { beforeAll, describe, expect, it } from 'vitest';
import { llmsFiles } from '../../../src/render/llms/llms-txt.js';
import { twinMarkdown, withBaseLinks } from '../../../src/render/llms/twins.js';
import { twinPath } from '../../../src/shared/twin-path.js';
import { loadCommentParser } from '../../../src/render/markdown/hidden-comments.js';
import { buildSite, prepareSite } from '../../../src/render/build-site.js';
import { indexSite } from '../../../src/render/stages/emit-files.js';
import { loadConfig, validateConfig } from '../../../src/config/load-config.js';
import { outputText, REPO, tempProject } from '../../helpers/fixtures.js';

describe('Markdown twins', () => {
  // Twins leave out the source's comments (its parser loads on demand, as the build loads it).
  beforeAll(() => loadCommentParser());

  it('live at the route with .md', () => {
    expect(twinPath('/docs/intro')).toBe('docs/intro.md');
    expect(twinPath('/docs/intro/')).toBe('docs/intro.md');
    expect(twinPath('/')).toBe('index.md');
  });

  it('are the source without front matter, MDX statements or the excerpt marker, under the title', () => {
    const mdx = [
      '---',
      'title: Quote',
      'description: Rates.',
      '---',
      "import Tabs from '@site/components/Tabs';",
      'export const x = 1;',
      '',
      'Intro.',
      '',
      '<!-- truncate -->',
      '',
      '## Call it',
      '',
      '```js',
      "import fetch from 'x';",
      '```',
      '',
    ].join('\n');
    expect(twinMarkdown({ route: '/docs/quote', title: 'Quote', description: 'Rates.', markdown: mdx, source: true, file: 'content/docs/quote.mdx' })).toBe(
      "# Quote\n\n> Rates.\n\nIntro.\n\n## Call it\n\n```js\nimport fetch from 'x';\n```\n",
    );
    // A body that starts with its own H1 keeps it.
    expect(twinMarkdown({ route: '/a', title: 'A', description: undefined, markdown: '# Own\n\nText', source: true, file: 'a.md' })).toBe('# Own\n\nText\n');
  });

  it('put the base path in front of links written from the site root, not in code', () => {
    const source = [
      'See [the API](/api), ![logo](/img/logo.svg), [setup](./setup.md), [x](https://x.example/a) and [y](//cdn.example/y).',
      '`[in code](/api)` and <a href="/blog">the blog</a>.',
      '[ref]: /docs/intro',
      '```md',
      '[in a fence](/api)',
      '```',
    ].join('\n');
    expect(withBaseLinks(source, '/repo/')).toBe(
      [
        'See [the API](/repo/api), ![logo](/repo/img/logo.svg), [setup](./setup.md), [x](https://x.example/a) and [y](//cdn.example/y).',
        '`[in code](/api)` and <a href="/repo/blog">the blog</a>.',
        '[ref]: /repo/docs/intro',
        '```md',
        '[in a fence](/api)',
        '```',
      ].join('\n'),
    );
    expect(withBaseLinks(source, '/')).toBe(source);
  });
});

describe('llms.txt', () => {
  it('follows llmstxt.org: an H1, a blockquote summary, H2 sections of link lists', async () => {
    const page = (route: string, title: string, description?: string) => ({
      kind: 'doc' as const,
      route,
      title,
      description,
      markdown: twinMarkdown({ route, title, description, markdown: `Body of ${title}`, source: false, file: '' }),
    });
    const [index, full] = llmsFiles(
      {
        title: 'Docs',
        tagline: 'Ship it',
        sections: [
          { name: 'Docs', pages: [page('/docs/a', 'A [x]', 'First.'), page('/docs/b', 'B')] },
          { name: 'Empty', pages: [] },
        ],
      },
      (p) => `https://x.example${p}`,
    );
    expect(index.path).toBe('llms.txt');
    expect('contents' in index && index.contents).toBe(
      '# Docs\n\n> Ship it\n\n## Docs\n\n- [A \\[x\\]](https://x.example/docs/a.md): First.\n- [B](https://x.example/docs/b.md)\n',
    );
    expect(full.path).toBe('llms-full.txt');
    expect('parts' in full && [...full.parts].join('')).toContain('# A [x]\n\n> First.\n\nBody of A [x]\n');
  });

  it('a built site has a twin per doc, page and post, linked from its head, and llms.txt lists them', async () => {
    const root = tempProject({
      'content/docs/intro.md': '---\ntitle: Intro\ndescription: Start.\n---\nHello.\n',
      'content/pages/about.md': '# About us\n\nWe ship.\n',
      'content/blog/2025-01-01-hi.md': '---\ntitle: Hi\n---\nPost.\n',
    });
    const built = await buildSite({ root, config: validateConfig({ title: 'Site', url: 'https://site.example', baseUrl: '/b/' }).config! });
    expect(outputText(built.files, 'docs/intro.md')).toBe('# Intro\n\n> Start.\n\nHello.\n');
    expect(outputText(built.files, 'about.md')).toBe('# About us\n\nWe ship.\n');
    expect(outputText(built.files, 'blog/hi.md')).toContain('Post.');
    expect(outputText(built.files, 'docs/intro/index.html')).toContain('<link rel="alternate" type="text/markdown" href="/b/docs/intro.md"/>');
    const llms = outputText(built.files, 'llms.txt');
    expect(llms).toContain('- [Intro](https://site.example/b/docs/intro.md): Start.');
    expect(llms).toContain('- [Hi](https://site.example/b/blog/hi.md)');
  });
});

describe('the site index', () => {
  it("is the same whether the APIs' Markdown comes with their exports (build) or alone (`shipdocs mcp`)", async () => {
    const { config } = await loadConfig(REPO);
    const prepared = await prepareSite({ root: REPO, config: config! });
    try {
      const exported = await prepared.loaded.api!.exports!(async () => undefined);
      const fromExports = await indexSite(prepared, exported.markdown);
      const alone = await indexSite(prepared);
      expect(alone.operations.length).toBeGreaterThan(15);
      expect(alone.histories.length).toBe(1);
      expect(alone).toEqual(fromExports);
    } finally {
      await prepared.close();
    }
  });
});
