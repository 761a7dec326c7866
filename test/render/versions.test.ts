import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadConfig } from '../../src/config/load-config.js';
import { buildSite } from '../../src/render/build-site.js';
import { REPO, tempProject } from '../helpers/fixtures.js';

const run = (args: string[], cwd: string) => spawnSync(process.execPath, [join(REPO, 'bin/shipdocs.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

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
    const html = (path: string): string => (result.files.find((f) => f.path === path) as { contents: string }).contents;
    expect(result.routes).toEqual(expect.arrayContaining(['/docs/intro', '/docs/2.0/intro', '/docs/1.0/intro', '/docs/1.0/guide/setup', '/docs/1.0/category/guide', '/docs/1.0']));
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
    expect((result.files.find((f) => f.path === 'docs/intro/index.html') as { contents: string }).contents).not.toContain('version-select');
  });
});
