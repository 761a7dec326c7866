import MiniSearch from 'minisearch';
import { editDistance } from '../shared/edit-distance.js';

// What `shipdocs mcp` answers from: the text files of a build kept in memory (the Markdown twins,
// llms.txt and the API's exports), indexed once. llms.txt says which twins are the site's pages
// (and of which kind); each operation's `exports/operations/<slug>/universal.md` gives its title,
// method, path and page; the API's `exports/universal.md` its tag (the `## ` section it is under);
// its `claude.json` its operationId (the tool name: the operationId made safe, else the slug).

type PageKind = 'doc' | 'page' | 'post' | 'api';

interface SitePage {
  title: string;
  /** The page's route: `/docs/intro`. */
  route: string;
  /** The page's address on the site. */
  url: string;
  kind: PageKind;
  /** Path of its Markdown twin in the output: `docs/intro.md`. */
  twin: string;
}

interface SiteOperation {
  method: string;
  path: string;
  title: string;
  operationId: string;
  tag: string | undefined;
  slug: string;
  url: string;
  /** Path of its universal Markdown in the output. */
  markdown: string;
  /** Route of its API's overview ("/api", "/api/tracking"): tells a site's APIs apart. */
  api: string;
}

interface SearchHit {
  title: string;
  url: string;
  kind: PageKind;
  excerpt: string;
}

export interface SiteIndex {
  pages: readonly SitePage[];
  operations: readonly SiteOperation[];
  llmsTxt: string | undefined;
  search(query: string, limit: number): SearchHit[];
  /** A page's Markdown by route, twin path or URL; else the routes closest to what was asked. */
  read(path: string): { markdown: string } | { suggestions: string[] };
  /** An operation by operationId, slug, "METHOD /path", route or URL; else the closest names. */
  operation(name: string): { operation: SiteOperation; markdown: string } | { suggestions: string[] };
}

const SECTION_KINDS: Readonly<Record<string, PageKind>> = { Docs: 'doc', Pages: 'page', Blog: 'post', API: 'api' };
const OPERATION_FILE = /^(.*?)\/?exports\/operations\/([^/]+)\/universal\.md$/;

/** The files a build hands out that the index reads: Markdown, llms.txt and the exports' `claude.json`. */
export function isIndexedFile(path: string): boolean {
  return /\.md$/.test(path) || path === 'llms.txt' || /(^|\/)exports\/(operations\/[^/]+\/)?claude\.json$/.test(path);
}

