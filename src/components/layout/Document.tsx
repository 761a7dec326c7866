import type { SiteView } from '../site-view.js';
import type { Route } from '../../shared/model.js';
import { Navbar, navbarMarkup, type NavbarProps } from './Navbar.js';
import { Footer } from './Footer.js';
import { AnnouncementBar } from './AnnouncementBar.js';
import { T } from './T.js';
import { cachedMarkup, cachedTemplate } from './cached-markup.js';
import { absoluteImageUrl, pageMetaOf } from './page-meta.js';

export interface DocumentProps {
  site: SiteView;
  route: Route;
  /** Sanitized announcement HTML. */
  announcementHtml: string | undefined;
  children: React.ReactNode;
}

/** `Page | Site`; the home page uses `Site | Tagline`. */
export function pageTitle(site: SiteView, route: Route): string {
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
    "connect-src 'self' https: http://127.0.0.1:* http://localhost:*",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** A page's values in its document (text, written escaped) and the parts given as markup. */
const DOCUMENT_FIELDS = ['title', 'description', 'keywords', 'canonical', 'ogType', 'image', 'announcement', 'navbar', 'body'] as const;
type DocumentField = (typeof DOCUMENT_FIELDS)[number];

/** Which optional elements a page's document has: one template per shape. */
interface DocumentShape {
  description: boolean;
  keywords: boolean;
  robots: boolean;
  canonical: boolean;
  image: boolean;
  announcement: boolean;
  footer: boolean;
}

/** A page's document but for its navbar, announcement bar and body. */
function documentOf(site: SiteView, route: Route, announcementHtml: string | undefined): { shape: DocumentShape; text: Record<Exclude<DocumentField, 'announcement' | 'navbar' | 'body'>, string> } {
  const { config } = site;
  // The not-found page answers for every unknown URL: it has no address of its own to declare.
  const notFound = route.path === '/404.html';
  const canonical = notFound ? undefined : config.url.replace(/\/$/, '') + site.url(route.path);
  const description = route.description ?? config.tagline;
  const meta = pageMetaOf(route);
  const image = meta.image === undefined ? undefined : absoluteImageUrl(meta.image, config);
  return {
    shape: {
      description: !!description,
      keywords: meta.keywords.length > 0,
      robots: config.noIndex || notFound,
      canonical: !!canonical,
      image: !!image,
      announcement: !!config.announcementBar && announcementHtml !== undefined,
      footer: !route.hideFooter,
    },
    text: {
      title: pageTitle(site, route),
      description,
      keywords: meta.keywords.join(', '),
      canonical: canonical ?? '',
      ogType: route.data.kind === 'doc' || route.data.kind === 'blog-post' ? 'article' : 'website',
      image: image ?? '',
    },
  };
}

function navbarOf(site: SiteView, route: Route): NavbarProps {
  const data = route.data;
  return { site, route: route.path, docsVersion: data.kind === 'doc' ? data.doc.version : data.kind === 'doc-index' ? data.version : undefined, docId: data.kind === 'doc' ? data.doc.id : undefined };
}

/** The whole HTML document of a page (React pages of the project: their body may be anything React draws). */
export function Document({ site, route, announcementHtml, children }: DocumentProps): React.JSX.Element {
  const { shape, text } = documentOf(site, route, announcementHtml);
  return (
    <DocumentView site={site} shape={shape} {...text} announcement={<AnnouncementBar site={site} html={announcementHtml} />} navbar={<Navbar {...navbarOf(site, route)} />} body={children} />
  );
}

/**
 * The document of a page whose body is already markup: its template (one per shape, drawn once)
 * filled with the page's values, the navbar (drawn once per variant) and the body.
 */
export function documentMarkup(site: SiteView, route: Route, announcementHtml: string | undefined, body: string): string {
  const { shape, text } = documentOf(site, route, announcementHtml);
  const key = `document:${Object.values(shape).map(Number).join('')}`;
  const fill = cachedTemplate(site, key, DOCUMENT_FIELDS, (slots) => <DocumentView site={site} shape={shape} {...slots} />);
  const announcementBar = shape.announcement ? cachedMarkup(site, `announcement:${announcementHtml}`, () => <AnnouncementBar site={site} html={announcementHtml} />) : '';
  return fill({ ...text, announcement: { html: announcementBar }, navbar: { html: navbarMarkup(navbarOf(site, route)) }, body: { html: body } });
}

type DocumentViewProps = { site: SiteView; shape: DocumentShape } & Record<Exclude<DocumentField, 'announcement' | 'navbar' | 'body'>, string> & Record<'announcement' | 'navbar' | 'body', React.ReactNode>;

/** The document's markup from its values: one component for React pages and for templates. */
function DocumentView({ site, shape, title, description, keywords, canonical, ogType, image, announcement, navbar, body }: DocumentViewProps): React.JSX.Element {
  const { config } = site;
  return (
    <html lang={config.lang} dir="ltr" data-theme={config.colorMode.defaultMode} data-ui-lang={config.ui.defaultLanguage} data-default-theme={config.colorMode.defaultMode}>
      <head>
        <meta charSet="utf-8" />
        <script src={site.assets.earlyScript} />
        <script dangerouslySetInnerHTML={{ __html: site.assets.inlineScript }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta httpEquiv="Content-Security-Policy" content={contentSecurityPolicy(site)} />
        <title>{title}</title>
        {shape.description ? <meta name="description" content={description} /> : null}
        {shape.keywords ? <meta name="keywords" content={keywords} /> : null}
        {shape.robots ? <meta name="robots" content="noindex, nofollow" /> : null}
        {shape.canonical ? <link rel="canonical" href={canonical} /> : null}
        <meta property="og:title" content={title} />
        {shape.description ? <meta property="og:description" content={description} /> : null}
        <meta property="og:type" content={ogType} />
        {shape.canonical ? <meta property="og:url" content={canonical} /> : null}
        <meta property="og:site_name" content={config.title} />
        {shape.image ? <meta property="og:image" content={image} /> : null}
        <meta name="twitter:card" content={shape.image ? 'summary_large_image' : 'summary'} />
        {shape.image ? <meta name="twitter:image" content={image} /> : null}
        <meta name="color-scheme" content="light dark" />
        {config.favicon ? <link rel="icon" href={site.url('/' + config.favicon.replace(/^\//, ''))} /> : null}
        {site.feeds ? <link rel="alternate" type="application/rss+xml" href={site.feeds.rss} title={`${config.title} ${site.feeds.title} RSS Feed`} /> : null}
        {site.feeds ? <link rel="alternate" type="application/atom+xml" href={site.feeds.atom} title={`${config.title} ${site.feeds.title} Atom Feed`} /> : null}
        <link rel="stylesheet" href={site.assets.css} />
        {site.assets.entry ? <script type="module" src={site.assets.entry} /> : null}
      </head>
      <body>
        <a className="skip-link" href="#main-content">
          <T k="navigation.skipToContent" />
        </a>
        <div className="progress-bar" data-progress-bar="" aria-hidden="true" />
        {shape.announcement ? announcement : null}
        {navbar}
        <div className="page-wrapper">{body}</div>
        {shape.footer ? <Footer site={site} /> : null}
      </body>
    </html>
  );
}
