import { posix } from 'node:path';

// How a URL written in content is classified and rewritten. Pure: the maps come from the caller.

export interface UrlContext {
  /** The markdown file, relative to the root. */
  file: string;
  /** The route of the page being rendered. */
  route: string;
  baseUrl: string;
  /** Markdown file (relative to root) → route. */
  fileRoutes: ReadonlyMap<string, string>;
}

export type ResolvedUrl =
  | { kind: 'external'; href: string }
  | { kind: 'unsafe'; href: string }
  /** A route (maybe with #hash) inside the site: `href` has baseUrl, `target` has not. */
  | { kind: 'internal'; href: string; target: string }
  /** A .md link whose file is not a page. */
  | { kind: 'missing-file'; href: string; file: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** What content may link to (HARDENING.md): http(s), mailto and relative URLs. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

export function resolveUrl(url: string, ctx: UrlContext): ResolvedUrl {
  let trimmed = url.trim();
  const scheme = SCHEME.exec(trimmed.replace(/[\u0000-\u001f\s]/g, ''));
  if (scheme) {
    // Schemes are case-insensitive, but the sanitizer's list is lower-case (`MAILTO:` would lose its href).
    return SAFE_SCHEMES.has(scheme[1]!.toLowerCase())
      ? { kind: 'external', href: trimmed.replace(SCHEME, (s) => s.toLowerCase()) }
      : { kind: 'unsafe', href: trimmed };
  }
  // Browsers read `\` in a path as `/`: `/\host` goes to another site, and `\x` is `/x`.
  trimmed = trimmed.replace(/^[^?#]*/, (path) => path.replace(/\\/g, '/'));
  if (trimmed.startsWith('//')) return { kind: 'external', href: `https:${trimmed}` };
  const hashAt = trimmed.indexOf('#');
  const pathPart = hashAt >= 0 ? trimmed.slice(0, hashAt) : trimmed;
  const hash = hashAt >= 0 ? trimmed.slice(hashAt) : '';
  const [pathname = '', query = ''] = splitQuery(pathPart);

  if (pathname === '') return { kind: 'internal', href: trimmed, target: ctx.route + hash };

  if (/\.mdx?$/i.test(pathname)) {
    const file = pathname.startsWith('/') ? posix.normalize(pathname.slice(1)) : posix.normalize(posix.join(posix.dirname(ctx.file), safeDecode(pathname)));
    const route = ctx.fileRoutes.get(file);
    if (route === undefined) return { kind: 'missing-file', href: trimmed, file };
    return { kind: 'internal', href: withBase(route, ctx.baseUrl) + query + hash, target: route + hash };
  }

  const absolute = pathname.startsWith('/') ? pathname : posix.join(posix.dirname(ctx.route === '/' ? '/x' : ctx.route), pathname);
  const route = posix.normalize(absolute).replace(/(.)\/$/, '$1');
  return { kind: 'internal', href: withBase(route, ctx.baseUrl) + query + hash, target: route + hash };
}

export function withBase(route: string, baseUrl: string): string {
  if (baseUrl === '/') return route;
  return baseUrl.replace(/\/$/, '') + route;
}

function splitQuery(path: string): [string, string] {
  const at = path.indexOf('?');
  return at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