/** `/docs/intro.md`, `docs/intro`, `https://site/base/docs/intro/` → `/docs/intro`. */
function toRoute(input: string, basePath: string): string {
  let path = input.trim();
  if (/^[a-z]+:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      // Not a URL after all: taken as a path.
    }
  }
  path = path.replace(/[?#].*$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  if (basePath !== '/' && (path === basePath.replace(/\/$/, '') || path.startsWith(basePath))) path = path.slice(basePath.replace(/\/$/, '').length) || '/';
  path = path
    .replace(/\.(md|html)$/, '')
    .replace(/\/index$/, '/')
    .replace(/\/+$/, '');
  return path || '/';
}

const twinOf = (route: string): string => `${route.replace(/^\/+|\/+$/g, '') || 'index'}.md`;

/** The candidates closest to what was asked: those containing it first, then by edit distance. */
function closest(asked: string, candidates: readonly string[], count = 5): string[] {
  const a = asked.toLowerCase();
  const last = a.split('/').filter(Boolean).pop() ?? a;
  return candidates
    .map((c) => {
      const lc = c.toLowerCase();
      const contains = lc.includes(last) || (lc.length > 2 && a.includes(lc));
      return { c, score: (contains ? 0 : 1000) + editDistance(a, lc) };
    })
    .sort((x, y) => x.score - y.score)
    .slice(0, count)
    .map((x) => x.c);
}

function excerpt(text: string, terms: readonly string[], size = 240): string {
  const plain = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`|[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const lower = plain.toLowerCase();
  const at = terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0);
  const start = at.length ? Math.max(0, Math.min(...at) - size / 3) : 0;
  const cut = plain.slice(start, start + size);
  return `${start > 0 ? '…' : ''}${cut}${start + size < plain.length ? '…' : ''}`;
}

/** Indexes the text files of a build (path → text). `siteUrl` is the site's address with its base path. */
export function createSiteIndex(files: ReadonlyMap<string, string>, siteUrl: string): SiteIndex {
  const basePath = new URL(siteUrl.replace(/\/*$/, '/')).pathname;
  const llmsTxt = files.get('llms.txt');

  const pages: SitePage[] = [];
  let kind: PageKind | undefined;
  for (const line of (llmsTxt ?? '').split('\n')) {
    const section = /^## (.+)$/.exec(line);
    // A site with several APIs has a section per API: "API: Tracking API".
    if (section) kind = SECTION_KINDS[section[1]!.trim().replace(/^API: .*/, 'API')];
    const link = /^- \[((?:\\.|[^\]])*)\]\(([^)]+)\)/.exec(line);
    if (!link || !kind) continue;
    const url = link[2]!;
    const route = toRoute(url, basePath);
    const twin = twinOf(route);
    if (!files.has(twin)) continue;
    pages.push({
      title: link[1]!.replace(/\\(.)/g, '$1'),
      route,
      url: url.replace(/(\/index)?\.md$/, (_, index: string | undefined) => (index ? '/' : '')),
      kind,
      twin,
    });
  }

  const tags = new Map<string, string | undefined>();
  for (const [path, text] of files) {
    if (!/(^|\/)exports\/universal\.md$/.test(path)) continue;
    let tag: string | undefined;
    for (const line of text.split('\n')) {
      const heading = /^## (.+)$/.exec(line);
      if (heading) tag = heading[1] === 'Other operations' ? undefined : heading[1];
      const op = /^`([A-Z]+) (\/\S*)`( \(deprecated\))?$/.exec(line);
      if (op) tags.set(`${path.replace(/universal\.md$/, '')}${op[1]} ${op[2]}`, tag);
    }
  }

  const operations: SiteOperation[] = [];
  for (const [path, text] of files) {
    const m = OPERATION_FILE.exec(path);
    if (!m) continue;
    const exportsDir = path.replace(/operations\/[^/]+\/universal\.md$/, '');
    const lines = text.split('\n');
    const title = (lines.find((l) => l.startsWith('# ')) ?? '').slice(2).trim();
    const op = lines.map((l) => /^`([A-Z]+) (\/\S*)`/.exec(l)).find(Boolean);
    const page = lines.map((l) => /^Page: (\S+)/.exec(l)).find(Boolean);
    if (!op) continue;
    let operationId = m[2]!;
    const tools = files.get(`${exportsDir}operations/${m[2]}/claude.json`);
    if (tools) {
      try {
        operationId = (JSON.parse(tools) as { tools?: { name?: string }[] }).tools?.[0]?.name ?? operationId;
      } catch {
        // The slug stands in.
      }
    }
    operations.push({
      method: op[1]!,
      path: op[2]!,
      title,
      operationId,
      tag: tags.get(`${exportsDir}${op[1]} ${op[2]}`),
      slug: m[2]!,
      url: page?.[1] ?? '',
      markdown: path,
      api: `/${exportsDir.replace(/\/?exports\/$/, '')}`,
    });
  }

  const search = new MiniSearch<{ id: number; title: string; text: string }>({
    fields: ['title', 'text'],
    searchOptions: { boost: { title: 3 }, prefix: true, fuzzy: 0.2 },
  });
  search.addAll(pages.map((p, id) => ({ id, title: p.title, text: files.get(p.twin) ?? '' })));

  return {
    pages,
    operations,
    llmsTxt,
    search(query, limit) {
      return search
        .search(query)
        .slice(0, limit)
        .map((r) => {
          const page = pages[r.id as number]!;
          return { title: page.title, url: page.url, kind: page.kind, excerpt: excerpt(files.get(page.twin) ?? '', r.terms) };
        });
    },
    read(path) {
      const route = toRoute(path, basePath);
      const markdown = files.get(twinOf(route));
      if (markdown !== undefined) return { markdown };
      return {
        suggestions: closest(
          route,
          pages.map((p) => p.route),
        ),
      };
    },
    operation(name) {
      const asked = name.trim();
      const methodPath = /^([a-z]+)\s+(\/\S*)$/i.exec(asked);
      const route = toRoute(asked, basePath);
      const found =
        operations.find((o) => o.operationId === asked) ??
        operations.find((o) => o.operationId.toLowerCase() === asked.toLowerCase() || o.slug === asked.toLowerCase()) ??
        (methodPath ? operations.find((o) => o.method === methodPath[1]!.toUpperCase() && o.path === methodPath[2]) : undefined) ??
        operations.find((o) => o.url && toRoute(o.url, basePath) === route);
      if (found) return { operation: found, markdown: files.get(found.markdown) ?? '' };
      return {
        suggestions: closest(
          asked,
          operations.flatMap((o) => [`${o.method} ${o.path}`, o.operationId]),
        ),
      };
    },
  };
}
