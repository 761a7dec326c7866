import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { LinkRef } from '../../shared/model.js';

export interface CheckInput {
  /** Every route of the site (without baseUrl). */
  routes: ReadonlySet<string>;
  /** Every output file path ("img/logo.svg"). */
  files: ReadonlySet<string>;
  /** The ids of a route's page, looked up on demand. */
  idsOf: (route: string) => Pick<ReadonlySet<string>, 'has'> | undefined;
  /** Links found in content, by source file. */
  links: readonly { file: string; links: readonly LinkRef[] }[];
}

/** Broken internal links and anchors in content (warnings; `--strict` makes them errors). */
export function checkSite(input: CheckInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { file, links } of input.links) {
    for (const link of links) {
      const hashAt = link.target.indexOf('#');
      const path = normalizeRoute(hashAt >= 0 ? link.target.slice(0, hashAt) : link.target);
      const hash = hashAt >= 0 ? decodeHash(link.target.slice(hashAt + 1)) : '';
      const at = { file, line: link.line, column: link.column };
      if (!input.routes.has(path)) {
        if (input.files.has(path.slice(1)) || input.files.has(`${path.slice(1)}/index.html`)) continue;
        out.push(diagnostic('SD4001', { message: `Broken link "${link.written}": no page at ${path}.`, ...at }));
        continue;
      }
      if (hash && !input.idsOf(path)?.has(hash)) {
        out.push(diagnostic('SD4002', { message: `Broken anchor "${link.written}": ${path} has no element with id "${hash}".`, ...at }));
      }
    }
  }
  return out;
}

function normalizeRoute(path: string): string {
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
export function htmlIds(html: string): Set<string> {
  const ids = new Set<string>();
  for (const m of html.matchAll(/\sid="([^"]*)"/g)) ids.add(m[1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'"));
  return ids;
}
