import type { SiteView } from '../site-view.js';
import type { Route } from '../../shared/model.js';
import { Navbar, type NavbarProps } from './Navbar.js';
import { apiPageVersion } from './Versions.js';
import { Footer } from './Footer.js';
import { AnnouncementBar } from './AnnouncementBar.js';
import { UpdateNotice } from './UpdateNotice.js';
import { T } from './T.js';
import { absoluteImageUrl, pageMetaOf } from './page-meta.js';
import { twinPath } from '../../shared/twin-path.js';
import { historyFeeds } from '../../shared/api-history.js';

export interface DocumentProps {
  site: SiteView;
  route: Route;
  children: React.ReactNode;
}

/** Pages with a Markdown twin at their route + `.md` (render/llms/twins.ts); an unlisted page has none. */
function hasTwin(route: Route): boolean {
  const kind = route.data.kind;
  if (route.unlisted) return false;
  return (
    kind === 'doc' ||
    kind === 'markdown-page' ||
    kind === 'blog-post' ||
    (kind === 'api' && (route.data.page.kind === 'overview' || route.data.page.kind === 'operation' || route.data.page.kind === 'changelog'))
  );
}

/** An API page's feeds of the API's changes, when the API has a history (render/api/change-feeds.ts). */
function apiChangeFeeds(route: Route): { rss: string; atom: string; title: string } | undefined {
  if (route.data.kind !== 'api') return undefined;
  const { api } = route.data.page;
  return api.history ? { ...historyFeeds(api.history), title: api.info.title } : undefined;
}

/** `Page | Site`; the home page uses `Site | Tagline`. */
function pageTitle(site: SiteView, route: Route): string {
  const { title, tagline } = site.config;
  if (route.path === '/') return route.title && route.title !== title ? `${title} | ${route.title}` : tagline ? `${title} | ${tagline}` : `${title} | ${title}`;
  return `${route.title} | ${title}`;
}

