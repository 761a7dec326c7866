import type { Diagnostic } from '../../shared/diagnostics.js';
import type { LinkRef } from '../../shared/content-model.js';
import type { Route } from '../../shared/model.js';
import { createLinkCheck, normalizeRoute, type LinkCheck } from '../check/check-site.js';

// The link check of the dev site, kept between updates. A preparation checks every link, as `build`
// does; an edit of a page's body checks again only that page's links and the links of other files
// into its anchors (its ids may have changed), so it costs the same on a site of any size. Links to
// files other than pages (feeds, exports, twins, static files) are left to `build`: the dev site
// makes those files only when they are asked for.

export interface KeptLinks {
  /** The broken links and anchors of the site. */
  problems(): Diagnostic[];
  /** Takes the new content of the page at `route` (made from `file`): its links and the links into its anchors are checked again. */
  editPage(edit: { file: string; route: string; links: readonly LinkRef[]; ids: readonly string[] }): void;
}

/**
 * Every link of a preparation checked; the pages it must see rendered (a few) are taken from `page`.
 * `routes` are the dev site's, which it keeps up to date as pages are edited.
 */
export function checkLinks(linkCheck: LinkCheck, routes: ReadonlyMap<string, Route>, page: (route: Route) => string): KeptLinks {
  const routeSet = new Set(routes.keys());
  /** Problems by file (only files that have some). */
  const problems = new Map<string, Diagnostic[]>();
  const run = (check: LinkCheck, files: Iterable<string>): void => {
    for (const path of check.toScan) {
      const route = routes.get(path);
      if (route) check.notePage(path, page(route));
    }
    const found = check.check(routeSet, { has: () => true });
    for (const file of files) problems.delete(file);
    for (const d of found) {
      const list = problems.get(d.file ?? '');
      if (list) list.push(d);
      else problems.set(d.file ?? '', [d]);
    }
  };
  run(linkCheck, []);

  // What an edit needs (the links by file, the ids by route, who links into whose anchors) is made
  // at the first edit: an update that prepared the site again pays only for the check.
  let kept: { links: Map<string, readonly LinkRef[]>; ids: Map<string, ReadonlySet<string>>; into: Map<string, Set<string>> } | undefined;
  const index = (into: Map<string, Set<string>>, file: string, refs: readonly LinkRef[], add: boolean): void => {
    for (const link of refs) {
      const hashAt = link.target.indexOf('#');
      if (hashAt < 0) continue;
      const route = normalizeRoute(link.target.slice(0, hashAt));
      if (add) into.set(route, (into.get(route) ?? new Set()).add(file));
      else into.get(route)?.delete(file);
    }
  };
  const made = (): NonNullable<typeof kept> => {
    if (kept) return kept;
    const into = new Map<string, Set<string>>();
    for (const { file, links: refs } of linkCheck.links) index(into, file, refs, true);
    return (kept = { links: new Map(linkCheck.links.map((l) => [l.file, l.links])), ids: new Map(linkCheck.contentIds), into });
  };

  return {
    problems: () => [...problems.values()].flat(),
    editPage({ file, route, links: refs, ids: pageIds }) {
      const { links, ids, into } = made();
      index(into, file, links.get(file) ?? [], false);
      links.set(file, refs);
      index(into, file, refs, true);
      ids.set(route, new Set(pageIds));
      const files = new Set([file, ...(into.get(route) ?? [])]);
      run(
        createLinkCheck(
          [...files].map((f) => ({ file: f, links: links.get(f) ?? [] })),
          ids,
        ),
        files,
      );
    },
  };
}
