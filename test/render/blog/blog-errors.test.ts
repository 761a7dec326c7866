// Blog mistakes: every one reported in one pass, each at its own line.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.js';
import { buildSite, type BuildSiteResult } from '../../../src/render/build-site.js';
import { tempProject, outputText } from '../../helpers/fixtures.js';

async function build(files: Record<string, string>): Promise<BuildSiteResult> {
  const dir = tempProject(files);
  const { config } = await loadConfig(dir);
  return buildSite({ root: dir, config: config! });
}
const brief = (r: BuildSiteResult): unknown[] => r.diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message]);

describe('blog errors', () => {
  it('checks authors and tags of a post whose front matter or date is wrong, in the same pass', async () => {
    const r = await build({
      'content/blog/authors.yml': 'ana:\n  name: Ana\n',
      'content/blog/tags.yml': 'news:\n  label: News\n',
      'content/blog/2025-01-01-a.md': '---\ntitle: A\nsummary: x\nauthors: [bob]\ntags: [nope]\n---\nText\n',
      'content/blog/2025-01-02-b.md': '---\ntitle: B\ndate: 2025-02-30\nauthors: [carl]\n---\nText\n',
      'content/blog/2025-02-30-c.md': '---\ntitle: C\ntags: [news, other]\n---\nText\n',
    });
    expect(brief(r)).toEqual([
      ['SD2003', 'content/blog/2025-01-01-a.md', 3, 1, expect.stringMatching(/^Front matter: Unknown key "summary"/)],
      ['SD2014', 'content/blog/2025-01-01-a.md', 4, 11, 'Unknown author "bob". Authors in authors.yml: ana.'],
      ['SD2015', 'content/blog/2025-01-01-a.md', 5, 8, 'Unknown tag "nope": it is not in tags.yml (tags: news).'],
      ['SD2013', 'content/blog/2025-01-02-b.md', 3, 7, 'Invalid date "2025-02-30": expected YYYY-MM-DD (or an ISO timestamp).'],
      ['SD2014', 'content/blog/2025-01-02-b.md', 4, 11, 'Unknown author "carl". Authors in authors.yml: ana.'],
      ['SD2013', 'content/blog/2025-02-30-c.md', 1, 1, 'Invalid date 2025-02-30 in the file name.'],
      ['SD2015', 'content/blog/2025-02-30-c.md', 3, 14, 'Unknown tag "other": it is not in tags.yml (tags: news).'],
    ]);
  });

  it('points authors.yml problems at the record, and does not blame the posts that use it', async () => {
    const r = await build({
      'content/blog/authors.yml': 'bob:\n  name: Bob\n  titel: Typo\nana:\n  title: No name\n',
      'content/blog/2025-01-01-a.md': '---\ntitle: A\nauthors: [ana, bob, zed]\n---\nText\n',
    });
    expect(brief(r)).toEqual([
      ['SD2016', 'content/blog/authors.yml', 3, 3, '"bob": Unknown key "titel". Did you mean "title"?'],
      ['SD2016', 'content/blog/authors.yml', 4, 1, expect.stringMatching(/^"ana": .*name/)],
      ['SD2014', 'content/blog/2025-01-01-a.md', 3, 21, 'Unknown author "zed". It is not in authors.yml.'],
    ]);
  });

  it('says when there is no authors.yml, and reports a post without any date', async () => {
    const r = await build({ 'content/blog/post.md': '---\ntitle: A\nauthors: ana\n---\nText\n' });
    expect(brief(r)).toEqual([
      ['SD2013', 'content/blog/post.md', 1, 1, 'The post has no date: add `date: YYYY-MM-DD` to its front matter or start its file name with the date.'],
      ['SD2014', 'content/blog/post.md', 3, 10, 'Unknown author "ana". There is no authors.yml in the blog folder.'],
    ]);
  });

  it('builds /blog, empty, when every post is a draft; no feeds', async () => {
    const r = await build({ 'content/blog/2025-01-01-a.md': '---\ntitle: A\ndraft: true\n---\nText\n', 'content/docs/intro.md': '# Intro\n' });
    expect(r.diagnostics).toEqual([]);
    expect(r.routes.filter((p) => p.startsWith('/blog')).sort()).toEqual(['/blog', '/blog/archive', '/blog/authors', '/blog/tags']);
    const list = outputText(r.files, 'blog/index.html');
    expect(list).toContain('No posts yet.');
    expect(list).not.toContain('rss.xml');
    expect(r.files.some((f) => f.path.endsWith('rss.xml'))).toBe(false);
  });

  it('builds no blog when the blog folder has no posts', async () => {
    const r = await build({ 'content/docs/intro.md': '# Intro\n' });
    expect(r.routes.some((p) => p.startsWith('/blog'))).toBe(false);
  });
});
