import type { SiteConfig } from '../../config/schema.js';
import type { BlogAuthor, BlogPost, BlogPostSummary, BlogSidebar, BlogTag } from '../../shared/blog-model.js';
import type { Route } from '../../shared/model.js';

// The blog stage, second half (pure): every blog route from the rendered posts. Lists, tag and
// author pages are paginated like the blog index, so no page grows with the number of posts.

export interface BlogRoutes {
  routes: Route[];
  sidebar: BlogSidebar;
}

const SIDEBAR_POSTS = 10;

export function planBlogRoutes(
  posts: readonly BlogPost[],
  authors: ReadonlyMap<string, BlogAuthor>,
  tags: ReadonlyMap<string, BlogTag>,
  base: string,
  config: SiteConfig,
): BlogRoutes {
  const blog = config.blog === false ? { title: 'Blog', description: '', postsPerPage: 10 } : config.blog;
  const routes: Route[] = [];
  const route = (path: string, title: string, description: string | undefined, data: Route['data'], file?: string): void => {
    routes.push({ path, title, description, file, sidebar: 'blog', hideFooter: false, data });
  };
  const summary = (p: BlogPost): BlogPostSummary => ({
    title: p.title,
    route: p.route,
    date: p.date,
    readingMinutes: p.readingMinutes,
    authors: p.authors,
    tags: p.tags,
    html: p.content.excerptHtml ?? p.content.html,
    truncated: p.content.excerptHtml !== undefined,
  });
  const paginate = (
    list: readonly BlogPost[],
    first: string,
    heading: string,
    intro: string | undefined,
    title: string,
    description: string | undefined,
    author?: BlogAuthor,
  ): void => {
    const per = blog.postsPerPage;
    const pages = Math.max(1, Math.ceil(list.length / per));
    const pageRoute = (n: number): string => (n === 1 ? first : `${first === '/' ? '' : first}/page/${n}`);
    for (let n = 1; n <= pages; n++) {
      route(pageRoute(n), n === 1 ? title : `${title} (page ${n})`, description, {
        kind: 'blog-list',
        heading,
        intro,
        author,
        posts: list.slice((n - 1) * per, n * per).map(summary),
        page: n,
        pages,
        newer: n > 1 ? pageRoute(n - 1) : undefined,
        older: n < pages ? pageRoute(n + 1) : undefined,
      });
    }
  };

  // An unlisted post has its page and nothing else: every list, count and neighbour is of the listed posts.
  const listed = posts.filter((p) => !p.unlisted);
  const authorCounts = new Map<string, BlogPost[]>();
  for (const p of listed) for (const a of p.authors) if (a.key) append(authorCounts, a.key, p);
  const tagPosts = new Map<string, BlogPost[]>();
  for (const p of listed) for (const t of p.tags) append(tagPosts, t.key, p);

  paginate(listed, base, blog.title, blog.description || undefined, blog.title, blog.description || `${config.title} blog`);
  let i = 0;
  for (const post of posts) {
    if (post.unlisted) {
      // It links only to the author and tag pages there are: those of listed posts.
      const shown: BlogPost = {
        ...post,
        authors: post.authors.map((a) => (a.key !== undefined && !authorCounts.has(a.key) ? { ...a, route: undefined } : a)),
        tags: post.tags.filter((t) => tagPosts.has(t.key)),
      };
      const data = { kind: 'blog-post' as const, post: shown, newer: undefined, older: undefined };
      routes.push({
        path: post.route,
        title: post.title,
        description: post.description,
        file: post.file,
        sidebar: 'blog',
        hideFooter: false,
        unlisted: true,
        data,
      });
      continue;
    }
    const newer = listed[i - 1];
    const older = listed[i + 1];
    i++;
    route(
      post.route,
      post.title,
      post.description,
      { kind: 'blog-post', post, newer: newer && { title: newer.title, href: newer.route }, older: older && { title: older.title, href: older.route } },
      post.file,
    );
  }

  const byYear = new Map<string, { title: string; route: string; date: string }[]>();
  for (const p of listed) {
    const year = p.date.slice(0, 4);
    append(byYear, year, { title: p.title, route: p.route, date: p.date });
  }
  route(`${base}/archive`, 'Archive', `Every post of the ${blog.title.toLowerCase()}, by year.`, {
    kind: 'blog-archive',
    years: [...byYear].map(([year, list]) => ({ year, posts: list })),
  });

  // Authors and tags without a listed post get no page: it would only say "0 posts".
  const writers = [...authors.values()].filter((a) => a.key !== undefined && a.route && authorCounts.has(a.key));
  route(`${base}/authors`, 'Authors', `The authors of the ${blog.title.toLowerCase()}.`, {
    kind: 'blog-authors',
    authors: writers.map((author) => ({ author, count: authorCounts.get(author.key!)!.length })),
  });
  for (const author of writers)
    paginate(authorCounts.get(author.key!)!, author.route!, author.name, author.title, `Posts by ${author.name}`, `Posts by ${author.name}.`, author);

  const used = [...tags.values()].filter((tag) => tagPosts.has(tag.key));
  route(`${base}/tags`, 'Tags', `Topics of the ${blog.title.toLowerCase()}.`, {
    kind: 'blog-tags',
    tags: used.map((tag) => ({ tag, count: tagPosts.get(tag.key)!.length })).sort((a, b) => a.tag.label.localeCompare(b.tag.label)),
  });
  for (const tag of used) {
    const list = tagPosts.get(tag.key)!;
    const n = list.length;
    paginate(
      list,
      tag.route,
      `${n} post${n === 1 ? '' : 's'} tagged with "${tag.label}"`,
      tag.description,
      `Posts tagged "${tag.label}"`,
      tag.description ?? `Posts tagged ${tag.label}.`,
    );
  }

  const groups = new Map<string, { title: string; href: string }[]>();
  for (const p of listed.slice(0, SIDEBAR_POSTS)) {
    const year = p.date.slice(0, 4);
    append(groups, year, { title: p.title, href: p.route });
  }
  return { routes, sidebar: { title: 'Recent posts', groups: [...groups].map(([year, items]) => ({ year, items })) } };
}

/** Adds a value to its key's list (in place: a copy per value would grow with the square of a list). */
function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
