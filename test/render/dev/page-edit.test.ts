import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import type { SiteConfig } from '../../../src/config/schema.js';
import type { Diagnostic } from '../../../src/shared/diagnostics.js';
import { buildSite } from '../../../src/render/build-site.js';
import { createDevSite, type DevSite, type UpdateResult } from '../../../src/render/dev/dev-site.js';
import { outputText, tempProject } from '../../helpers/fixtures.js';

// An edit of pages' bodies alone is taken without preparing the site again (render/dev/page-edit.ts):
// only the edited pages change, and the problems reported (markdown warnings, broken links and
// anchors, in this page or in others pointing into it) are those of the same files prepared afresh.
// An edit that changes what other pages show (a title read from the body's heading, the first
// paragraph that is the description, the front matter) prepares the site again. That the pages
// served are those `build` writes is dev-site.test.ts's business.

let root = '';
let config: SiteConfig;
let site: DevSite;

const edit = (path: string, change: (text: string) => string): string => {
  const abs = join(root, path);
  writeFileSync(abs, change(readFileSync(abs, 'utf8')));
  return abs;
};
const shown = (d: Diagnostic): string => `${d.code} ${d.severity} ${d.file}:${d.line ?? ''}:${d.column ?? ''} ${d.message}`;

/** The problems of a dev site prepared afresh from the files as they are now. */
async function afresh(): Promise<string[]> {
  const made = await createDevSite({ root, config });
  await made.site.close();
  return made.first.diagnostics.map(shown).sort();
}

/** The update took the edit as one of pages' bodies alone, and reports what a fresh preparation does. */
async function expectPagesOnly(r: UpdateResult, invalidated: string[]): Promise<void> {
  expect(r.ok).toBe(true);
  expect(r.timings.editPages, 'taken without preparing the site again').toBeDefined();
  expect(r.invalidated).toEqual(invalidated);
  expect(r.diagnostics.map(shown).sort()).toEqual(await afresh());
}

beforeAll(async () => {
  root = tempProject({
    'content/docs/a.md': '---\ntitle: A\nsidebar_position: 1\n---\n\nA points to [the usage of B](./b.md#usage).\n',
    'content/docs/b.md': '---\ntitle: B\nsidebar_position: 2\n---\n\nB does one thing.\n\n## Usage\n\nUse it.\n',
    'content/docs/c.md': '# The title of C\n\nC does another thing.\n',
    'content/pages/about.md': '---\ntitle: About\n---\n\nAbout us.\n',
    'versions.json': '["1.0"]',
    'versioned_docs/version-1.0/a.md': '---\ntitle: A\n---\n\nA, as it was in 1.0. See [B](./b.md).\n',
    'versioned_docs/version-1.0/b.md': '---\ntitle: B\n---\n\nB in 1.0.\n',
    'site.config.ts': "export default { title: 'Edits' };\n",
  });
  config = (await loadConfig(root)).config!;
  site = (await createDevSite({ root, config })).site;
}, 60_000);

afterAll(async () => {
  await site?.close();
});

describe('an edit of pages’ bodies alone', () => {
  it('changes their pages only', async () => {
    const r = await site.update([edit('content/docs/b.md', (t) => `${t}\nMore of B.\n`), edit('content/pages/about.md', (t) => `${t}\nAnd more.\n`)]);
    await expectPagesOnly(r, ['/docs/b', '/about']);
    expect(site.page('/docs/b')).toContain('More of B.');
    expect(site.page('/about')).toContain('And more.');
  });

  it('reports a markdown warning written in it, and no longer once it is gone', async () => {
    await expectPagesOnly(await site.update([edit('content/docs/b.md', (t) => `${t}\n\`\`\`nosuchlanguage\ncode\n\`\`\`\n`)]), ['/docs/b']);
    expect(site.diagnostics().some((d) => d.code === 'SD2011' && d.file === 'content/docs/b.md')).toBe(true);
    await expectPagesOnly(await site.update([edit('content/docs/b.md', (t) => t.replace(/```nosuchlanguage\ncode\n```\n/, ''))]), ['/docs/b']);
    expect(site.diagnostics().some((d) => d.code === 'SD2011')).toBe(false);
  });

  it('reports a broken link or anchor written in it, and no longer once they are fixed', async () => {
    const broken = (t: string): string => `${t}\nSee [nowhere](./missing.md) and [no such part of C](./c.md#nowhere).\n`;
    await expectPagesOnly(await site.update([edit('content/docs/a.md', broken)]), ['/docs/a']);
    const problems = site
      .diagnostics()
      .filter((d) => d.file === 'content/docs/a.md')
      .map((d) => d.code);
    expect(problems.sort()).toEqual(['SD4002', 'SD4004']);
    const fixed = (t: string): string => t.replace('./missing.md', './c.md').replace('#nowhere', '');
    await expectPagesOnly(await site.update([edit('content/docs/a.md', fixed)]), ['/docs/a']);
    expect(site.diagnostics().filter((d) => d.file === 'content/docs/a.md')).toEqual([]);
  });

  it('reports the anchor of another page that a heading renamed breaks, and no longer once it is back', async () => {
    await expectPagesOnly(await site.update([edit('content/docs/b.md', (t) => t.replace('## Usage', '## How to use it'))]), ['/docs/b']);
    expect(site.diagnostics().some((d) => d.code === 'SD4002' && d.file === 'content/docs/a.md')).toBe(true);
    await expectPagesOnly(await site.update([edit('content/docs/b.md', (t) => t.replace('## How to use it', '## Usage'))]), ['/docs/b']);
    expect(site.diagnostics().some((d) => d.code === 'SD4002')).toBe(false);
  });

  it('in a versioned doc: its page is the one build writes', async () => {
    const r = await site.update([edit('versioned_docs/version-1.0/a.md', (t) => `${t}\n## Later\n\nAlso [A now](../../content/docs/a.md).\n`)]);
    await expectPagesOnly(r, ['/docs/1.0/a']);
    const built = await buildSite({ root, config });
    expect(site.page('/docs/1.0/a')).toBe(outputText(built.files, 'docs/1.0/a/index.html'));
    expect(site.page('/docs/1.0/a')).toContain('Later');
  });

  it('a file saved unchanged changes no page', async () => {
    const r = await site.update([edit('content/docs/a.md', (t) => t)]);
    expect(r.timings.editPages).toBeDefined();
    expect(r.invalidated).toEqual([]);
  });
});

describe('an edit that changes what other pages show prepares the site again', () => {
  // A sidebar changed: the site's view changed, and with it every page.
  const all = ['/', '/404.html', '/about', '/docs', '/docs/1.0', '/docs/1.0/a', '/docs/1.0/b', '/docs/a', '/docs/b', '/docs/c'];

  it.each([
    ['a title read from the heading (every sidebar shows it)', 'content/docs/c.md', (t: string) => t.replace('# The title of C', '# C, renamed'), all],
    [
      'the first paragraph, the description when front matter has none (the index shows it)',
      'content/docs/b.md',
      (t: string) => t.replace('B does one thing.', 'B does it well.'),
      ['/docs', '/docs/b'],
    ],
    ['the front matter', 'content/docs/a.md', (t: string) => t.replace('sidebar_position: 1', 'sidebar_position: 1\nsidebar_label: The A'), all],
  ])('%s', async (_what, path, change, invalidated) => {
    const r = await site.update([edit(path, change)]);
    expect(r.ok).toBe(true);
    expect(r.timings.editPages).toBeUndefined();
    expect([...r.invalidated].sort()).toEqual(invalidated);
  });
});
