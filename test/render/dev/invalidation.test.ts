import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { createDevSite, type DevSite } from '../../../src/render/dev/dev-site.js';
import { FIXTURES, tempProject } from '../../helpers/fixtures.js';

// Which routes an edit invalidates (their page is rendered again; every other page is served as it
// was). Whether a kept page is still right is dev-site.test.ts's business (every page equal to a
// build's after each edit); here, that an edit touches no more than what shows it.

let root = '';
let site: DevSite;
let all: string[] = [];

const edit = (path: string, change: (text: string) => string): string => {
  const abs = join(root, path);
  writeFileSync(abs, change(readFileSync(abs, 'utf8')));
  return abs;
};
const sorted = (paths: readonly string[]): string[] => [...paths].sort();
const under = (prefix: string): string[] => all.filter((p) => p === prefix || p.startsWith(`${prefix}/`));

beforeAll(async () => {
  root = tempProject(
    {
      'content/docs/intro.md': '---\ntitle: Intro\nsidebar_position: 1\n---\n\nWelcome. See [the guide](./guide.md).\n',
      'content/docs/guide.md': '---\ntitle: Guide\nsidebar_position: 2\n---\n\nThe guide.\n',
      'content/docs/more/deep.md': '---\ntitle: Deep\n---\n\nDeep down.\n',
      'openapi/openapi.yaml': readFileSync(join(FIXTURES, 'openapi/path-params/openapi.yaml'), 'utf8'),
      'site.config.ts': "export default { title: 'Fix', blog: { postsPerPage: 2 }, customCss: 'custom.css' };\n",
      'custom.css': 'h1 { color: #333; }\n',
    },
    join(FIXTURES, 'sites/blog'),
  );
  const { config } = await loadConfig(root);
  const made = await createDevSite({ root, config: config! });
  site = made.site;
  all = sorted(made.first.invalidated);
  for (const path of all) site.page(path);
}, 60_000);

afterAll(async () => {
  await site?.close();
});

describe('what an edit invalidates', () => {
  it('a doc body: its own page only', async () => {
    const r = await site.update([edit('content/docs/guide.md', (t) => `${t}\nMore of the guide.\n`)]);
    expect(r.invalidated).toEqual(['/docs/guide']);
    expect(r.stylesheet).toBeUndefined();
    expect(site.page('/docs/guide')).toContain('More of the guide.');
  });

  it('a doc title: every page that shows the docs sidebar or the title (every doc page, the site view changed)', async () => {
    const r = await site.update([edit('content/docs/guide.md', (t) => t.replace('title: Guide', 'title: The guide'))]);
    expect(r.invalidated).toEqual(expect.arrayContaining([...under('/docs')]));
  });

  it('a blog post body: the post, the lists and tag pages that show its excerpt, nothing else', async () => {
    const r = await site.update([edit('content/blog/2025-02-01-second.md', (t) => `${t}\nMore news.\n`)]);
    expect(sorted(r.invalidated)).toEqual(['/blog', '/blog/custom-second', '/blog/tags/guest', '/blog/tags/news']);
  });

  it('an OpenAPI operation: the API pages, nothing else', async () => {
    const r = await site.update([edit('openapi/openapi.yaml', (t) => t.replace(/(summary: )/, '$1Edited '))]);
    expect(sorted(r.invalidated)).toEqual(under('/api'));
  });

  it('the custom stylesheet: every page (its URL), and the update says nothing else changed', async () => {
    const before = site.page('/docs/intro')!;
    const r = await site.update([edit('custom.css', (t) => `${t}h2 { color: #444; }\n`)]);
    expect(sorted(r.invalidated)).toEqual(all);
    expect(r.stylesheet).toMatch(/^\/assets\/css\/styles\.[0-9a-f]{10}\.css$/);
    expect(site.page('/docs/intro')).toBe(before.replace(/\/assets\/css\/styles\.[0-9a-f]{10}\.css/, r.stylesheet!));
    const file = await site.file(r.stylesheet!.slice(1));
    expect(String((file as { contents: string }).contents)).toContain('h2{color:#444}');
  });

  it('a doc added: every page (every sidebar lists it) and the new one', async () => {
    const abs = join(root, 'content/docs/added.md');
    writeFileSync(abs, '# Added\n\nNew.\n');
    const r = await site.update([abs]);
    expect(sorted(r.invalidated)).toEqual(sorted([...all, '/docs/added']));
  });
});
