import type { Route } from '../../shared/model.js';
import type { BlogAuthor, BlogTag } from '../../shared/blog-model.js';
import type { SiteView } from '../site-view.js';
import { tocMarkup } from '../layout/DocChrome.js';
import { T } from '../layout/T.js';
import { cachedMarkupPart, cachedPart, cachedTemplate } from '../layout/cached-markup.js';
import { renderToString } from 'react-dom/server';
import { AuthorCard, BlogColumns, BlogLayout, BlogPager, blogSidebarMarkup, formatDate, PostMeta, TagList } from './BlogParts.js';

type Data<K extends Route['data']['kind']> = Extract<Route['data'], { kind: K }>;

const LIST_FIELDS = ['sidebar', 'author', 'heading', 'intro', 'allTags', 'posts', 'newer', 'older'] as const;
type ListShape = { sidebar: boolean; author: boolean; intro: boolean; allTags: boolean; empty: boolean; pagination: boolean; newer: boolean; older: boolean };

/**
 * A list of posts (the blog's pages, a tag's, an author's): a template drawn once per shape, filled
 * with the list's values and its posts' summaries (each drawn once per build, see summaryMarkup).
 */
export function blogListMarkup(site: SiteView, route: Route): string {
  const data = route.data as Data<'blog-list'>;
  const base = site.sections.blog ?? '/blog';
  const sidebar = blogSidebarMarkup(site, route.path);
  const shape: ListShape = {
    sidebar: sidebar !== undefined,
    author: data.author !== undefined,
    intro: !!data.intro && !data.author,
    allTags: route.path.startsWith(`${base}/tags/`),
    empty: data.posts.length === 0,
    pagination: data.pages > 1,
    newer: !!data.newer,
    older: !!data.older,
  };
  const fill = cachedTemplate(site, `blog-list:${Object.values(shape).map(Number).join('')}`, LIST_FIELDS, (slots) => <BlogListView shape={shape} {...slots} />, { asPage: true });
  const article = cachedTemplate(site, 'blog-list-article', ['summary'], (slots) => <article className="blog-post blog-post--summary">{slots.summary}</article>, { asPage: true });
  let posts = '';
  for (const post of data.posts) {
    // Only an author's own page leaves out a lone author.
    const withAuthors = post.authors.length > 0 && !(data.author && post.authors.length === 1);
    posts += article({ summary: { html: summaryMarkup(site, post, withAuthors) } });
  }
  const author = data.author;
  return fill({
    sidebar: { html: sidebar ?? '' },
    // Drawn as the rest of the page is (renderToString), once per author.
    author: { html: author ? cachedPart(site, `blog-author-heading:${author.key ?? JSON.stringify(author)}`, () => renderToString(<AuthorCard site={site} author={author} large heading />)) : '' },
    heading: data.heading,
    intro: data.intro ?? '',
    allTags: site.url(`${base}/tags`),
    posts: { html: posts },
    newer: data.newer ? site.url(data.newer) : '',
    older: data.older ? site.url(data.older) : '',
  });
}

/** A list page's body from its values (slots of the template). */
function BlogListView({ shape, sidebar, author, heading, intro, allTags, posts, newer, older }: { shape: ListShape } & Record<(typeof LIST_FIELDS)[number], string>): React.JSX.Element {
  return (
    <BlogColumns sidebar={shape.sidebar ? <SidebarSlot html={sidebar} /> : null}>
      <header className="blog-list__header">
        {shape.author ? author : <h1 className="blog-list__title">{heading}</h1>}
        {shape.intro ? <p className="blog-list__intro">{intro}</p> : null}
        {shape.allTags ? (
          <a className="blog-list__all-tags" href={allTags}>
            <T k="blog.viewAllTags" />
          </a>
        ) : null}
      </header>
      {shape.empty ? (
        <p className="blog-list__empty">
          <T k="blog.noPosts" />
        </p>
      ) : null}
      {posts}
      {shape.pagination ? (
        <BlogPager
          labelId="blog-pagination-label"
          label={<T k="blog.pagination" />}
          newer={
            shape.newer
              ? {
                  href: newer,
                  content: (
                    <span className="pagination-nav__label">
                      « <T k="blog.newerEntries" />
                    </span>
                  ),
                }
              : undefined
          }
          older={
            shape.older
              ? {
                  href: older,
                  content: (
                    <span className="pagination-nav__label">
                      <T k="blog.olderEntries" /> »
                    </span>
                  ),
                }
              : undefined
          }
        />
      ) : null}
    </BlogColumns>
  );
}

