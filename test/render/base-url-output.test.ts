// The default site built for a GitHub project site (baseUrl "/shipdocs-docs/"): every URL of every
// output file that points into the site is under that base, so the site works from its sub-path.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { buildSite } from '../../src/render/build-site.js';
import { asText, REPO } from '../helpers/fixtures.js';

const ORIGIN = 'https://acme.github.io';
const BASE = '/shipdocs-docs/';
/** JSON properties that hold a route as a name, never as a URL: the API panels' storage-key base. */
const NOT_URLS = new Set(['apiBase']);
const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|pdf|woff2?|ttf|zip)$/i;

interface Offence {
  file: string;
  url: string;
  why: string;
}

/** The URL paths (without base) that reach an output file: "/docs/intro" for docs/intro/index.html. */
function sitePaths(paths: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const p of paths) {
    out.add(`/${p}`);
    if (p === 'index.html') out.add('/');
    else if (p.endsWith('/index.html')) out.add(`/${p.slice(0, -'/index.html'.length)}`).add(`/${p.slice(0, -'index.html'.length)}`);
  }
  return out;
}

const decodeEntities = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const percentDecoded = (s: string): string => s.replace(/%[0-9a-f]{2}/gi, (m) => String.fromCharCode(parseInt(m.slice(1), 16)));

