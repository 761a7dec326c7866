import { renderToString } from 'react-dom/server';
import type { Route, OutputFile } from '../../shared/model.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { stackPosition } from '../sources/stack-position.js';
import type { SiteView } from '../../components/site-view.js';
import { Document, documentMarkup } from '../../components/layout/Document.js';
import { encodePage } from './utf8.js';
import { partTable } from '../../components/layout/cached-markup.js';
import { DocPage, DocIndexPage } from '../../components/content/DocPage.js';
import { MarkdownPage } from '../../components/content/MarkdownPage.js';
import { Home } from '../../components/pages/Home.js';
import { NotFound } from '../../components/pages/NotFound.js';
import { ApiPage } from '../../components/api/ApiPage.js';
import { BlogArchivePage, BlogAuthorsPage, blogListMarkup, blogPostMarkup, BlogTagsPage } from '../../components/blog/BlogPages.js';

export interface RenderedRoute {
  route: Route;
  /** Output file path ("docs/intro/index.html"). */
  path: string;
  html: string;
  /** Problems of the page found while rendering it (a React page that throws). */
  diagnostics?: Diagnostic[];
}

/**
 * A rendered page as UTF-8 bytes. Pages leave the JavaScript heap as soon as they are drawn: a
 * large site's pages as strings (two bytes a character once any is outside Latin-1) made the
 * heap, and the time spent collecting it, several times larger.
 */
export interface RenderedPage {
  route: Route;
  path: string;
  bytes: Uint8Array;
  diagnostics?: Diagnostic[];
}

const decoder = new TextDecoder();

/** The page's HTML as text (for the few steps that read a page). */
export function pageText(page: RenderedPage): string {
  return decoder.decode(page.bytes);
}

/**
 * Renders each route and encodes it at once, so only one page at a time is a string (its parts
 * shared with other pages are written in as bytes, encoded once).
 */
export function renderPages(routes: readonly Route[], site: SiteView, announcementHtml: string | undefined): RenderedPage[] {
  const parts = partTable(site);
  return routes.map((route) => {
    const { path, html, diagnostics } = renderRoute(route, site, announcementHtml);
    return diagnostics ? { route, path, bytes: encodePage(html, parts), diagnostics } : { route, path, bytes: encodePage(html, parts) };
  });
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
    case 'blog-post':
      throw new Error('a post or a list of posts is filled from its template (blogPostMarkup, blogListMarkup), not drawn by React');
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

/**
 * Server-renders a route into a complete HTML document (its shared parts as markers until
 * encoded). A React page of the project that throws is the author's mistake: an SD2009 on that
 * page (at the line of the throw when the stack shows it), not a crash. Anything else that throws
 * is a bug of shipdocs, reported with the route.
 */
function renderRoute(route: Route, site: SiteView, announcementHtml: string | undefined): RenderedRoute {
  const rendered: RenderedRoute = { route, path: outputPathFor(route.path), html: '' };
  if (route.data.kind === 'react-page') {
    const page = route.data.page;
    const render = (body: React.JSX.Element): string =>
      '<!doctype html>' +
      renderToString(
        <Document site={site} route={route} announcementHtml={announcementHtml}>
          {body}
        </Document>,
      );
    try {
      // Rendered alone first, so an error is the page's own and the shell is never half-drawn.
      renderToString(<PageBody site={site} route={route} />);
    } catch (err) {
      rendered.diagnostics = [reactPageError(page.relPath, err)];
      rendered.html = render(<main id="main-content" />);
      return rendered;
    }
    // Drawn in the document by React, which may move what the page draws into <head>.
    rendered.html = render(<PageBody site={site} route={route} />);
    return rendered;
  }
  try {
    // The body is drawn by React; the document around it is a template filled with the page's values.
    const kind = route.data.kind;
    const body = kind === 'blog-post' ? blogPostMarkup(site, route) : kind === 'blog-list' ? blogListMarkup(site, route) : renderToString(<PageBody site={site} route={route} />);
    rendered.html = '<!doctype html>' + documentMarkup(site, route, announcementHtml, body);
  } catch (err) {
    throw new Error(`rendering ${route.path}${route.file ? ` (from ${route.file})` : ''} failed: ${(err as Error).message}`, { cause: err });
  }
  return rendered;
}

function reactPageError(relPath: string, err: unknown): Diagnostic {
  const message = err instanceof Error ? err.message : String(err);
  const pos = err instanceof Error ? stackPosition(err, relPath) : undefined;
  return diagnostic('SD2009', { message: `${relPath} threw while rendering: ${message}`, file: relPath, ...(pos ?? {}) });
}

export function toOutputFiles(rendered: readonly RenderedPage[]): OutputFile[] {
  return rendered.map((r) => ({ path: r.path, contents: r.bytes }));
}