/** The sidebar's `<aside>` in a template, its inside a slot. */
function SidebarSlot({ html }: { html: string }): React.JSX.Element {
  return (
    <aside className="blog-sidebar" data-mobile-sidebar="">
      {html}
    </aside>
  );
}

type ListedPost = Data<'blog-list'>['posts'][number];

/**
 * A post's summary is the same in every list holding it (the blog's pages, its tags' and
 * authors'): written once per build and variant (with or without its author cards).
 */
function summaryMarkup(site: SiteView, post: ListedPost, withAuthors: boolean): string {
  return cachedPart(site, `blog-summary:${post.route}:${withAuthors ? 1 : 0}`, () => {
    const tags = post.tags.length > 0;
    // Drawn once per shape (tags or not, a "read more" link or not), then filled in per post.
    const fill = cachedTemplate(site, `blog-summary:${tags ? 1 : 0}:${post.truncated ? 1 : 0}`, SUMMARY_FIELDS, (slots) => <PostSummary {...slots} truncated={post.truncated} />);
    return fill({
      href: site.url(post.route),
      title: post.title,
      date: post.date,
      dateText: formatDate(post.date),
      minutes: String(post.readingMinutes),
      authors: { html: withAuthors ? `<div class="blog-post__authors">${authorsMarkup(site, post.authors)}</div>` : '' },
      excerpt: { html: post.html },
      tags: { html: tags ? tagListMarkup(site, post.tags) : '' },
    });
  });
}

const SUMMARY_FIELDS = ['href', 'title', 'date', 'dateText', 'minutes', 'authors', 'excerpt', 'tags'] as const;

/** The inside of a post's `<article>` in a list: title, meta, authors, excerpt, tags, "read more". */
function PostSummary({ href, title, date, dateText, minutes, authors, excerpt, tags, truncated }: Record<(typeof SUMMARY_FIELDS)[number], string> & { truncated: boolean }): React.JSX.Element {
  return (
    <>
      <header>
        <h2 className="blog-post__title">
          <a href={href}>{title}</a>
        </h2>
        <PostMeta date={date} dateText={dateText} minutes={minutes} />
        {authors}
      </header>
      <div className="markdown">{excerpt}</div>
      <footer className="blog-post__footer">
        {tags}
        {truncated ? (
          <a className="blog-post__read-more" href={href} aria-label={`Read more about ${title}`}>
            <T k="blog.readMore" />
          </a>
        ) : null}
      </footer>
    </>
  );
}

/** A post's author cards: the same for every post of the same authors, drawn once per build. */
function authorsMarkup(site: SiteView, authors: readonly BlogAuthor[]): string {
  const key = authors.map((a) => a.key ?? JSON.stringify(a)).join('\u0000');
  return cachedMarkupPart(site, `blog-authors:${key}`, () => (
    <>
      {authors.map((a) => (
        <AuthorCard key={a.key ?? a.name} site={site} author={a} />
      ))}
    </>
  ));
}

/** A post's tags: the same for every post of the same tags, drawn once per build. */
function tagListMarkup(site: SiteView, tags: readonly BlogTag[]): string {
  const key = tags.map((t) => `${t.key}\u0000${t.label}\u0000${t.route}`).join('\u0001');
  return cachedMarkupPart(site, `blog-tags:${key}`, () => <TagList site={site} tags={tags} />);
}

const POST_FIELDS = ['sidebar', 'title', 'date', 'dateText', 'minutes', 'authors', 'body', 'tags', 'newerHref', 'newerTitle', 'olderHref', 'olderTitle', 'toc'] as const;
type PostShape = { sidebar: boolean; toc: boolean; authors: boolean; tags: boolean; newer: boolean; older: boolean };

/**
 * A post page's body: the same for every post of a shape but for its values (a large blog is mostly
 * posts), so a template drawn once per shape and filled per post; React draws only the table of
 * contents.
 */
