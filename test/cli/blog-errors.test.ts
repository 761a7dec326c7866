// CLI contract: blog and MDX mistakes print file:line:col, the line with a caret, a hint and a
// stable code, all in one run, and exit 1 without writing anything.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, tempProject } from '../helpers/fixtures.js';

const run = (root: string) =>
  spawnSync(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'build', '--root', root], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 60_000,
  });

describe('blog and MDX errors on the command line', () => {
  it('prints every SD2013/SD2014/SD2015/SD2017 problem with its position, code frame and hint', () => {
    const root = tempProject({
      'site.config.ts': "export default { url: 'https://docs.example.com' };\n",
      'content/blog/authors.yml': 'ana:\n  name: Ana\n',
      'content/blog/tags.yml': 'news:\n  label: News\n',
      'content/blog/2025-01-01-a.md': '---\ntitle: A\ndate: 2025-02-30\nauthors: [ana, bob]\ntags: [news, nope]\n---\nText\n',
      'content/docs/m.mdx': '---\ntitle: M\n---\n\nimport W from "./nope";\n\n<Unknown />\n',
      'content/docs/s.mdx': '---\ntitle: S\n---\n\nText\n\n<div>\n\nunclosed\n',
    });
    const r = run(root);
    expect(r.status).toBe(1);
    const report = r.stderr.slice(0, r.stderr.lastIndexOf('\nfailed'));
    expect(report).toBe(
      [
        'content/blog/2025-01-01-a.md:3:7  error SD2013  Invalid date "2025-02-30": expected YYYY-MM-DD (or an ISO timestamp).',
        '  3 | date: 2025-02-30',
        '    |       ^',
        '  hint: Give the post a real date: `date: 2025-01-31` in front matter, or a file name starting with YYYY-MM-DD-.',
        '',
        'content/blog/2025-01-01-a.md:4:16  error SD2014  Unknown author "bob". Authors in authors.yml: ana.',
        '  4 | authors: [ana, bob]',
        '    |                ^',
        "  hint: Use a key defined in the blog's authors.yml, or an inline author object ({ name, title, url, image_url }).",
        '',
        'content/blog/2025-01-01-a.md:5:14  error SD2015  Unknown tag "nope": it is not in tags.yml (tags: news).',
        '  5 | tags: [news, nope]',
        '    |              ^',
        "  hint: Use a key defined in the blog's tags.yml, or an inline tag object ({ label, permalink }).",
        '',
        'content/docs/m.mdx:5:15  error SD2017  MDX import: Could not resolve "./nope"',
        '  5 | import W from "./nope";',
        '    |               ^',
        '  hint: Check the path: `./` and `../` start from the .mdx file, `@site/` from the project root (`@site/content/components/Widget`); the extension may be left out.',
        '',
        "content/docs/m.mdx:7:1  error SD2017  MDX: <Unknown> is not defined: import it (`import Unknown from '@site/content/components/Unknown';`) or use a built-in component (Tabs, TabItem, Details, Admonition, CodeBlock).",
        '  7 | <Unknown />',
        '    | ^',
        '  hint: Fix the MDX at the position shown: JSX must be well formed, and `{` and `<` in text must be escaped.',
        '',
        'content/docs/s.mdx:7:1  error SD2017  MDX: Expected a closing tag for `<div>` (7:1-7:6)',
        '  7 | <div>',
        '    | ^',
        '  hint: Fix the MDX at the position shown: JSX must be well formed, and `{` and `<` in text must be escaped.',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toMatch(/\nfailed {2}6 errors, 0 warnings, \d+\.\d\d s; nothing was written \(the previous output is untouched\)\n$/);
    expect(r.stderr).not.toContain(root);
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });
});
