import type { NavLink, TocItem } from '../../shared/model.js';
import type { SiteView } from '../site-view.js';
import { HomeIcon } from './icons.js';
import { SrT, T } from './T.js';
import { cachedTemplate } from './cached-markup.js';

/**
 * The "on this page" table of contents: templates (the list, an entry) drawn once per build and
 * filled per page, as it is on most pages of a site.
 */
export function tocMarkup(site: SiteView, toc: readonly TocItem[]): string {
  if (toc.length === 0) return '';
  const { roots, min } = tocTree(toc);
  const entry = cachedTemplate(site, 'toc-entry', TOC_ENTRY, (slots) => <TocEntry {...slots} />, { asPage: true });
  const list = (nodes: TocNode[], top: boolean): string => {
    let entries = '';
    for (const n of nodes) {
      entries += entry({ depthClass: `toc__link toc__link--depth-${n.item.depth - min}`, href: `#${n.item.id}`, text: n.item.text, nested: { html: n.children.length ? list(n.children, false) : '' } });
    }
    const fill = cachedTemplate(site, `toc-list:${top ? 1 : 0}`, ['entries'], (slots) => <ul className={top ? 'toc__list' : 'toc__list toc__list--nested'}>{slots.entries}</ul>, { asPage: true });
    return fill({ entries: { html: entries } });
  };
  const nav = cachedTemplate(site, 'toc', ['list'], (slots) => <TocNav list={slots.list} />, { asPage: true });
  return nav({ list: { html: list(roots, true) } });
}

export type TocNode = { item: TocItem; children: TocNode[] };

/** The headings as a tree (a heading holds the deeper ones after it), and the shallowest depth. */
export function tocTree(toc: readonly TocItem[]): { roots: TocNode[]; min: number } {
  const min = Math.min(...toc.map((t) => t.depth));
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of toc) {
    const node: TocNode = { item, children: [] };
    while (stack.length && stack[stack.length - 1]!.item.depth >= item.depth) stack.pop();
    (stack.length ? stack[stack.length - 1]!.children : roots).push(node);
    stack.push(node);
  }
  return { roots, min };
}

const TOC_ENTRY = ['depthClass', 'href', 'text', 'nested'] as const;

function TocEntry({ depthClass, href, text, nested }: Record<(typeof TOC_ENTRY)[number], string>): React.JSX.Element {
  return (
    <li>
      <a className={depthClass} href={href}>
        {text}
      </a>
      {nested}
    </li>
  );
}

function TocNav({ list }: { list: string }): React.JSX.Element {
  return (
    <nav className="toc" aria-labelledby="toc-title" data-toc="">
      <p className="toc__title" id="toc-title">
        <T k="navigation.onThisPage" />
      </p>
      {list}
    </nav>
  );
}

export function Paginator({ site, prev, next }: { site: SiteView; prev: NavLink | undefined; next: NavLink | undefined }): React.JSX.Element | null {
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-labelledby="pagination-label">
      <span className="sr-only" id="pagination-label">
        <T k="navigation.docsPagination" />
      </span>
      {prev ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={site.url(prev.href)} rel="prev">
          <span className="pagination-nav__sublabel">
            <T k="navigation.previous" />
          </span>
          <span className="pagination-nav__label">« {prev.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="pagination-nav__link pagination-nav__link--next" href={site.url(next.href)} rel="next">
          <span className="pagination-nav__sublabel">
            <T k="navigation.next" />
          </span>
          <span className="pagination-nav__label">{next.title} »</span>
        </a>
      ) : null}
    </nav>
  );
}

export function Breadcrumbs({ site, trail, current }: { site: SiteView; trail: readonly NavLink[]; current: string }): React.JSX.Element {
  return (
    <nav className="breadcrumbs" aria-labelledby="breadcrumbs-label">
      <span className="sr-only" id="breadcrumbs-label">
        <T k="navigation.breadcrumbs" />
      </span>
      <ol>
        <li className="breadcrumbs__item">
          <a className="breadcrumbs__link" href={site.url('/')}>
            <HomeIcon />
            <SrT k="navigation.home" />
          </a>
        </li>
        {trail.map((c) => (
          <li className="breadcrumbs__item" key={c.href}>
            <a className="breadcrumbs__link" href={site.url(c.href)}>
              {c.title}
            </a>
          </li>
        ))}
        <li className="breadcrumbs__item breadcrumbs__item--active">
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}