/** Markdown without fenced code blocks and inline code spans: examples may show any URL. */
function markdownProse(text: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker) fence = marker;
    else if (fence !== undefined && marker && marker.startsWith(fence[0]!) && marker.length >= fence.length) fence = undefined;
    else if (fence === undefined) out.push(line.replace(/(`+)[\s\S]*?\1/g, ''));
  }
  return out.join('\n');
}

/**
 * Every site-internal URL of the output not under the base. Root-relative URLs in HTML attributes,
 * CSS, feeds and Markdown must carry the base; in JSON and JS (where a string may be an API path
 * such as "/quoter"), strings that name an output file without the base are offences; absolute URLs
 * on the site's origin, even percent-encoded inside another URL, must be under the base.
 */
function baseOffences(files: ReadonlyMap<string, string>, origin: string, base: string): Offence[] {
  const known = sitePaths([...files.keys()]);
  const out: Offence[] = [];
  const naming = (s: string): boolean => {
    const path = s.replace(/[?#].*$/, '');
    return path !== '/' && !path.startsWith('//') && !path.startsWith(base) && (known.has(path) || known.has(path.replace(/\/$/, '')));
  };
  const rooted = (file: string, url: string, why: string): void => {
    if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith(base)) out.push({ file, url, why });
  };
  const jsonStrings = (file: string, value: unknown, why: string): void => {
    if (typeof value === 'string') {
      if (naming(value)) out.push({ file, url: value, why });
    } else if (Array.isArray(value)) for (const v of value) jsonStrings(file, v, why);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) if (!NOT_URLS.has(k)) (jsonStrings(file, k, why), jsonStrings(file, v, why));
  };
  const jsLiterals = (file: string, code: string, why: string): void => {
    for (const m of code.matchAll(/(["'`])(\/[^"'`\s\\]*)\1/g)) if (naming(m[2]!)) out.push({ file, url: m[2]!, why });
  };
  const originRef = new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\w.-])([^\\s"'<>)\\]\`]*)`, 'g');
  const baseBare = base.replace(/\/$/, '');

  for (const [file, text] of files) {
    for (const variant of new Set([text, percentDecoded(text)])) {
      for (const m of variant.matchAll(originRef)) {
        const path = m[1]!;
        if (path !== baseBare && !path.startsWith(base) && !/^[?#]/.test(path.slice(baseBare.length)))
          out.push({ file, url: origin + path, why: 'absolute URL on the site origin outside the base' });
      }
    }
    if (file.endsWith('.html')) {
      for (const m of text.matchAll(/\s(href|src|srcset|action|content|poster|data-[\w-]+)="([^"]*)"/g)) {
        const value = decodeEntities(m[2]!);
        const urls = m[1] === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0]!) : [value];
        for (const url of urls) rooted(file, url, `${m[1]} attribute`);
      }
      for (const m of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (/type="application\/(ld\+)?json"/.test(m[1]!)) jsonStrings(file, JSON.parse(decodeEntities(m[2]!)), 'inline JSON');
        else jsLiterals(file, m[2]!, 'inline script');
      }
      for (const m of text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>|style="([^"]*)"/g))
        for (const u of (m[1] ?? decodeEntities(m[2]!)).matchAll(/url\(\s*["']?([^"')]+)/g)) rooted(file, u[1]!, 'inline CSS url()');
    } else if (file.endsWith('.css')) {
      for (const u of text.matchAll(/url\(\s*["']?([^"')]+)/g)) rooted(file, u[1]!, 'CSS url()');
    } else if (file.endsWith('.js')) {
      jsLiterals(file, text, 'JS string');
    } else if (file.endsWith('.json')) {
      jsonStrings(file, JSON.parse(text), 'JSON string');
    } else if (file.endsWith('.xml')) {
      for (const m of text.matchAll(/<(loc|link|id)>([^<]*)<\/\1>/g))
        if (!m[2]!.startsWith(origin + base)) out.push({ file, url: m[2]!, why: `<${m[1]}> not an absolute URL under the base` });
      for (const m of decodeEntities(text).matchAll(/\s(?:href|src)="([^"]*)"/g)) rooted(file, m[1]!, 'feed link');
    } else if (/\.(md|txt)$/.test(file)) {
      const prose = markdownProse(text);
      for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)/g)) rooted(file, m[1]!, 'Markdown link');
      for (const m of prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/gm)) rooted(file, m[1]!, 'Markdown link definition');
      for (const m of prose.matchAll(/\s(?:href|src)="([^"]*)"/g)) rooted(file, m[1]!, 'HTML in Markdown');
      if (file === 'robots.txt')
        for (const m of text.matchAll(/^Sitemap:\s*(\S+)/gim)) if (m[1] !== `${origin}${base}sitemap.xml`) out.push({ file, url: m[1]!, why: 'Sitemap line' });
    } else if (file === '_headers') {
      for (const line of text.split('\n')) if (line.trim() && !/^\s/.test(line) && !line.startsWith(base)) out.push({ file, url: line, why: 'path rule' });
    }
  }
  return out;
}

describe('a site built with a base path', () => {
  it('flags the URLs a base path misses (the check can fail)', () => {
    const files = new Map([
      ['docs/intro/index.html', '<a href="/docs/intro">x</a><img src="/b/img/a.svg"><a href="https://acme.github.io/docs/intro">y</a>'],
      ['img/a.svg', '<svg/>'],
      ['assets/app.css', 'a{background:url(/img/a.svg)}'],
      ['assets/app.js', 'fetch("/docs/intro");fetch("/quoter")'],
      ['search-index.json', '{"u":"/docs/intro","p":"/quoter"}'],
      ['sitemap.xml', '<loc>https://acme.github.io/b/docs/intro</loc><loc>https://acme.github.io/docs/intro</loc>'],
      ['robots.txt', 'Sitemap: https://acme.github.io/sitemap.xml\n'],
      ['_headers', '/b/*\n  X: y\n/assets/*\n  X: y\n'],
      ['docs/intro.md', '[a](/img/a.svg) `[b](/c)`\n\n```\n[c](/d)\n```\n'],
      ['share.html', '<a href="https://chat.example/?q=https%3A%2F%2Facme.github.io%2Fdocs%2Fintro.md">z</a>'],
    ]);
    const urls = baseOffences(files, ORIGIN, '/b/').map((o) => `${o.file} ${o.url}`);
    expect(urls.sort()).toEqual(
      [
        'docs/intro/index.html /docs/intro',
        'docs/intro/index.html https://acme.github.io/docs/intro',
        'assets/app.css /img/a.svg',
        'assets/app.js /docs/intro',
        'search-index.json /docs/intro',
        'sitemap.xml https://acme.github.io/docs/intro',
        'sitemap.xml https://acme.github.io/docs/intro',
        'robots.txt https://acme.github.io/sitemap.xml',
        'robots.txt https://acme.github.io/sitemap.xml',
        '_headers /assets/*',
        'docs/intro.md /img/a.svg',
        'share.html https://acme.github.io/docs/intro.md',
      ].sort(),
    );
  });

  it(`puts every link, asset, feed, sitemap entry and search result of the default site under ${BASE}`, async () => {
    const { config } = await loadConfig(REPO);
    const built = await buildSite({ root: REPO, config: { ...config!, url: ORIGIN, baseUrl: BASE } });
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const files = new Map<string, string>();
    for (const f of built.files) {
      if (BINARY.test(f.path)) continue;
      files.set(f.path, 'contents' in f ? asText(f.contents) : readFileSync(f.copyFrom, 'utf8'));
    }
    // The kinds of output the check reads are all there, so an empty walk cannot pass.
    for (const path of [
      'index.html',
      'docs/intro/index.html',
      'api/quoter/index.html',
      '404.html',
      'offline.html',
      'sw.js',
      'sitemap.xml',
      'robots.txt',
      '_headers',
      'blog/rss.xml',
      'blog/atom.xml',
      'search-index.json',
      'llms.txt',
      'llms-full.txt',
      'api/exports/postman-collection.json',
    ])
      expect(files.has(path), path).toBe(true);
    expect([...files.keys()].some((p) => /^assets\/css\/.+\.css$/.test(p))).toBe(true);
    expect([...files.keys()].some((p) => /^assets\/js\/entry-\w+\.js$/.test(p))).toBe(true);
    expect(files.get('search-index.json')).toContain(`"${BASE}docs/intro"`);
    expect(files.get('sitemap.xml')).toContain(`<loc>${ORIGIN}${BASE}docs/intro</loc>`);

    const offences = baseOffences(files, ORIGIN, BASE);
    expect(offences.map((o) => `${o.file}: ${o.url} (${o.why})`)).toEqual([]);
  });
});
