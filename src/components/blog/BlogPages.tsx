import type { Route } from '../../shared/model.js';
import type { BlogAuthor } from '../../shared/blog-model.js';
import type { SiteView } from '../site-view.js';
import { MobileTableOfContents, TableOfContents } from '../layout/DocChrome.js';
import { T } from '../layout/T.js';
import { AuthorCard, BlogLayout, BlogPager, formatDate, PostMeta, TagList } from './BlogParts.js';

type Data<K extends Route['data']['kind']> = Extract<Route['data'], { kind: K }>;
type ListedPost = Data<'blog-list'>['posts'][number];

/** A list of posts: the blog's pages, a tag's, an author's. */
export function BlogListPage({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  const data = route.data as Data<'blog-list'>;
  const base = site.sections.blog ?? '/blog';
  return (
    <BlogLayout site={site} route={route.path}>
      <header className="blog-list__header">
        {data.author ? <AuthorCard site={site} author={data.author} large heading /> : <h1 className="blog-list__title">{data.heading}</h1>}
        {data.intro && !data.author ? <p className="blog-list__intro">{data.intro}</p> : null}
        {route.path.startsWith(`${base}/tags/`) ? (
          <a className="blog-list__all-tags" href={site.url(`${base}/tags`)}>
            <T k="blog.viewAllTags" />
          </a>
        ) : null}
      </header>
      {data.posts.length === 0 ? (
        <p className="blog-list__empty">
          <T k="blog.noPosts" />
        </p>
      ) : null}
      {data.posts.map((post) => (
        <article key={post.route} className="blog-post blog-post--summary">
          {/* Only an author's own page leaves out a lone author. */}
          <PostSummary site={site} post={post} withAuthors={post.authors.length > 0 && !(data.author && post.authors.length === 1)} />
        </article>
      ))}
      {data.pages > 1 ? (
        <BlogPager
          labelId="blog-pagination-label"
          label={<T k="blog.pagination" />}
          newer={
            data.newer
              ? {
                  href: site.url(data.newer),
                  content: (
                    <span className="pagination-nav__label">
                      « <T k="blog.newerEntries" />
                    </span>
                  ),
                }
              : undefined
          }
          older={
            data.older
              ? {
                  href: site.url(data.older),
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
    </BlogLayout>
  );
}

/** A post in a list: title, meta, authors, excerpt, tags, "read more". */
function PostSummary({ site, post, withAuthors }: { site: SiteView; post: ListedPost; withAuthors: boolean }): React.JSX.Element {
  const href = site.url(post.route);
  return (
    <>
      <header>
        <h2 className="blog-post__title">
          <a href={href}>{post.title}</a>
        </h2>
        <PostMeta date={post.date} dateText={formatDate(post.date)} minutes={String(post.readingMinutes)} />
        {withAuthors ? (
          <div className="blog-post__authors">
            <PostAuthors site={site} authors={post.authors} />
          </div>
        ) : null}
      </header>
      <div className="markdown" dangerouslySetInnerHTML={{ __html: post.html }} />
      <footer className="blog-post__footer">
        <TagList site={site} tags={post.tags} />
        {post.truncated ? (
          <a className="blog-post__read-more" href={href} aria-label={`Read more about ${post.title}`}>
            <T k="blog.readMore" />
          </a>
        ) : null}
      </footer>
    </>
  );
}

function PostAuthors({ site, authors }: { site: SiteView; authors: readonly BlogAuthor[] }): React.JSX.Element {
  return (
    <>
      {authors.map((a) => (
        <AuthorCard key={a.key ?? a.name} site={site} author={a} />
      ))}
    </>
  );
}

/** A post's page: title, meta, authors, content, tags, links to the newer and older post, table of contents. */
export function BlogPostPage({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  const { post, newer, older } = route.data as Data<'blog-post'>;
  const toc = post.hideToc ? [] : post.content.toc;
  return (
    <BlogLayout site={site} route={route.path}>
      <div className={`blog-post-layout${toc.length ? ' blog-post-layout--with-toc' : ''}`}>
        <article className="blog-post">
          <header>
            <h1 className="blog-post__title">{post.title}</h1>
            <PostMeta date={post.date} dateText={formatDate(post.date)} minutes={String(post.readingMinutes)} />
            {post.authors.length ? (
              <div className="blog-post__authors">
                <PostAuthors site={site} authors={post.authors} />
              </div>
            ) : null}
          </header>
          <MobileTableOfContents toc={toc} />
          <div className="markdown" dangerouslySetInnerHTML={{ __html: post.content.html }} />
          {post.tags.length ? (
            <footer className="blog-post__footer">
              <TagList site={site} tags={post.tags} />
            </footer>
          ) : null}
          {newer || older ? (
            <BlogPager
              labelId="post-pagination-label"
              label={<T k="blog.postPagination" />}
              newer={newer ? { href: site.url(newer.href), content: <PostLink sublabel={<T k="blog.newerPost" />} label={<>« {newer.title}</>} /> } : undefined}
              older={older ? { href: site.url(older.href), content: <PostLink sublabel={<T k="blog.olderPost" />} label={<>{older.title} »</>} /> } : undefined}
            />
          ) : null}
        </article>
        {toc.length ? (
          <div className="doc-toc">
            <TableOfContents toc={toc} />
          </div>
        ) : null}
      </div>
    </BlogLayout>
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
