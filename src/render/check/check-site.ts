import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { LinkRef } from '../../shared/content-model.js';
import { decodeEntities } from '../../shared/html-text.js';

export interface CheckInput {
  /** Every route of the site (without baseUrl). */
  routes: ReadonlySet<string>;
  /** Every output file path ("img/logo.svg"). */
  files: Pick<ReadonlySet<string>, 'has'>;
  /** The ids of a route's page, looked up on demand. */
  idsOf: (route: string) => Pick<ReadonlySet<string>, 'has'> | undefined;
  /** Links found in content, by source file. */
  links: readonly { file: string; links: readonly LinkRef[] }[];
}

/** Broken internal links and anchors in content (warnings; `--strict` makes them errors). */
function checkSite(input: CheckInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { file, links } of input.links) {
    for (const link of links) {
      const hashAt = link.target.indexOf('#');
      const path = normalizeRoute(hashAt >= 0 ? link.target.slice(0, hashAt) : link.target);
      const hash = hashAt >= 0 ? decodeHash(link.target.slice(hashAt + 1)) : '';
      // A link's place is read only to report it (an OpenAPI document's links are placed when read).
      const at = () => ({ file, line: link.line, column: link.column });
      if (!input.routes.has(path)) {
        if (input.files.has(path.slice(1)) || input.files.has(`${path.slice(1)}/index.html`)) continue;
        out.push(diagnostic('SD4001', { message: `Broken link "${link.written}": no page at ${path}.`, ...at() }));
        continue;
      }
      if (hash && !input.idsOf(path)?.has(hash)) {
        out.push(diagnostic('SD4002', { message: `Broken anchor "${link.written}": ${path} has no element with id "${hash}".`, ...at() }));
      }
    }
  }
  return out;
}

/** The route a link's path names ("/docs/a/", "/docs/a/index.html" → "/docs/a"). */
export function normalizeRoute(path: string): string {
  const clean = path.replace(/\/index\.html$/, '').replace(/(.)\/+$/, '$1');
  return clean === '' ? '/' : clean;
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/** Every id attribute of an HTML document. */
function htmlIds(html: string): Set<string> {
  const ids = new Set<string>();
  for (const m of html.matchAll(/\sid="([^"]*)"/g)) ids.add(decodeEntities(m[1]!));
  return ids;
}

export interface LinkCheck {
  /** The links it checks, by source file. */
  links: CheckInput['links'];
  /** The ids of each content page, by route. */
  contentIds: ReadonlyMap<string, ReadonlySet<string>>;
  /** Routes whose rendered ids an anchor needs (React pages, the API reference, the shell's ids). */
  toScan: ReadonlySet<string>;
  /** Keeps the ids of a rendered page when an anchor into it needs them (not among its content's). */
  notePage(route: string, html: string): void;
  /** Broken links and anchors, once every page is rendered. */
  check(routes: ReadonlySet<string>, files: Pick<ReadonlySet<string>, 'has'>): Diagnostic[];
}

/**
 * The link check of content whose pages are rendered (and written) one at a time: anchors are
 * checked against the content's own ids first; only the pages other anchors point into (React
 * pages, the API reference, the shell's ids) are scanned, as they are rendered.
 */
export function createLinkCheck(links: CheckInput['links'], contentIds: ReadonlyMap<string, ReadonlySet<string>>): LinkCheck {
  const toScan = new Set<string>();
  for (const { links: refs } of links) {
    for (const link of refs) {
      const hashAt = link.target.indexOf('#');
      if (hashAt < 0) continue;
      const route = normalizeRoute(link.target.slice(0, hashAt));
      if (!contentIds.get(route)?.has(decodeHash(link.target.slice(hashAt + 1)))) toScan.add(route);
    }
  }
  const scanned = new Map<string, Set<string>>();
  return {
    links,
    contentIds,
    toScan,
    notePage(route, html) {
      if (toScan.has(route)) scanned.set(route, htmlIds(html));
    },
    check(routes, files) {
      const idsOf = (route: string): Pick<ReadonlySet<string>, 'has'> | undefined =>
        routes.has(route) ? { has: (id) => contentIds.get(route)?.has(id) === true || scanned.get(route)?.has(id) === true } : undefined;
      return checkSite({ routes, files, idsOf, links });
    },
  };
}
