import type { Route } from '../../shared/model.js';
import type { SiteView } from '../site-view.js';
import { MobileTableOfContents, TableOfContents } from '../layout/DocChrome.js';

/** A standalone markdown page (content/pages/*.md): title, content and its table of contents. */
export function MarkdownPage({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  if (route.data.kind !== 'markdown-page') throw new Error('MarkdownPage needs a markdown-page route');
  const { page } = route.data;
  const toc = page.frontMatter.hide_table_of_contents ? [] : page.content.toc;
  return (
    <main className="page-main" id="main-content" tabIndex={-1}>
      <div className={`page-container${toc.length ? ' page-container--with-toc' : ''}`}>
        <article className="page-article">
          {/* The body's own `# Heading` is the heading, even when the front matter's title names the page. */}
          {page.frontMatter.hide_title ? null : <h1 className="doc-title">{page.content.title ?? page.title}</h1>}
          <MobileTableOfContents toc={toc} />
          <div className="markdown" dangerouslySetInnerHTML={{ __html: page.content.html }} />
        </article>
        {toc.length ? (
          <div className="doc-toc">
            <TableOfContents toc={toc} />
          </div>
        ) : null}
      </div>
    </main>
  );
}
