import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadConfig } from '../../../src/config/load-config.js';
import { buildSite } from '../../../src/render/build-site.js';
import { REPO, tempProject, outputText } from '../../helpers/fixtures.js';

const run = (args: string[], cwd: string) =>
  spawnSync(process.execPath, [join(REPO, 'bin/shipdocs.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

describe('docs versions', () => {
  it('snapshots the docs with `shipdocs docs version`, builds each version and links between them', async () => {
    const root = tempProject({
      'content/docs/intro.md': '---\nsidebar_position: 1\n---\n# Intro\n\nVersion one.\n',
      'content/docs/guide/setup.md': '# Setup\n',
      'content/docs/guide/_category_.json': '{ "label": "Guide", "position": 2 }',
    });
    const first = run(['docs', 'version', '1.0', '--root', root], root);
    expect(first.status).toBe(0);
    expect(first.stderr).toContain('docs version 1.0 created in versioned_docs/version-1.0');
    expect(JSON.parse(readFileSync(join(root, 'versions.json'), 'utf8'))).toEqual(['1.0']);
    expect(existsSync(join(root, 'versioned_docs/version-1.0/guide/_category_.json'))).toBe(true);

    writeFileSync(join(root, 'content/docs/intro.md'), '---\nsidebar_position: 1\n---\n# Intro\n\nVersion two.\n');
    expect(run(['docs', 'version', '2.0', '--root', root], root).status).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'versions.json'), 'utf8'))).toEqual(['2.0', '1.0']);
    writeFileSync(join(root, 'content/docs/intro.md'), '---\nsidebar_position: 1\n---\n# Intro\n\nUnreleased.\n');

    const again = run(['docs', 'version', '2.0', '--root', root], root);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('Version 2.0 already exists');
    expect(run(['docs', 'version', 'next', '--root', root], root).status).toBe(1);

    const { config } = await loadConfig(root);
    const result = await buildSite({ root, config: config! });
    const html = (path: string): string => outputText(result.files, path);
    expect(result.routes).toEqual(
      expect.arrayContaining(['/docs/intro', '/docs/2.0/intro', '/docs/1.0/intro', '/docs/1.0/guide/setup', '/docs/1.0/category/guide', '/docs/1.0']),
    );
    expect(html('docs/1.0/intro/index.html')).toContain('Version one.');
    expect(html('docs/2.0/intro/index.html')).toContain('Version two.');
    expect(html('docs/intro/index.html')).toContain('Unreleased.');

    // dropdown: Next, then the versions; each links to the same page in that version
    const dropdown = html('docs/1.0/guide/setup/index.html').match(/<details class="version-select"[\s\S]*?<\/details>/)![0];
    expect([...dropdown.matchAll(/data-version="([^"]+)"/g)].map((m) => m[1])).toEqual(['current', '2.0', '1.0']);
    expect(dropdown).toContain('href="/docs/guide/setup"');
    expect(dropdown).toContain('href="/docs/2.0/guide/setup"');
    expect(dropdown).toContain('<span data-version-current="">1.0</span>');
    expect(dropdown).toContain('>Next</a>');

    // banners: old version → latest (2.0); Next → unreleased; latest → none
    expect(html('docs/1.0/guide/setup/index.html')).toMatch(/version-banner[\s\S]*no longer actively maintained[\s\S]*href="\/docs\/2.0\/guide\/setup"/);
    expect(html('docs/intro/index.html')).toMatch(/version-banner[\s\S]*unreleased documentation/);
    expect(html('docs/2.0/intro/index.html')).not.toContain('version-banner');
    // each version has its own sidebar
    expect(html('docs/1.0/intro/index.html')).toContain('href="/docs/1.0/guide/setup"');
    expect(html('docs/1.0/intro/index.html')).not.toContain('href="/docs/guide/setup"');
  });

  it('shows no version dropdown for a site without versions', async () => {
    const root = tempProject({ 'content/docs/intro.md': '# Intro\n' });
    const { config } = await loadConfig(root);
    const result = await buildSite({ root, config: config! });
    expect(outputText(result.files, 'docs/intro/index.html')).not.toContain('version-select');
  });
});

