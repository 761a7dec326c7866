import type { BlogAuthor, BlogSidebar as BlogSidebarData, BlogTag } from '../../shared/blog-model.js';
import type { SiteView } from '../site-view.js';
import { BRAND_ICONS } from '../layout/icons.js';
import { T } from '../layout/T.js';

const isExternal = (href: string): boolean => /^https?:\/\//.test(href);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const formatted = new Map<string, string>();

/**
 * A post's date as readers see it, in UTC: "January 15, 2025" (content is English: the site
 * locale), as Intl's en-US long date writes it (tested equal), without Intl's cost per call;
 * every list repeats dates, so each is formatted once.
 */
export function formatDate(iso: string): string {
  let text = formatted.get(iso);
  if (text === undefined) {
    const d = new Date(Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
    formatted.set(iso, (text = `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`));
  }
  return text;
}

/** A post's date ("2025-01-15", and as readers see it: `formatDate`) and reading time. */
export function PostMeta({ date, dateText, minutes }: { date: string; dateText: string; minutes: string }): React.JSX.Element {
  return (
    <div className="blog-post__meta">
      <time dateTime={date}>{dateText}</time>
      <span aria-hidden="true"> · </span>
      <span>
        {minutes} <T k="blog.minRead" />
      </span>
    </div>
  );
}

const SOCIAL_NAMES: Record<string, string> = { github: 'GitHub', x: 'X', twitter: 'X', linkedin: 'LinkedIn', stackoverflow: 'Stack Overflow' };

const SOCIAL_URL: Record<string, (h: string) => string> = {
  github: (h) => `https://github.com/${h}`,
  x: (h) => `https://x.com/${h}`,
  twitter: (h) => `https://x.com/${h}`,
  linkedin: (h) => `https://www.linkedin.com/in/${h}`,
  stackoverflow: (h) => `https://stackoverflow.com/users/${h}`,
};

export function AuthorCard({
  site,
  author,
  large = false,
  heading = false,
}: {
  site: SiteView;
  author: BlogAuthor;
  large?: boolean;
  heading?: boolean;
}): React.JSX.Element {
  const image = author.imageUrl ? (isExternal(author.imageUrl) ? author.imageUrl : site.url('/' + author.imageUrl.replace(/^\//, ''))) : undefined;
  // On the author's own page the name is the page heading and links to the author's site.
  const href = heading
    ? author.url && isExternal(author.url)
      ? author.url
      : undefined
    : author.route
      ? site.url(author.route)
      : author.url && isExternal(author.url)
        ? author.url
        : undefined;
  const Name = heading ? 'h1' : 'span';
  return (
    <div className={`author-card${large ? ' author-card--large' : ''}`}>
      {image ? (
        <img className="author-card__image" src={image} alt="" width={large ? 96 : 48} height={large ? 96 : 48} loading="lazy" />
      ) : (
        <span className="author-card__initial" aria-hidden="true">
          {author.name.charAt(0)}
        </span>
      )}
      <div className="author-card__text">
        <Name className="author-card__name-wrap">
          {href ? (
            <a className="author-card__name" href={href} {...(isExternal(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {author.name}
            </a>
          ) : (
            <span className="author-card__name">{author.name}</span>
          )}
        </Name>
        {author.title ? <span className="author-card__title">{author.title}</span> : null}
        {Object.keys(author.socials).length ? (
          <span className="author-card__socials">
            {Object.entries(author.socials).map(([network, handle]) => {
              const url = isExternal(handle) ? handle : SOCIAL_URL[network]?.(handle);
              const Icon = BRAND_ICONS[network === 'twitter' ? 'x' : network];
              if (!url) return null;
              return (
                <a key={network} href={url} target="_blank" rel="noopener noreferrer" aria-label={`${author.name} on ${SOCIAL_NAMES[network] ?? network}`}>
                  {Icon ? <Icon size={16} /> : network}
                </a>
              );
            })}
          </span>
        ) : null}
      </div>
    </div>
  );
}

export function TagList({ site, tags }: { site: SiteView; tags: readonly BlogTag[] }): React.JSX.Element | null {
  if (!tags.length) return null;
  return (
    <div className="blog-tags">
      <span className="blog-tags__label">
        <T k="blog.taggedWith" />
      </span>
      <ul className="blog-tags__list">
        {tags.map((t) => (
          <li key={t.key}>
            <a className="tag" href={site.url(t.route)} rel="tag">
              {t.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The blog sidebar (recent posts by year, the archive, tags, authors and feeds), if the blog has one. */
function BlogSidebar({ site, route }: { site: SiteView; route: string }): React.JSX.Element | null {
  const sidebar = site.blogSidebar;
  if (!sidebar) return null;
  return (
    <aside className="blog-sidebar" aria-labelledby="blog-sidebar-title" data-mobile-sidebar="">
      <BlogSidebarNav site={site} sidebar={sidebar} route={route} />
    </aside>
  );
}

function BlogSidebarNav({ site, sidebar, route }: { site: SiteView; sidebar: BlogSidebarData; route: string }): React.JSX.Element {
  const base = site.sections.blog ?? '/blog';
  return (
    <nav aria-labelledby="blog-sidebar-title">
      <p className="blog-sidebar__title" id="blog-sidebar-title">
        <T k="blog.recentPosts" />
      </p>
      {sidebar.groups.map((g) => (
        <div className="blog-sidebar__group" key={g.year}>
          <p className="blog-sidebar__year">{g.year}</p>
          <ul className="blog-sidebar__list">
            {g.items.map((item) => (
              <li key={item.href}>
                <a
                  className={`blog-sidebar__link${item.href === route ? ' blog-sidebar__link--active' : ''}`}
                  href={site.url(item.href)}
                  {...(item.href === route ? { 'aria-current': 'page' as const } : {})}
                >
                  {item.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <ul className="blog-sidebar__more">
        <li>
          <a href={site.url(`${base}/archive`)}>
            <T k="blog.archive" />
          </a>
        </li>
        <li>
          <a href={site.url(`${base}/tags`)}>
            <T k="blog.tags" />
          </a>
        </li>
        <li>
          <a href={site.url(`${base}/authors`)}>
            <T k="blog.authors" />
          </a>
        </li>
        {site.feeds ? (
          <li>
            <a href={site.feeds.rss}>RSS</a> · <a href={site.feeds.atom}>Atom</a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The blog's two columns: its sidebar and the page's main content. */
export function BlogLayout({ site, route, children }: { site: SiteView; route: string; children: React.ReactNode }): React.JSX.Element {
  return (
    <div className="blog-layout">
      <BlogSidebar site={site} route={route} />
      <main className="blog-main" id="main-content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/**
 * Links to the newer and older page (of a list, or posts): a placeholder holds the newer link's
 * place when there is none, so the older one stays on the right.
 */
export function BlogPager({
  labelId,
  label,
  newer,
  older,
}: {
  labelId: string;
  label: React.ReactNode;
  newer?: { href: string; content: React.ReactNode } | undefined;
  older?: { href: string; content: React.ReactNode } | undefined;
}): React.JSX.Element {
  return (
    <nav className="pagination-nav" aria-labelledby={labelId}>
      <span className="sr-only" id={labelId}>
        {label}
      </span>
      {newer ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={newer.href} rel="prev">
          {newer.content}
        </a>
      ) : (
        <span />
      )}
      {older ? (
        <a className="pagination-nav__link pagination-nav__link--next" href={older.href} rel="next">
          {older.content}
        </a>
      ) : null}
    </nav>
  );
}
