import type { NavLink, TocItem } from '../../shared/content-model.js';
import type { SiteView } from '../site-view.js';
import { HomeIcon } from './icons.js';
import { SrT, T } from './T.js';

/** The "on this page" table of contents of headings (none when there are none). */
export function TableOfContents({ toc }: { toc: readonly TocItem[] }): React.JSX.Element | null {
  if (toc.length === 0) return null;
  const { roots, min } = tocTree(toc);
  return (
    <nav className="toc" aria-labelledby="toc-title" data-toc="">
      <p className="toc__title" id="toc-title">
        <T k="navigation.onThisPage" />
      </p>
      <TocList nodes={roots} min={min} top />
    </nav>
  );
}

/**
 * The table of contents where the right-hand one is hidden (below 1280 px): a disclosure under
 * the page's title, closed at first (as Docusaurus shows it). Not spied on: it is read, not followed.
 */
export function MobileTableOfContents({ toc }: { toc: readonly TocItem[] }): React.JSX.Element | null {
  if (toc.length === 0) return null;
  const { roots, min } = tocTree(toc);
  return (
    <details className="toc-mobile">
      <summary className="toc-mobile__summary">
        <T k="navigation.onThisPage" />
      </summary>
      {/* Not a second "On this page" landmark beside the right-hand one (which CSS hides here): the summary names it. */}
      <div className="toc toc-mobile__nav">
        <TocList nodes={roots} min={min} top />
      </div>
    </details>
  );
}

function TocList({ nodes, min, top = false }: { nodes: readonly TocNode[]; min: number; top?: boolean }): React.JSX.Element {
  return (
    <ul className={top ? 'toc__list' : 'toc__list toc__list--nested'}>
      {nodes.map((n) => (
        <li key={n.item.id}>
          <a className={`toc__link toc__link--depth-${n.item.depth - min}`} href={`#${n.item.id}`}>
            {n.item.text}
          </a>
          {n.children.length ? <TocList nodes={n.children} min={min} /> : null}
        </li>
      ))}
    </ul>
  );
}

type TocNode = { item: TocItem; children: TocNode[] };

/** The headings as a tree (a heading holds the deeper ones after it), and the shallowest depth. */
function tocTree(toc: readonly TocItem[]): { roots: TocNode[]; min: number } {
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
