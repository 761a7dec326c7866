import { describe, expect, it } from 'vitest';
import { buildSite } from '../../../src/render/build-site.js';
import { validateConfig } from '../../../src/config/load-config.js';
import { workerSettings } from '../../../src/render/assets/offline-worker.js';
import { createDevSite } from '../../../src/render/dev/dev-site.js';
import type { WorkerSettings } from '../../../src/shared/offline.js';
import { asText, fileBytes, outputText, tempProject } from '../../helpers/fixtures.js';

// What a build writes for `offline`: sw.js with the shell to precache (a fixed set, whatever the
// number of pages), the offline page, the update notice in every page; with the option off, a
// worker that removes itself and nothing that registers one.

async function build(files: Record<string, string>, config: Record<string, unknown>) {
  const root = tempProject(files);
  return buildSite({ root, config: validateConfig(config).config! });
}
type Built = Awaited<ReturnType<typeof build>>;

const settingsOf = (built: Built): WorkerSettings => {
  const m = /^var SHIPDOCS_OFFLINE = (\{.*\});\n/.exec(outputText(built.files, 'sw.js'));
  if (!m) throw new Error('sw.js does not start with its settings');
  return JSON.parse(m[1]!) as WorkerSettings;
};
const docs = (n: number): Record<string, string> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`content/docs/page-${i}.md`, `---\ntitle: Page ${i}\n---\n\nText ${i}.\n`]));

describe('a build with offline on', () => {
  it('writes sw.js precaching the shell under baseUrl: styles, scripts of the shell, search index, offline page; never the pages', async () => {
    const built = await build(docs(3), { offline: true, baseUrl: '/docs-site/' });
    const settings = settingsOf(built);
    const paths = new Set(built.files.map((f) => f.path));
    expect(settings).toMatchObject({ enabled: true, base: '/docs-site/', offlinePage: '/docs-site/offline.html' });
    expect(settings.version).toMatch(/^[\da-f]{12}$/);
    const precache = settings.precache.map((url) => url.slice('/docs-site/'.length));
    for (const path of precache) expect(paths.has(path), path).toBe(true);
    expect(precache.filter((p) => !/^assets\/js\/(entry|chunks\/(search-ui|offline-page|chunk))-\w+\.js$/.test(p))).toEqual([
      expect.stringMatching(/^assets\/css\/styles\.\w+\.css$/),
      'js/earlyResizeObserverSuppress.js',
      'search-index.json',
      'offline.html',
    ]);
    expect(precache.filter((p) => p.endsWith('.js')).map((p) => p.replace(/(-\w+)?\.js$/, ''))).toEqual(
      expect.arrayContaining(['js/earlyResizeObserverSuppress', 'assets/js/entry', 'assets/js/chunks/search-ui', 'assets/js/chunks/offline-page']),
    );
    // React and the API panels are kept when a page loads them, not with the shell.
    expect(precache.some((p) => /react|panel|mount/.test(p))).toBe(false);

    // The same shell for a site four times larger: the install's cost does not grow with the pages.
    const larger = settingsOf(await build(docs(12), { offline: true, baseUrl: '/docs-site/' }));
    expect(larger.precache).toEqual(settings.precache);
  });

  it('renders the offline page (not in the sitemap, not indexed) and the update notice in every page', async () => {
    const built = await build(docs(1), { offline: true, url: 'https://docs.example' });
    const offline = outputText(built.files, 'offline.html');
    expect(offline).toContain('data-offline-pages=""');
    expect(offline).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(offline).not.toContain('rel="canonical"');
    expect(offline).toMatch(
      /<h1 class="offline-page__title"><span lang="es" data-l="es">Sin conexión<\/span><span lang="en" data-l="en">You are offline<\/span><\/h1>/,
    );
    expect(outputText(built.files, 'sitemap.xml')).not.toContain('offline');
    for (const page of ['index.html', 'docs/page-0/index.html', '404.html', 'offline.html']) {
      expect(outputText(built.files, page), page).toContain(
        '<div class="sw-update" role="status" aria-live="polite" data-sw-update=""></div><template data-sw-update-template="">',
      );
    }
    expect(outputText(built.files, '_headers')).toContain('\n/sw.js\n  Cache-Control: no-cache\n');
    expect(outputText(built.files, 'index.html')).toMatch(/worker-src &#x27;self&#x27;/);
  });

  it('refuses a sw.js of the static folder, which would take the worker’s place', async () => {
    const built = await build({ ...docs(1), 'static/sw.js': 'self.addEventListener("fetch", () => {});\n' }, { offline: true });
    expect(built.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file])).toEqual([['SD5003', 'static/sw.js']]);
  });
});

describe('a build with offline off (the default)', () => {
  it('writes the worker that removes itself at the same URL, and nothing that registers it', async () => {
    const built = await build(docs(1), { baseUrl: '/docs-site/' });
    expect(settingsOf(built)).toEqual({ enabled: false, base: '/docs-site/', version: '', precache: [], offlinePage: '' });
    expect(built.files.some((f) => f.path === 'offline.html')).toBe(false);
    expect(outputText(built.files, 'docs/page-0/index.html')).not.toContain('data-sw-update');
  });

  it("leaves a site's own sw.js of the static folder in place", async () => {
    const built = await build({ ...docs(1), 'static/sw.js': '// mine\n' }, {});
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const workers = built.files.filter((f) => f.path === 'sw.js');
    expect(workers).toEqual([{ path: 'sw.js', copyFrom: expect.stringMatching(/static[/\\]sw\.js$/) }]);
  });
});

describe('shipdocs serve', () => {
  it('runs with offline off: pages register nothing, and sw.js is the worker that removes itself', async () => {
    const { site } = await createDevSite({ root: tempProject(docs(1)), config: validateConfig({ offline: true }).config! });
    try {
      expect(site.page('/docs/page-0')).not.toContain('data-sw-update');
      expect(site.page('/offline.html')).toBeUndefined();
      const worker = await site.file('sw.js');
      expect(worker ? fileBytes(worker).toString('utf8') : '').toMatch(/^var SHIPDOCS_OFFLINE = \{"enabled":false,/);
    } finally {
      await site.close();
    }
  });
});

describe('workerSettings', () => {
  it("names the version after the shell's paths and contents", () => {
    const shell = [
      { path: 'assets/js/entry-A.js', contents: 'a' },
      { path: 'search-index.json', contents: '{"v":1}' },
    ];
    const version = (files: typeof shell): string => workerSettings('/', files).version;
    expect(version(shell)).toBe(version([...shell].reverse()));
    expect(version([shell[0]!, { path: 'search-index.json', contents: '{"v":2}' }])).not.toBe(version(shell));
    expect(version([{ path: 'assets/js/entry-B.js', contents: 'a' }, shell[1]!])).not.toBe(version(shell));
    expect(workerSettings('/x/', shell).precache).toEqual(['/x/assets/js/entry-A.js', '/x/search-index.json']);
  });
});