export function blogPostMarkup(site: SiteView, route: Route): string {
  const { post, newer, older } = route.data as Data<'blog-post'>;
  const toc = post.hideToc ? [] : post.content.toc;
  const sidebar = blogSidebarMarkup(site, route.path);
  const shape: PostShape = { sidebar: sidebar !== undefined, toc: toc.length > 0, authors: post.authors.length > 0, tags: post.tags.length > 0, newer: !!newer, older: !!older };
  const key = `blog-post:${Object.values(shape).map(Number).join('')}`;
  const fill = cachedTemplate(site, key, POST_FIELDS, (slots) => <BlogPostView shape={shape} {...slots} />, { asPage: true });
  return fill({
    sidebar: { html: sidebar ?? '' },
    title: post.title,
    date: post.date,
    dateText: formatDate(post.date),
    minutes: String(post.readingMinutes),
    authors: { html: shape.authors ? authorsMarkup(site, post.authors) : '' },
    body: { html: post.content.html },
    tags: { html: shape.tags ? tagListMarkup(site, post.tags) : '' },
    newerHref: newer ? site.url(newer.href) : '',
    newerTitle: newer?.title ?? '',
    olderHref: older ? site.url(older.href) : '',
    olderTitle: older?.title ?? '',
    toc: { html: shape.toc ? tocMarkup(site, toc) : '' },
  });
}

/** A post page's body from its values (slots of the template). */
function BlogPostView({ shape, sidebar, title, date, dateText, minutes, authors, body, tags, newerHref, newerTitle, olderHref, olderTitle, toc }: { shape: PostShape } & Record<(typeof POST_FIELDS)[number], string>): React.JSX.Element {
  return (
    <BlogColumns sidebar={shape.sidebar ? <SidebarSlot html={sidebar} /> : null}>
      <div className={`blog-post-layout${shape.toc ? ' blog-post-layout--with-toc' : ''}`}>
        <article className="blog-post">
          <header>
            <h1 className="blog-post__title">{title}</h1>
            <PostMeta date={date} dateText={dateText} minutes={minutes} />
            {shape.authors ? <div className="blog-post__authors">{authors}</div> : null}
          </header>
          <div className="markdown">{body}</div>
          {shape.tags ? <footer className="blog-post__footer">{tags}</footer> : null}
          {shape.newer || shape.older ? (
            <BlogPager
              labelId="post-pagination-label"
              label={<T k="blog.postPagination" />}
              newer={shape.newer ? { href: newerHref, content: <PostLink sublabel={<T k="blog.newerPost" />} label={<>« {newerTitle}</>} /> } : undefined}
              older={shape.older ? { href: olderHref, content: <PostLink sublabel={<T k="blog.olderPost" />} label={<>{olderTitle} »</>} /> } : undefined}
            />
          ) : null}
        </article>
        {shape.toc ? <div className="doc-toc">{toc}</div> : null}
      </div>
    </BlogColumns>
  );
}

function PostLink({ sublabel, label }: { sublabel: React.ReactNode; label: React.ReactNode }): React.JSX.Element {
  return (
    <>
      <span className="pagination-nav__sublabel">{sublabel}</span>
      <span className="pagination-nav__label">{label}</span>
    </>
  );
}

export function BlogArchivePage({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  const { years } = route.data as Data<'blog-archive'>;
  return (
    <BlogLayout site={site} route={route.path}>
      <h1 className="blog-list__title">
        <T k="blog.archive" />
      </h1>
      {years.map((y) => (
        <section className="blog-archive__year" key={y.year} aria-labelledby={`year-${y.year}`}>
          <h2 id={`year-${y.year}`}>{y.year}</h2>
          <ul className="blog-archive__list">
            {y.posts.map((p) => (
              <li key={p.route}>
                <time dateTime={p.date}>{formatDate(p.date)}</time> <a href={site.url(p.route)}>{p.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </BlogLayout>
  );
}

export function BlogAuthorsPage({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  const { authors } = route.data as Data<'blog-authors'>;
  return (
    <BlogLayout site={site} route={route.path}>
      <h1 className="blog-list__title">
        <T k="blog.authors" />
      </h1>
      <ul className="blog-authors">
        {authors.map(({ author, count }) => (
          <li key={author.key ?? author.name} className="blog-authors__item">
            <AuthorCard site={site} author={author} />
            <span className="blog-authors__count">
              {count} <T k={count === 1 ? 'blog.post' : 'blog.posts'} />
            </span>
          </li>
        ))}
      </ul>
    </BlogLayout>
  );
}

export function BlogTagsPage({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  const { tags } = route.data as Data<'blog-tags'>;
  return (
    <BlogLayout site={site} route={route.path}>
      <h1 className="blog-list__title">
        <T k="blog.tags" />
      </h1>
      <ul className="blog-tags-index">
        {tags.map(({ tag, count }) => (
          <li key={tag.key}>
            <a className="tag tag--large" href={site.url(tag.route)}>
              {tag.label} <span className="tag__count">{count}</span>
            </a>
            {tag.description ? <p className="blog-tags-index__description">{tag.description}</p> : null}
          </li>
        ))}
      </ul>
    </BlogLayout>
  );
}
