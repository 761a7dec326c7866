import { renderToStaticMarkup } from 'react-dom/server';
import type { Route } from '../../shared/model.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { stackPosition } from '../sources/stack-position.js';
import { pause } from '../workers/pause.js';
import type { SiteView } from '../../components/site-view.js';
import { Document } from '../../components/layout/Document.js';
import { DocPage, DocIndexPage } from '../../components/content/DocPage.js';
import { MarkdownPage } from '../../components/content/MarkdownPage.js';
import { Home } from '../../components/pages/Home.js';
import { NotFound } from '../../components/pages/NotFound.js';
import { Offline } from '../../components/pages/Offline.js';
import { ApiPage } from '../../components/api/ApiPage.js';
import { fitOperationPage, ownTagListSaving, type PageFit } from '../../components/api/operation/page-fit.js';
import { BlogArchivePage, BlogAuthorsPage, BlogListPage, BlogPostPage, BlogTagsPage } from '../../components/blog/BlogPages.js';

// React renders every page, each to static markup in one call: pages are not hydrated as a whole
// (islands are, as roots of their own; see components/Island.tsx), so no hydration markers.

export interface RenderedPage {
  route: Route;
  /** Output file path ("docs/intro/index.html"). */
  path: string;
  html: string;
  /** Problems of the page found while rendering it (a React page that throws). */
  diagnostics?: Diagnostic[];
}

/**
 * Renders each route and hands the page to `emit` at once (which may write it): a large site's
 * pages are never all in memory. Returns the problems found while rendering.
 */
export async function renderRoutes(routes: readonly Route[], site: SiteView, emit: (page: RenderedPage) => Promise<void> | void): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const route of routes) {
    const page = renderRoute(route, site);
    if (page.diagnostics) diagnostics.push(...page.diagnostics);
    await emit(page);
    // A signal (Ctrl+C) is handled between pages, not after the last one.
    await pause();
  }
  return diagnostics;
}

/** A page's body alone, without the document around it (its text, for search). */
export function renderPageBody(route: Route, site: SiteView): string {
  try {
    return renderToStaticMarkup(<PageBody site={site} route={route} />);
  } catch {
    // A React page that throws is reported when it is rendered; it has no text to index.
    return '';
  }
}

/** "/a/b" → "a/b/index.html", "/" → "index.html", "/404.html" → "404.html". */
function outputPathFor(route: string): string {
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
    case 'offline':
      return <Offline />;
  }
}

const page = (site: SiteView, route: Route, body: React.JSX.Element): string =>
  '<!doctype html>' +
  renderToStaticMarkup(
    <Document site={site} route={route}>
      {body}
    </Document>,
  );

/**
 * Renders a route into a complete HTML document. A React page of the project that throws is the
 * author's mistake: an SD2009 on that page (at the line of the throw when the stack shows it), not
 * a crash. Anything else that throws is a bug of shipdocs, reported with the route.
 */
export function renderRoute(route: Route, site: SiteView): RenderedPage {
  const path = outputPathFor(route.path);
  if (route.data.kind === 'react-page') {
    try {
      // Rendered alone first, so an error is the page's own and the shell is never half-rendered.
      renderToStaticMarkup(<PageBody site={site} route={route} />);
    } catch (err) {
      return { route, path, html: page(site, route, <main id="main-content" />), diagnostics: [reactPageError(route.data.page.relPath, err)] };
    }
  }
  try {
    const data = route.data;
    if (data.kind === 'api' && data.page.kind === 'operation') {
      const draw = (fit: PageFit): string => page(site, route, <ApiPage site={site} route={route} fit={fit} />);
      const { api, operation } = data.page;
      const ownTagList = (): number => ownTagListSaving(site, api, operation);
      return { route, path, html: fitOperationPage(draw, ownTagList) };
    }
    return { route, path, html: page(site, route, <PageBody site={site} route={route} />) };
  } catch (err) {
    throw new Error(`rendering ${route.path}${route.file ? ` (from ${route.file})` : ''} failed: ${(err as Error).message}`, { cause: err });
  }
}

function reactPageError(relPath: string, err: unknown): Diagnostic {
  const message = err instanceof Error ? err.message : String(err);
  const pos = err instanceof Error ? stackPosition(err, relPath) : undefined;
  return diagnostic('SD2009', { message: `${relPath} threw while rendering: ${message}`, file: relPath, ...(pos ?? {}) });
}