export function contentSecurityPolicy(site: SiteView): string {
  return [
    "default-src 'self'",
    `script-src 'self' '${site.assets.inlineScriptHash}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...site.connectSources].join(' '),
    // The service worker of `offline` (sw.js at the base) is the only worker.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

function navbarOf(site: SiteView, route: Route): NavbarProps {
  const data = route.data;
  return {
    site,
    route: route.path,
    docsVersion: data.kind === 'doc' ? data.doc.version : data.kind === 'doc-index' ? data.version : undefined,
    docId: data.kind === 'doc' ? data.doc.id : undefined,
    apiPage: data.kind === 'api' ? apiPageVersion(site, data.page) : undefined,
  };
}

/**
 * The first Tab stops of every page, shown when focused: to the content, past the navbar and the
 * sidebar; on an API page also to the API's sidebar, and on an operation's page first to its own
 * controls (Authorization, Try it, code samples), which otherwise come after the whole sidebar and
 * the operation's description. Each target is focusable (tabindex -1), so focus lands on it and
 * the next Tab goes on from there. The block belongs to the page: a client-side navigation swaps
 * it with the page (client/nav/swap.ts).
 */
function SkipLinks({ route }: { route: Route }): React.JSX.Element {
  const apiPage = route.data.kind === 'api' ? route.data.page.kind : undefined;
  return (
    <div className="skip-links" data-skip-links="">
      <a className="skip-link" href="#main-content">
        <T k="navigation.skipToContent" />
      </a>
      {apiPage === 'operation' ? (
        <a className="skip-link" href="#operation-controls">
          <T k="navigation.skipToOperationControls" />
        </a>
      ) : null}
      {apiPage ? (
        // Where the sidebar is in the menu drawer (below 996 px), CSS hides this link: the menu's
        // button is a few Tab stops on, in the navbar.
        <a className="skip-link skip-link--sidebar" href="#doc-sidebar">
          <T k="navigation.skipToApiNavigation" />
        </a>
      ) : null}
    </div>
  );
}

/** The whole HTML document of a page: head, announcement bar, navbar, the page's body and footer. */
export function Document({ site, route, children }: DocumentProps): React.JSX.Element {
  const { config } = site;
  const title = pageTitle(site, route);
  // The not-found and offline pages answer for other URLs: they have no address of their own to declare.
  const notFound = route.data.kind === 'not-found' || route.data.kind === 'offline';
  const canonical = notFound ? undefined : config.url.replace(/\/$/, '') + site.url(route.path);
  // An unlisted page is reachable by its links, which may be followed; it is not to be indexed.
  const robots = config.noIndex || notFound ? 'noindex, nofollow' : route.unlisted ? 'noindex' : undefined;
  const description = route.description ?? config.tagline;
  const meta = pageMetaOf(route);
  const preview = meta.image ?? config.image;
  const image = preview === undefined ? undefined : absoluteImageUrl(preview, config);
  const apiFeeds = apiChangeFeeds(route);
  return (
    <html
      lang={config.lang}
      dir="ltr"
      data-theme={config.colorMode.defaultMode}
      data-ui-lang={config.ui.defaultLanguage}
      data-default-theme={config.colorMode.defaultMode}
    >
      <head>
        <meta charSet="utf-8" />
        <script src={site.assets.earlyScript} />
        <script dangerouslySetInnerHTML={{ __html: site.assets.inlineScript }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta httpEquiv="Content-Security-Policy" content={contentSecurityPolicy(site)} />
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        {meta.keywords.length ? <meta name="keywords" content={meta.keywords.join(', ')} /> : null}
        {robots ? <meta name="robots" content={robots} /> : null}
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        {hasTwin(route) ? <link rel="alternate" type="text/markdown" href={site.url(`/${twinPath(route.path)}`)} /> : null}
        <meta property="og:title" content={title} />
        {description ? <meta property="og:description" content={description} /> : null}
        <meta property="og:type" content={route.data.kind === 'doc' || route.data.kind === 'blog-post' ? 'article' : 'website'} />
        {canonical ? <meta property="og:url" content={canonical} /> : null}
        <meta property="og:site_name" content={config.title} />
        {image ? <meta property="og:image" content={image} /> : null}
        {/* A complete card on its own: not every unfurler that reads twitter: tags falls back to og: ones. */}
        <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={title} />
        {description ? <meta name="twitter:description" content={description} /> : null}
        {image ? <meta name="twitter:image" content={image} /> : null}
        <meta name="color-scheme" content="light dark" />
        {config.favicon ? <link rel="icon" href={site.url('/' + config.favicon.replace(/^\//, ''))} /> : null}
        {site.feeds ? <link rel="alternate" type="application/rss+xml" href={site.feeds.rss} title={`${config.title} ${site.feeds.title} RSS Feed`} /> : null}
        {site.feeds ? (
          <link rel="alternate" type="application/atom+xml" href={site.feeds.atom} title={`${config.title} ${site.feeds.title} Atom Feed`} />
        ) : null}
        {apiFeeds ? <link rel="alternate" type="application/rss+xml" href={site.url(apiFeeds.rss)} title={`${apiFeeds.title} changes RSS Feed`} /> : null}
        {apiFeeds ? <link rel="alternate" type="application/atom+xml" href={site.url(apiFeeds.atom)} title={`${apiFeeds.title} changes Atom Feed`} /> : null}
        <link rel="stylesheet" href={site.assets.css} />
        {site.assets.entry ? <script type="module" src={site.assets.entry} /> : null}
      </head>
      <body>
        <SkipLinks route={route} />
        {config.offline ? <UpdateNotice /> : null}
        <div className="progress-bar" data-progress-bar="" aria-hidden="true" />
        <AnnouncementBar site={site} />
        <Navbar {...navbarOf(site, route)} />
        <div className="page-wrapper">{children}</div>
        {route.hideFooter ? null : <Footer site={site} />}
      </body>
    </html>
  );
}
