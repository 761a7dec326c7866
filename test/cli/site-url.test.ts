import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, tempProject } from '../helpers/fixtures.js';

const BIN = join(REPO, 'bin/shipdocs.js');
const run = (args: string[]): { code: number | null; stderr: string } => {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { code: r.status, stderr: r.stderr };
};

describe('shipdocs build --site-url', () => {
  it("publishes under the URL's path and origin, over the config's url and baseUrl", () => {
    const root = tempProject({
      'site.config.ts': "export default { url: 'https://docs.example.com', baseUrl: '/' };\n",
      'content/docs/intro.md': '# Intro\n\n[Home](/)\n',
    });
    expect(run(['build', '--root', root, '--site-url', 'https://octo.github.io/repo']).code).toBe(0);
    const page = readFileSync(join(root, 'dist/docs/intro/index.html'), 'utf8');
    expect(page).toContain('href="https://octo.github.io/repo/docs/intro"');
    expect(page).toMatch(/src="\/repo\/assets\/js\/entry-\w+\.js"/);
    expect(page).not.toMatch(/(href|src)="\/(?!repo\/)/);
    expect(readFileSync(join(root, 'dist/sitemap.xml'), 'utf8')).toContain('<loc>https://octo.github.io/repo/docs/intro</loc>');
  });

  it('exits 2 on a URL that cannot be an address to publish at', () => {
    for (const bad of ['octo.github.io/repo', 'ftp://octo.github.io/', 'https://octo.github.io/a?x=1', 'https://octo.github.io/a//b/']) {
      const r = run(['build', '--root', tempProject(), '--site-url', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr, bad).toContain("option '--site-url <url>' argument");
    }
  });
});
