// API versions: `shipdocs docs version` keeps the OpenAPI document beside the docs' snapshot, and
// the build publishes that version's API reference under its own base path, paired with its docs
// (version menu on API pages, navbar links, banners), out of search, llms.txt and mcp's operations.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadConfig } from '../../../src/config/load-config.js';
import { buildSite } from '../../../src/render/build-site.js';
import { REPO, tempProject, outputText } from '../../helpers/fixtures.js';

const run = (args: string[], cwd: string) =>
  spawnSync(process.execPath, [join(REPO, 'bin/shipdocs.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

/** A small API: `pets` in both versions, `owners` only in the first, `toys` only in the second. */
const api = (version: string, extra: string): string => `openapi: 3.1.0
info: { title: Pets, version: '${version}' }
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets (${version})
      responses: { '200': { description: ok } }
${extra}`;
const OWNERS = `  /owners:
    get:
      operationId: listOwners
      summary: List owners
      responses: { '200': { description: ok } }
`;
const TOYS = `  /toys:
    get:
      operationId: listToys
      summary: List toys
      responses: { '200': { description: ok } }
`;

const doc = (text: string): string => `---\nsidebar_position: 1\n---\n# Intro\n\n${text}\n`;

async function build(root: string) {
  const { config } = await loadConfig(root);
  const result = await buildSite({ root, config: config! });
  return { result, html: (path: string): string => outputText(result.files, path) };
}

const menuOf = (html: string): string => html.match(/<details class="version-select"[\s\S]*?<\/details>/)?.[0] ?? '';
const navLink = (html: string, label: string): string | undefined => new RegExp(`<a class="navbar__link[^"]*" href="([^"]+)"[^>]*>${label}<`).exec(html)?.[1];

describe('API versions', () => {
  it('keeps the document with `docs version` and builds its reference under /api/<version>, paired with its docs', async () => {
    const root = tempProject({
      'site.config.ts': "export default { title: 'Pets', navbar: { items: [{ label: 'Docs', to: '/docs/intro', position: 'left' }] } };\n",
      'content/docs/intro.md': doc('Version one.'),
      'openapi/pets.yaml': api('1.0.0', OWNERS),
    });
    const made = run(['docs', 'version', '1.0', '--root', root], root);
    expect(made.status).toBe(0);
    expect(made.stderr).toContain('its API reference in versioned_api/version-1.0/');
    // Kept as written, at the document's own path under the version's folder.
    expect(readFileSync(join(root, 'versioned_api/version-1.0/openapi/pets.yaml'), 'utf8')).toBe(api('1.0.0', OWNERS));

    writeFileSync(join(root, 'openapi/pets.yaml'), api('2.0.0', TOYS));
    writeFileSync(join(root, 'content/docs/intro.md'), doc('Next.'));
    const { result, html } = await build(root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.routes).toEqual(expect.arrayContaining(['/api', '/api/pets', '/api/toys', '/api/1.0', '/api/1.0/pets', '/api/1.0/owners']));
    expect(result.routes).not.toContain('/api/1.0/toys');
    expect(html('api/1.0/pets/index.html')).toContain('List pets (1.0.0)');
    expect(html('api/1.0/pets/index.html')).toContain('<title>List pets (1.0.0) (1.0)');
    expect(html('api/pets/index.html')).toContain('List pets (2.0.0)');
    // Its own download and Markdown twins.
    const download = result.files.find((f) => f.path === 'api/1.0/openapi.yaml');
    expect(download && 'copyFrom' in download ? readFileSync(download.copyFrom, 'utf8') : undefined).toBe(api('1.0.0', OWNERS));
    expect(outputText(result.files, 'api/1.0/owners.md')).toContain('List owners');

    // The version menu on API pages: the same operation in each version, else that version's overview.
    const currentMenu = menuOf(html('api/toys/index.html'));
    expect([...currentMenu.matchAll(/data-version="([^"]+)"/g)].map((m) => m[1])).toEqual(['current', '1.0']);
    expect(currentMenu).toContain('data-version-select="page"');
    expect(currentMenu).toContain('<span data-version-current="">Next</span>');
    expect(currentMenu).toContain('href="/api/1.0"'); // no toys in 1.0
    const oldMenu = menuOf(html('api/1.0/pets/index.html'));
    expect(oldMenu).toContain('<span data-version-current="">1.0</span>');
    expect(oldMenu).toContain('href="/api/pets"');
    expect(oldMenu).toContain('href="/api/1.0/pets"');
    // Each option names its version's roots (the docs, then the API) for the navbar links the client leads there.
    expect(oldMenu).toContain('data-version-roots="/docs/1.0 /api/1.0"');
    expect(oldMenu).toContain('data-version-roots="/docs /api"');

    // Pairing: an old version's API pages lead to its docs, and its docs to its API reference.
    expect(navLink(html('api/1.0/pets/index.html'), 'Docs')).toBe('/docs/1.0/intro');
    expect(navLink(html('docs/1.0/intro/index.html'), 'API')).toBe('/api/1.0');
    expect(navLink(html('api/pets/index.html'), 'Docs')).toBe('/docs/intro');
    expect(navLink(html('docs/intro/index.html'), 'API')).toBe('/api');

    // Banners as on the docs: Next is unreleased while 1.0 is the latest.
    expect(html('api/pets/index.html')).toMatch(/version-banner[\s\S]*unreleased documentation/);
    expect(html('api/1.0/pets/index.html')).not.toContain('version-banner');

    // Search, llms.txt and mcp's operations know the current reference only; the old pages have twins.
    expect(outputText(result.files, 'search-index.json')).toContain('/api/toys');
    expect(outputText(result.files, 'search-index.json')).not.toContain('/api/1.0');
    expect(outputText(result.files, 'llms.txt')).not.toContain('/api/1.0');
    expect(outputText(result.files, 'llms.txt')).toContain('/api/toys');
  });

  it('sends readers to the current docs with docs.lastVersion "current", and refuses a version that does not exist', async () => {
    const files = {
      'versions.json': '["1.0"]\n',
      'content/docs/intro.md': doc('Current.'),
      'versioned_docs/version-1.0/intro.md': doc('Old.'),
      'openapi/pets.yaml': api('2.0.0', ''),
      'versioned_api/version-1.0/openapi/pets.yaml': api('1.0.0', ''),
    };
    const current = tempProject({ ...files, 'site.config.ts': "export default { title: 'Pets', docs: { lastVersion: 'current' } };\n" });
    const { html } = await build(current);
    expect(html('docs/intro/index.html')).not.toContain('version-banner');
    expect(html('api/pets/index.html')).not.toContain('version-banner');
    expect(html('docs/1.0/intro/index.html')).toMatch(/version-banner[\s\S]*no longer actively maintained[\s\S]*href="\/docs\/intro"/);
    expect(html('api/1.0/pets/index.html')).toMatch(/version-banner[\s\S]*no longer actively maintained[\s\S]*href="\/api\/pets"/);
    // Pages outside the docs and the API show the latest version in the menu: Next.
    expect(menuOf(html('index.html'))).toContain('<span data-version-current="">Next</span>');

    const wrong = tempProject({ ...files, 'site.config.ts': "export default { title: 'Pets', docs: { lastVersion: '3.0' } };\n" });
    const { result } = await build(wrong);
    expect(result.diagnostics).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'SD1001', message: expect.stringContaining('docs.lastVersion is "3.0"') })]),
    );
  });

  it('stops `docs version` before copying anything when the API document has errors, and bundles one that spans files', () => {
    const broken = tempProject({ 'content/docs/intro.md': doc('One.'), 'openapi/pets.yaml': 'openapi: 3.1.0\ninfo: { title: Pets }\npaths: {}\n' });
    const failed = run(['docs', 'version', '1.0', '--root', broken], broken);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('openapi/pets.yaml');
    expect(existsSync(join(broken, 'versioned_docs'))).toBe(false);
    expect(existsSync(join(broken, 'versions.json'))).toBe(false);

    const split = tempProject({
      'content/docs/intro.md': doc('One.'),
      'openapi/pets.yaml': `openapi: 3.1.0
info: { title: Pets, version: '1.0.0' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          content: { application/json: { schema: { $ref: './pet.yaml' } } }
`,
      'openapi/pet.yaml': 'type: object\nproperties: { name: { type: string } }\n',
    });
    expect(run(['docs', 'version', '1.0', '--root', split], split).status).toBe(0);
    const kept = readFileSync(join(split, 'versioned_api/version-1.0/openapi/pets.yaml'), 'utf8');
    expect(kept).not.toContain('./pet.yaml');
    expect(kept).toContain('name:');
  });

  it('refuses a version named like an operation of the current API: its reference would take that page', async () => {
    const v2 = `openapi: 3.1.0
info: { title: Pets, version: '1.0.0' }
paths:
  /v2:
    get:
      summary: Version two
      responses: { '200': { description: ok } }
`;
    const root = tempProject({ 'content/docs/intro.md': doc('One.'), 'openapi/pets.yaml': v2 });
    const refused = run(['docs', 'version', 'v2', '--root', root], root);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Version "v2" would publish its API reference at /api/v2, where the current API has the page of GET /v2');
    expect(existsSync(join(root, 'versions.json'))).toBe(false);
    // Nor the route kept for the API's changelog page.
    const changelog = run(['docs', 'version', 'changelog', '--root', root], root);
    expect(changelog.status).toBe(1);
    expect(changelog.stderr).toContain('where the current API has the route of its changelog page');

    // Made by hand: the build says so and publishes the version's docs, not its API reference.
    const made = tempProject({
      'content/docs/intro.md': doc('One.'),
      'openapi/pets.yaml': v2,
      'versions.json': '["v2"]\n',
      'versioned_docs/version-v2/intro.md': doc('Old.'),
      'versioned_api/version-v2/openapi/pets.yaml': v2,
    });
    const { result, html } = await build(made);
    expect(result.diagnostics).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'SD2018', message: expect.stringContaining('/api/v2') })]));
    expect(html('api/v2/index.html')).toContain('Version two');
  });

  it('leaves a site without versions as it was: no version menu on API pages', async () => {
    const root = tempProject({ 'content/docs/intro.md': doc('One.'), 'openapi/pets.yaml': api('1.0.0', '') });
    const { html } = await build(root);
    expect(html('api/pets/index.html')).not.toContain('version-select');
    expect(html('api/pets/index.html')).not.toContain('version-banner');
  });
});
