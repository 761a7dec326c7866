import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import type { SiteConfig } from '../../../src/config/schema.js';
import { buildSite } from '../../../src/render/build-site.js';
import { createDevSite, type DevSite } from '../../../src/render/dev/dev-site.js';
import { FIXTURES, fileBytes, tempProject } from '../../helpers/fixtures.js';

// What `serve` holds in memory is what `build` writes: after each edit, addition, rename and
// deletion, every page and file the dev site serves is byte-identical to a fresh build's.

let root = '';
let config: SiteConfig;
let site: DevSite;

const write = (path: string, text: string): string => (writeFileSync(join(root, path), text), join(root, path));
const edit = (path: string, change: (text: string) => string): string => write(path, change(readFileSync(join(root, path), 'utf8')));

/** "docs/intro/index.html" → "/docs/intro"; "index.html" → "/"; "404.html" → "/404.html". */
const routeOf = (path: string): string =>
  path === 'index.html' ? '/' : path.endsWith('/index.html') ? `/${path.slice(0, -'/index.html'.length)}` : `/${path}`;

async function expectSameAsBuild(): Promise<void> {
  const built = await buildSite({ root, config });
  expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  let pages = 0;
  for (const file of built.files) {
    if (file.path.endsWith('.html') && !file.path.startsWith('assets/')) {
      pages++;
      expect(site.page(routeOf(file.path)), file.path).toBe((file as { contents: string }).contents);
      continue;
    }
    const served = await site.file(file.path);
    expect(served, file.path).toBeDefined();
    if ('copyFrom' in file) expect(served).toEqual(file);
    else expect(fileBytes(served!).equals(Buffer.from(file.contents)), file.path).toBe(true);
  }
  expect(pages).toBe(built.routes.length);
}

beforeAll(async () => {
  root = tempProject(
    {
      'content/docs/guide.md': '---\ntitle: Guide\nsidebar_position: 2\n---\n\nSee [the intro](./intro.md) and [setup](./setup.md).\n',
      'site.config.ts': `${readFileSync(join(FIXTURES, 'sites/blog/site.config.ts'), 'utf8').replace(/ };\s*$/, ", customCss: 'src/custom.css' };")}\n`,
      'src/custom.css': ':root { --brand: #0a5; }\n',
      'openapi/openapi.yaml': readFileSync(join(FIXTURES, 'openapi/path-params/openapi.yaml'), 'utf8'),
    },
    join(FIXTURES, 'sites/blog'),
  );
  const loaded = await loadConfig(root);
  config = loaded.config!;
  const made = await createDevSite({ root, config });
  expect(made.first.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  site = made.site;
}, 60_000);

afterAll(async () => {
  await site?.close();
});

describe('the dev site', () => {
  it('serves what build writes, before any edit', async () => {
    await expectSameAsBuild();
  }, 60_000);

  it.each([
    ['a doc body edited', () => [edit('content/docs/intro.md', (t) => `${t}\n\nA new paragraph with **bold** text.\n`)]],
    [
      'a doc body edited below its description (its page alone, the search index and twins made again on request)',
      () => [edit('content/docs/guide.md', (t) => `${t}\n## Next\n\nThen read [the intro](./intro.md#doc), with \`code\`.\n`)],
    ],
    ['a doc title edited (sidebars, prev/next, search)', () => [edit('content/docs/guide.md', (t) => t.replace('title: Guide', 'title: The guide'))]],
    ['a doc added that another links to (the broken link now resolves)', () => [write('content/docs/setup.md', '# Setup\n\nInstall it.\n')]],
    [
      'a doc renamed',
      () => {
        renameSync(join(root, 'content/docs/setup.md'), join(root, 'content/docs/install.md'));
        return [join(root, 'content/docs/setup.md'), join(root, 'content/docs/install.md')];
      },
    ],
    ['a doc deleted', () => (rmSync(join(root, 'content/docs/install.md')), [join(root, 'content/docs/install.md')])],
    ['a blog post edited (lists, feeds, tags)', () => [edit('content/blog/2025-02-01-second.md', (t) => `${t}\n\nMore news.\n`)]],
    ['an MDX post edited', () => [edit('content/blog/2024-11-05-mdx-post.mdx', (t) => t.replace('Intro of the MDX post.', 'The intro, rewritten.'))]],
    ['a component of an MDX post edited', () => [edit('content/components/Counter.tsx', (t) => `${t}\n// edited\n`)]],
    ['the OpenAPI document edited', () => [edit('openapi/openapi.yaml', (t) => t.replace('title: Path params', 'title: Renamed API'))]],
    ['the custom stylesheet edited', () => [edit('src/custom.css', (t) => `${t}h1 { color: var(--brand); }\n`)]],
  ])(
    'serves what build writes after %s',
    async (_what, change) => {
      const result = await site.update(change());
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(result.ok).toBe(true);
      await expectSameAsBuild();
    },
    60_000,
  );

  it('keeps the last good site when an edit breaks it, and takes the fix', async () => {
    const before = site.page('/docs/intro');
    const broken = await site.update([write('content/docs/intro.md', '---\ntitle: [broken\n---\n# Intro\n')]);
    expect(broken.ok).toBe(false);
    expect(broken.diagnostics.some((d) => d.file === 'content/docs/intro.md' && d.severity === 'error')).toBe(true);
    expect(site.page('/docs/intro')).toBe(before);
    const fixed = await site.update([write('content/docs/intro.md', '# Intro\n\nFixed.\n')]);
    expect(fixed.ok).toBe(true);
    expect(site.page('/docs/intro')).toContain('Fixed.');
    await expectSameAsBuild();
  }, 60_000);
});