describe('docs version snapshots', () => {
  it('rewrites paths that leave the docs folder, so a versioned MDX page still builds', async () => {
    const root = tempProject({
      'content/components/Rate.tsx': 'export default function Rate({ perKg }: { perKg: number }) { return <p className="rate">{perKg} MXN/kg</p>; }\n',
      'content/pages/about.md': '# About\n\n## Team\n',
      'content/docs/guide/calc.mdx': [
        '---',
        'title: Calc',
        '---',
        "import Rate from '../../components/Rate';",
        "import Same from '@site/content/components/Rate';",
        '',
        '```mdx',
        "import Rate from '../../components/Rate';",
        '```',
        '',
        '<Rate client:visible perKg={18} />',
        '',
        '<Same perKg={20} />',
        '',
        'See [about](../../pages/about.md), [setup](./setup.md) and `../../pages/about.md`.',
        '',
      ].join('\n'),
      'content/docs/guide/setup.md': '# Setup\n\n[About](../../pages/about.md#team)\n',
    });
    expect(run(['docs', 'version', '1.0', '--root', root], root).status).toBe(0);
    const calc = readFileSync(join(root, 'versioned_docs/version-1.0/guide/calc.mdx'), 'utf8');
    expect(calc).toContain("import Rate from '@site/content/components/Rate';\nimport Same from '@site/content/components/Rate';");
    expect(calc).toContain("```mdx\nimport Rate from '../../components/Rate';\n```");
    expect(calc).toContain('See [about](../../../content/pages/about.md), [setup](./setup.md) and `../../pages/about.md`.');
    expect(readFileSync(join(root, 'versioned_docs/version-1.0/guide/setup.md'), 'utf8')).toBe('# Setup\n\n[About](../../../content/pages/about.md#team)\n');
    expect(readFileSync(join(root, 'content/docs/guide/calc.mdx'), 'utf8')).toContain("import Rate from '../../components/Rate';");

    const { config } = await loadConfig(root);
    const result = await buildSite({ root, config: config! });
    expect(result.diagnostics).toEqual([]);
    const html = outputText(result.files, 'docs/1.0/guide/calc/index.html');
    expect(html).toMatch(/data-island="c[0-9a-f]{10}" data-hydrate="visible"[^>]*><p class="rate">18<!-- --> MXN\/kg<\/p>/);
    expect(html).toContain('<p class="rate">20<!-- --> MXN/kg</p>');
    expect(html).toContain('href="/about"');
  });

  it('refuses a version named like a route of the current docs, at creation and at build', async () => {
    const root = tempProject({ 'content/docs/intro.md': '# Intro\n', 'content/docs/guide/a.md': '# A\n' });
    for (const [name, route] of [
      ['intro', '/docs/intro'],
      ['guide', '/docs/guide/a'],
      ['category', '/docs/category'],
    ]) {
      const r = run(['docs', 'version', name!, '--root', root], root);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(
        `error SD2018  A version named "${name}" would live at /docs/${name}, where the current docs already have ${route}: pick another name.`,
      );
    }
    expect(existsSync(join(root, 'versions.json'))).toBe(false);
    writeFileSync(join(root, 'versions.json'), '[\n  "2.0",\n  "intro"\n]\n');
    for (const v of ['2.0', 'intro']) mkdirSync(join(root, `versioned_docs/version-${v}`), { recursive: true });
    const { config } = await loadConfig(root);
    const result = await buildSite({ root, config: config! });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
      [
        'SD2018',
        'versions.json',
        3,
        3,
        'versions.json: version "intro" would be published at /docs/intro, where the current docs already have /docs/intro: rename the version (its entry here and its folder versioned_docs/version-intro).',
      ],
    ]);
  });

  it('checks version names against doc slugs and generated-index slugs, not against partial folders', async () => {
    const root = tempProject({
      'content/docs/intro.md': '---\nslug: /release/notes\n---\n# Intro\n',
      'content/docs/guide/a.md': '# A\n',
      'content/docs/guide/_category_.json': '{ "link": { "type": "generated-index", "slug": "/handbook" } }',
      'content/docs/_shared/_category_.json': '{ "link": { "type": "generated-index", "slug": "/shared" } }',
      'content/docs/_shared/note.md': 'A partial.\n',
    });
    for (const [name, route] of [
      ['release', '/docs/release/notes'],
      ['handbook', '/docs/handbook'],
    ]) {
      const r = run(['docs', 'version', name!, '--root', root], root);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(
        `error SD2018  A version named "${name}" would live at /docs/${name}, where the current docs already have ${route}: pick another name.`,
      );
    }
    writeFileSync(join(root, 'versions.json'), '[\n  "release",\n  "handbook",\n  "shared",\n  "note"\n]\n');
    for (const v of ['release', 'handbook', 'shared', 'note']) mkdirSync(join(root, `versioned_docs/version-${v}`), { recursive: true });
    const { config } = await loadConfig(root);
    const result = await buildSite({ root, config: config! });
    expect(result.diagnostics.filter((d) => d.file === 'versions.json').map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      [
        'SD2018',
        2,
        3,
        'versions.json: version "release" would be published at /docs/release, where the current docs already have /docs/release/notes: rename the version (its entry here and its folder versioned_docs/version-release).',
      ],
      [
        'SD2018',
        3,
        3,
        'versions.json: version "handbook" would be published at /docs/handbook, where the current docs already have /docs/handbook: rename the version (its entry here and its folder versioned_docs/version-handbook).',
      ],
    ]);
  });

  it('reports a malformed versions.json at its line, from `docs version` and from the build', async () => {
    const root = tempProject({ 'content/docs/intro.md': '# Intro\n', 'versions.json': '["1.0",\n  2,\n  "1.0"\n]\n' });
    const r = run(['docs', 'version', '2.0', '--root', root], root);
    expect(r.status).toBe(1);
    expect(r.stderr).not.toContain('internal error');
    expect(r.stderr).toContain(
      'versions.json:2:3  error SD2018  versions.json: 2 is not a version name: use letters, digits, ".", "_" and "-".\n  2 |   2,\n    |   ^',
    );
    expect(r.stderr).toContain('versions.json:3:3  error SD2018  versions.json: version "1.0" is listed twice.');
    writeFileSync(join(root, 'versions.json'), '["1.0",\n }\n');
    const syntax = run(['docs', 'version', '2.0', '--root', root], root);
    expect(syntax.status).toBe(1);
    expect(syntax.stderr).toContain("versions.json:2:2  error SD2018  versions.json: invalid JSON: Unexpected token '}'.");
    writeFileSync(join(root, 'versions.json'), '{ "1.0": true }\n');
    const { config } = await loadConfig(root);
    const result = await buildSite({ root, config: config! });
    expect(result.diagnostics.map((d) => [d.file, d.line, d.column, d.message])).toEqual([
      ['versions.json', 1, 1, 'versions.json: expected an array of version names, newest first, like ["2.0", "1.0"].'],
    ]);
    writeFileSync(join(root, 'versions.json'), '[\n  "1.0"\n]\n');
    const missing = await buildSite({ root, config: config! });
    expect(missing.diagnostics.map((d) => [d.file, d.line, d.column, d.message])).toEqual([
      [
        'versions.json',
        2,
        3,
        'versions.json: version "1.0" has no folder: versioned_docs/version-1.0 does not exist. Restore the folder, or remove the entry.',
      ],
    ]);
  });
});
