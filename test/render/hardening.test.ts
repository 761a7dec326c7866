import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { buildSite } from '../../src/render/build-site.js';
import { validateConfig } from '../../src/config/load-config.js';
import { escapeJsonForHtml } from '../../src/shared/islands.js';
import { parseCategories } from '../../src/render/docs/categories.js';
import { authorSchema, parseRecords } from '../../src/render/blog/blog-files.js';
import { parseFrontMatter } from '../../src/render/markdown/front-matter.js';
import { tempProject, outputText } from '../helpers/fixtures.js';

// Promises of HARDENING.md that no other test holds.

async function build(files: Record<string, string>, config: Record<string, unknown> = {}) {
  const root = tempProject(files);
  return buildSite({ root, config: validateConfig(config).config! });
}
const text = (built: Awaited<ReturnType<typeof build>>, path: string): string => outputText(built.files, path);

/** A 12-line "billion laughs": each line repeats the previous alias nine times. */
function aliasBomb(prefix: string): string {
  const lines = [`${prefix}a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]`];
  for (const [x, y] of ['ba', 'cb', 'dc', 'ed', 'fe', 'gf', 'hg', 'ih', 'ji', 'kj', 'lk'])
    lines.push(`${prefix}${x}: &${x} [${Array(9).fill(`*${y}`).join(',')}]`);
  return lines.join('\n') + '\n';
}

describe('JSON embedded in pages', () => {
  it('escapes <, >, &, U+2028 and U+2029, and still parses to the same value', () => {
    const value = { html: '</script><script>alert(1)</script>', amp: 'a & b', ls: 'x\u2028y', ps: 'x\u2029y', comment: '<!-- -->' };
    const out = escapeJsonForHtml(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(out).toContain('\\u003c/script\\u003e');
    expect(out).toContain('a \\u0026 b');
    expect(out).toContain('x\\u2028y');
    expect(out).toContain('x\\u2029y');
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('Content-Security-Policy', () => {
  it('is the same complete policy in every page and in _headers, with a hash for every inline script', async () => {
    const built = await build({ 'content/docs/a.md': '# A\n', 'content/pages/about.md': '# About\n' }, { announcementBar: { content: 'Hi' } });
    const policies = new Set<string>();
    for (const path of ['docs/a/index.html', 'about/index.html', '404.html', 'index.html']) {
      const html = text(built, path);
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"\/>/.exec(html)![1]!.replace(/&#x27;/g, "'");
      policies.add(csp);
      for (const m of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)) {
        const hash = `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`;
        expect(csp, `inline script of ${path}`).toContain(hash);
      }
    }
    expect(policies.size).toBe(1);
    const csp = [...policies][0]!;
    const directives = new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')![0]).toBe("'self'");
    expect(
      directives
        .get('script-src')!
        .slice(1)
        .every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s)),
    ).toBe(true);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(text(built, '_headers')).toBe(
      [
        '/*',
        `  Content-Security-Policy: ${csp}; frame-ancestors 'self'`,
        '  X-Content-Type-Options: nosniff',
        '  Referrer-Policy: strict-origin-when-cross-origin',
        '/assets/*',
        '  Cache-Control: public, max-age=31536000, immutable',
        '/search-index.json',
        '  Cache-Control: public, no-cache',
        '/sw.js',
        '  Cache-Control: no-cache',
        '',
      ].join('\n'),
    );
  });
});

describe('Content-Security-Policy of an API site', () => {
  it('lets the try-it reach exactly the servers of the document and the proxy: no https: or loopback wildcards', async () => {
    const spec = [
      'openapi: 3.0.3',
      'info: { title: T, version: "1" }',
      'servers:',
      '  - url: http://api.internal.example:8080/v1',
      '  - url: https://api.example.com/v1',
      '  - url: http://127.0.0.1:4010',
      '  - url: /relative',
      'paths:',
      '  /ping:',
      '    get:',
      '      servers: [{ url: "http://ops.internal.example" }]',
      '      responses: { "200": { description: ok } }',
      '',
    ].join('\n');
    const built = await build({ 'openapi/api.yaml': spec }, { openapi: { path: 'openapi', proxyUrl: 'http://proxy.internal.example:8787/cors' } });
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"\/>/.exec(text(built, 'api/ping/index.html'))![1]!.replace(/&#x27;/g, "'");
    const connect = csp.split(/;\s*/).find((d) => d.startsWith('connect-src'));
    expect(connect).toBe(
      "connect-src 'self' http://127.0.0.1:4010 http://api.internal.example:8080 http://ops.internal.example http://proxy.internal.example:8787 https://api.example.com",
    );
    // The same policy goes to hosts that read `_headers`.
    expect(text(built, '_headers')).toContain(connect);
  });
});

describe('YAML alias bombs', () => {
  // Each stage that parses YAML must stop a 12-line bomb in well under a second (an unbounded
  // expansion takes minutes and gigabytes); the whole build reports it with its code.
  it('in _category_.yml fail fast with a diagnostic', async () => {
    const contents = 'label: Guide\n' + aliasBomb('x-');
    const started = performance.now();
    const parsed = parseCategories([{ version: '', dir: 'guide', relPath: 'content/docs/guide/_category_.yml', contents }]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parsed.diagnostics).toMatchObject([{ code: 'SD2005', severity: 'error', file: 'content/docs/guide/_category_.yml' }]);
    const built = await build({ 'content/docs/guide/a.md': '# A\n', 'content/docs/guide/_category_.yml': contents });
    expect(built.diagnostics).toContainEqual(expect.objectContaining({ code: 'SD2005', severity: 'error', file: 'content/docs/guide/_category_.yml' }));
  });

  it('in authors.yml fail fast with a diagnostic', async () => {
    const contents = 'ana:\n  name: Ana\n' + aliasBomb('x');
    const started = performance.now();
    const parsed = parseRecords({ relPath: 'content/blog/authors.yml', contents }, authorSchema, 'SD2016');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parsed.diagnostics).toContainEqual(expect.objectContaining({ code: 'SD2016', severity: 'error', file: 'content/blog/authors.yml' }));
    const built = await build({ 'content/blog/2025-01-01-a.md': '---\ntitle: A\nauthors: [ana]\n---\nText.\n', 'content/blog/authors.yml': contents });
    expect(built.diagnostics).toContainEqual(expect.objectContaining({ code: 'SD2016', severity: 'error', file: 'content/blog/authors.yml' }));
  });

  it('in front matter fail fast with a diagnostic', () => {
    const started = performance.now();
    const parsed = parseFrontMatter('---\n' + aliasBomb('x') + '---\n# A\n', 'content/docs/a.md');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parsed.diagnostics).toMatchObject([{ code: 'SD2001', severity: 'error', file: 'content/docs/a.md' }]);
  });
});
