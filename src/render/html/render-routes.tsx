import { renderToString } from 'react-dom/server';
import type { Route, OutputFile } from '../../shared/model.js';
import type { SiteView } from '../../components/site-view.js';
import { Document } from '../../components/layout/Document.js';
import { DocPage, DocIndexPage } from '../../components/content/DocPage.js';
import { MarkdownPage } from '../../components/content/MarkdownPage.js';
import { Home } from '../../components/pages/Home.js';
import { NotFound } from '../../components/pages/NotFound.js';
import { ApiPage } from '../../components/api/ApiPage.js';
import { BlogArchivePage, BlogAuthorsPage, BlogListPage, BlogPostPage, BlogTagsPage } from '../../components/blog/BlogPages.js';

export interface RenderedRoute {
  route: Route;
  /** Output file path ("docs/intro/index.html"). */
  path: string;
  html: string;
}

/** "/a/b" → "a/b/index.html", "/" → "index.html", "/404.html" → "404.html". */
export function outputPathFor(route: string): string {
  if (route.endsWith('.html')) return route.slice(1);
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

function PageBody({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  const data = route.data;
  switch (data.kind) {
    case 'doc':
      return <DocPage site={site} route={route} />;
    case 'doc-index':
      return <DocIndexPage site={site} route={route} />;
    case 'markdown-page':
      return <MarkdownPage site={site} route={route} />;
    case 'react-page': {
      const Component = data.page.component as unknown as React.ComponentType;
      return (
        <main className={`react-page${data.page.meta.wrapper === 'full-width' ? ' react-page--full' : ''}`} id="main-content" tabIndex={-1}>
          <Component />
        </main>
      );
    }
    case 'blog-list':
      return <BlogListPage site={site} route={route} />;
    case 'blog-post':
      return <BlogPostPage site={site} route={route} />;
    case 'blog-archive':
      return <BlogArchivePage site={site} route={route} />;
    case 'blog-authors':
      return <BlogAuthorsPage site={site} route={route} />;
    case 'blog-tags':
      return <BlogTagsPage site={site} route={route} />;
    case 'api':
      return <ApiPage site={site} route={route} />;
    case 'home':
      return <Home site={site} />;
    case 'not-found':
      return <NotFound site={site} />;
  }
}

/** Server-renders every route into a complete HTML document. */
export function renderRoutes(routes: readonly Route[], site: SiteView, announcementHtml: string | undefined): RenderedRoute[] {
  return routes.map((route) => ({
    route,
    path: outputPathFor(route.path),
    html:
      '<!doctype html>' +
      renderToString(
        <Document site={site} route={route} announcementHtml={announcementHtml}>
          <PageBody site={site} route={route} />
        </Document>,
      ),
  }));
}

export function toOutputFiles(rendered: readonly RenderedRoute[]): OutputFile[] {
  return rendered.map((r) => ({ path: r.path, contents: r.html }));
}
