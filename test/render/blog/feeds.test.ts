// Feeds of a blog served under a base path: content URLs absolute once (origin + base + path),
// `#part` links pointing into the post, a feed-level Atom author, and static content in place of
// widgets (tabs, islands, form controls). The strict XML parse of the same feeds is in
// test/browser/blog-mdx.test.ts (Chromium's XML parser).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.js';
import { buildSite, type BuildSiteResult } from '../../../src/render/build-site.js';
import { feedHtml } from '../../../src/render/markdown/feed-html.js';
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
      feedHtml(
        '<a href="/base/docs/a">a</a><a href="#top">t</a><img src="pic.png"><a href="https://o.example/">o</a><a href="mailto:a@b.c">m</a><a href="/base/s?a=1&amp;b=2">q</a>',
        post,
      ),
    ).toBe(
      '<a href="https://x.example/base/docs/a">a</a><a href="https://x.example/base/blog/post#top">t</a><img src="https://x.example/base/blog/pic.png"><a href="https://o.example/">o</a><a href="mailto:a@b.c">m</a><a href="https://x.example/base/s?a=1&#x26;b=2">q</a>',
    );
  });

  it('carries static content: an island as its server-rendered HTML, tabs as sections, no controls or scripts', () => {
    for (const feed of ['blog/rss.xml', 'blog/atom.xml']) {
      const entry = file(feed)
        .split(/<item>|<entry>/)
        .find((e) => e.includes('MDX post'))!;
      const content = entry.slice(entry.indexOf('<![CDATA['), entry.lastIndexOf(']]>'));
      // each tab a section under a heading one level below the post's "## Components"
      expect(content).toContain('<section><h3>Alpha</h3>Alpha content</section><section><h3>Beta</h3>Beta content</section>');
      // the island (a button) as the text it renders, without its props or hydration attributes
      expect(content).toContain('<span>Clicks: 3</span>');
      expect(content).not.toMatch(/<(input|button|label|script|select|textarea|template)\b|<!--|data-|tabindex|aria-controls|island-|hash-link/i);
      // the rest stays as on the page
      expect(content).toContain('<details class="details"><summary>More</summary>');
      expect(content).toContain('<p class="admonition-title">Nice</p>');
    }
  });

  it('turns form controls into the text they show and drops what the page hides', () => {
    const html = feedHtml(
      '<h2 id="x">X<a class="hash-link" href="#x">#</a></h2><ul><li class="task-list-item"><input type="checkbox" disabled checked> done</li><li><input type="checkbox" disabled> todo</li></ul>' +
        '<form><label for="w">Weight</label><input id="w" type="number" value="2.5"><input type="hidden" value="s"><select><option>a</option><option selected>b</option></select><textarea>note</textarea><button type="submit"></button></form>' +
        '<div hidden>secret</div><noscript><p>No script</p></noscript><div class="tabs" role="group"><input type="radio" class="tabs__radio"><label class="tabs__tab">One</label><div class="tabs__panel"><div class="tabs"><input type="radio"><label class="tabs__tab">Inner</label><div class="tabs__panel">in</div></div></div></div><h4>Later</h4>',
      'https://x.example/p',
    );
    expect(html).toBe(
      '<h2 id="x">X</h2><ul><li class="task-list-item">☑  done</li><li>☐  todo</li></ul>' +
        '<span>Weight</span> <code>2.5</code>b<pre>note</pre>' +
        '<p>No script</p><section><h3>One</h3><section><h4>Inner</h4>in</section></section><h4>Later</h4>',
    );
  });
});
