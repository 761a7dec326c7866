// Feeds of a blog served under a base path: content URLs absolute once (origin + base + path),
// `#part` links pointing into the post, a feed-level Atom author. The strict XML parse of the
// same feeds is in test/browser/blog-mdx.test.ts (Chromium's XML parser).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.js';
import { buildSite, type BuildSiteResult } from '../../../src/render/build-site.js';
import { absolutize } from '../../../src/render/blog/feeds.js';
import { FIXTURES, tempProject, outputText } from '../../helpers/fixtures.js';

let result: BuildSiteResult;
const file = (path: string): string => outputText(result.files, path);

beforeAll(async () => {
  const root = tempProject({}, join(FIXTURES, 'sites/blog'));
  writeFileSync(
    join(root, 'site.config.ts'),
    "export default { title: 'BlogFix', url: 'https://blog.example', baseUrl: '/sub/', blog: { postsPerPage: 2, title: 'News' } };\n",
  );
  const { config } = await loadConfig(root);
  result = await buildSite({ root, config: config! });
}, 60_000);

describe('blog feeds under a base path', () => {
  it('makes content links and images absolute with the base path once', () => {
    expect(result.diagnostics).toEqual([]);
    for (const feed of ['blog/rss.xml', 'blog/atom.xml']) {
      const xml = file(feed);
      expect(xml).toContain('href="https://blog.example/sub/docs/intro"');
      expect(xml).toContain('src="https://blog.example/sub/img/pixel.png"');
      expect(xml).toContain('href="https://blog.example/sub/blog/first#details"');
      expect(xml).not.toContain('/sub/sub/');
      expect(xml).not.toMatch(/(?:href|src)="\/(?!\/)/);
    }
    expect(file('blog/rss.xml')).toContain('<link>https://blog.example/sub/blog/first</link>');
  });

  it('gives Atom a feed author, so entries without authors stay valid', () => {
    const atom = file('blog/atom.xml');
    expect(atom).toMatch(/<link rel="self" href="https:\/\/blog.example\/sub\/blog\/atom.xml"\/>\n<author><name>BlogFix<\/name><\/author>/);
    const second = atom.split('<entry>').find((e) => e.includes('Second post'))!;
    expect(second).toContain('<author><name>Guest Writer</name></author>');
  });

  it('resolves every kind of content URL against the post', () => {
    const post = 'https://x.example/base/blog/post';
    expect(
      absolutize(
        '<a href="/base/docs/a">a</a><a href="#top">t</a><img src="pic.png"><a href="https://o.example/">o</a><a href="mailto:a@b.c">m</a><a href="/base/s?a=1&amp;b=2">q</a>',
        post,
      ),
    ).toBe(
      '<a href="https://x.example/base/docs/a">a</a><a href="https://x.example/base/blog/post#top">t</a><img src="https://x.example/base/blog/pic.png"><a href="https://o.example/">o</a><a href="mailto:a@b.c">m</a><a href="https://x.example/base/s?a=1&amp;b=2">q</a>',
    );
  });
});
