import type { CardItem, Route } from '../../shared/model.js';
import type { NavLink, TocItem } from '../../shared/content-model.js';
import type { SiteView } from '../site-view.js';
import { DocSidebar, sidebarTrail } from '../layout/DocSidebar.js';
import { Breadcrumbs, MobileTableOfContents, Paginator, TableOfContents } from '../layout/DocChrome.js';
import { T } from '../layout/T.js';
import { VersionBanner } from '../layout/Versions.js';
import { CopyMarkdown } from '../layout/CopyMarkdown.js';
import { twinPath } from '../../shared/twin-path.js';

interface DocShellProps {
  site: SiteView;
  route: Route;
  version: string;
  docId: string | undefined;
  title: string;
  /** The page's heading when it differs from its title: the body's own `# Heading` (the front matter's `title` names the page elsewhere). */
  heading?: string | undefined;
  hideTitle?: boolean;
  toc: readonly TocItem[];
  prev: NavLink | undefined;
  next: NavLink | undefined;
  editUrl?: string | undefined;
  /** The page has a Markdown twin (a doc, not a generated index): "View" and "Copy page as Markdown". */
  twin?: boolean;
  /** Front matter `tags`, listed under the content (docs have no tag pages). */
  tags?: readonly string[] | undefined;
  children: React.ReactNode;
}

/** Sidebar, article with breadcrumbs and title, pagination, and the table of contents. */
function DocShell({ site, route, version, docId, title, heading, hideTitle, toc, prev, next, editUrl, twin, tags, children }: DocShellProps): React.JSX.Element {
  const sidebar = site.docsSidebars.get(version) ?? [];
  return (
    <div className="doc-layout">
      <DocSidebar site={site} items={sidebar} route={route.path} fragmentUrl={site.sidebarFragments?.get(version)} />
      <main className="doc-main" id="main-content" tabIndex={-1}>
        <div className="doc-container">
          <article className="doc-article">
            <VersionBanner site={site} version={version} docId={docId} />
            <Breadcrumbs site={site} trail={sidebarTrail(sidebar, route.path)} current={title} />
            {hideTitle ? null : (
              <header>
                <h1 className="doc-title">{heading ?? title}</h1>
              </header>
            )}
            <MobileTableOfContents toc={toc} />
            {children}
            {twin || editUrl || tags?.length ? (
              <footer className="doc-footer">
                {twin ? <CopyMarkdown href={site.url(`/${twinPath(route.path)}`)} subject={title} /> : null}
                {tags?.length ? <DocTags tags={tags} /> : null}
                {editUrl ? (
                  <a className="doc-footer__edit" href={editUrl} target="_blank" rel="noopener noreferrer">
                    <T k="navigation.editPage" />
                  </a>
                ) : null}
              </footer>
            ) : null}
          </article>
          <Paginator site={site} prev={prev} next={next} />
        </div>
        {toc.length ? (
          <div className="doc-toc">
            <TableOfContents toc={toc} />
          </div>
        ) : null}
      </main>
    </div>
  );
}

export function DocPage({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  if (route.data.kind !== 'doc') throw new Error('DocPage needs a doc route');
  const { doc, prev, next } = route.data;
  const docs = site.config.docs;
  const editUrl = docs !== false && docs.editUrl ? `${docs.editUrl.replace(/\/$/, '')}/${doc.file}` : undefined;
  return (
    <DocShell
      site={site}
      route={route}
      version={doc.version}
      docId={doc.id}
      title={doc.title}
      heading={doc.content.title}
      hideTitle={doc.frontMatter.hide_title ?? false}
      toc={doc.frontMatter.hide_table_of_contents ? [] : doc.content.toc}
      prev={prev}
      next={next}
      editUrl={editUrl}
      twin={!route.unlisted}
      tags={doc.frontMatter.tags}
    >
      <div className="markdown" dangerouslySetInnerHTML={{ __html: doc.content.html }} />
    </DocShell>
  );
}

/** The doc's tags as a small list (the blog's tag styles; no links: docs have no tag pages). */
function DocTags({ tags }: { tags: readonly string[] }): React.JSX.Element {
  return (
    <div className="blog-tags doc-tags">
      <span className="blog-tags__label">
        <T k="blog.taggedWith" />
      </span>
      <ul className="blog-tags__list">
        {[...new Set(tags)].map((tag) => (
          <li key={tag}>
            <span className="tag">{tag}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A generated index: a category's own page, or the docs landing page. */
export function DocIndexPage({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  if (route.data.kind !== 'doc-index') throw new Error('DocIndexPage needs a doc-index route');
  const { heading, intro, items, prev, next, version } = route.data;
  return (
    <DocShell site={site} route={route} version={version} docId={undefined} title={heading} toc={[]} prev={prev} next={next}>
      {intro ? <p className="doc-index__intro">{intro}</p> : null}
      <CardGrid site={site} items={items} />
    </DocShell>
  );
}

function CardGrid({ site, items }: { site: SiteView; items: readonly CardItem[] }): React.JSX.Element {
  return (
    <ul className="card-grid">
      {items.map((item) => (
        <li key={item.href}>
          <a className={`card card--${item.kind}`} href={site.url(item.href)}>
            <span className="card__title">
              <span className="card__icon" aria-hidden="true">
                {item.kind === 'category' ? '🗂️' : '📄'}
              </span>
              {item.title}
            </span>
            {item.kind === 'category' && item.count !== undefined ? (
              <span className="card__description">
                {item.count} <T k={item.count === 1 ? 'navigation.docCount' : 'navigation.docsCount'} />
              </span>
            ) : item.description ? (
              <span className="card__description">{item.description}</span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
