// Types of the blog: posts, authors and tags as the blog stage hands them to routes and components.
import type { LinkRef, NavLink, RenderedMarkdown, TocItem } from './content-model.js';

export interface BlogAuthor {
  /** Key in authors.yml; undefined for inline authors. */
  key: string | undefined;
  name: string;
  title: string | undefined;
  url: string | undefined;
  imageUrl: string | undefined;
  socials: Record<string, string>;
  /** Route of the author's page (keyed authors only). */
  route: string | undefined;
}

export interface BlogTag {
  key: string;
  label: string;
  description: string | undefined;
  /** Route of the tag's page. */
  route: string;
}

export interface BlogPost {
  file: string;
  slug: string;
  route: string;
  title: string;
  description: string | undefined;
  /** ISO date (YYYY-MM-DD or a full timestamp). */
  date: string;
  authors: BlogAuthor[];
  tags: BlogTag[];
  readingMinutes: number;
  /** Front matter `image`: the page's preview image (og:image), a static path or an http(s) URL. */
  image: string | undefined;
  /** Front matter `keywords`, for <meta name="keywords">. */
  keywords?: string[];
  hideToc: boolean;
  /** Front matter `unlisted`: the post has its page, but no place in the blog's lists, tag and author pages, feeds or search. */
  unlisted: boolean;
  content: RenderedMarkdown;
  /** A post written in MDX renders its own component; content.html is then empty. */
  mdx: boolean;
}

/** What a list page shows of a post. */
export interface BlogPostSummary {
  title: string;
  route: string;
  date: string;
  readingMinutes: number;
  authors: BlogAuthor[];
  tags: BlogTag[];
  /** Excerpt HTML (before the truncate marker), or the whole post when it has none. */
  html: string;
  truncated: boolean;
}

interface BlogSidebarGroup {
  year: string;
  items: NavLink[];
}

export interface BlogSidebar {
  title: string;
  groups: BlogSidebarGroup[];
}

export type BlogRouteData =
  | {
      kind: 'blog-list';
      heading: string;
      intro: string | undefined;
      author: BlogAuthor | undefined;
      posts: BlogPostSummary[];
      page: number;
      pages: number;
      newer: string | undefined;
      older: string | undefined;
    }
  | { kind: 'blog-post'; post: BlogPost; newer: NavLink | undefined; older: NavLink | undefined }
  | { kind: 'blog-archive'; years: { year: string; posts: { title: string; route: string; date: string }[] }[] }
  | { kind: 'blog-authors'; authors: { author: BlogAuthor; count: number }[] }
  | { kind: 'blog-tags'; tags: { tag: BlogTag; count: number }[] };
