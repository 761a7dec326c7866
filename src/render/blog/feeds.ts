import type { SiteConfig } from '../../config/schema.js';
import type { BlogPost } from '../../shared/blog-model.js';
import type { OutputFile } from '../../shared/model.js';
import { feedHtml } from '../markdown/feed-html.js';
import { atomFeed, rssFeed, type FeedChannel, type FeedEntry } from '../feeds/xml-feeds.js';

// RSS 2.0 and Atom feeds of the blog's latest posts (render/feeds/xml-feeds.ts writes them). A
// post's content is the static version of its page's HTML (`feedHtml`).

const FEED_POSTS = 20;

/** The feeds of the listed posts (none when there are none: unlisted posts are in no feed). */
export function blogFeeds(posts: readonly BlogPost[], base: string, config: SiteConfig, urlOf: (route: string) => string): OutputFile[] {
  const listed = posts.filter((p) => !p.unlisted);
  if (listed.length === 0) return [];
  const blog = config.blog === false ? { title: 'Blog', description: '' } : config.blog;
  const origin = config.url.replace(/\/$/, '');
  const abs = (route: string): string => origin + urlOf(route);
  const title = `${config.title} ${blog.title}`;
  const description = blog.description || `${config.title} blog`;
  const recent = listed.slice(0, FEED_POSTS);
  const updated = new Date(Date.parse(recent[0]!.date)).toISOString();
  const channel: FeedChannel = {
    title,
    description,
    link: abs(base),
    rssUrl: abs(`${base}/rss.xml`),
    atomUrl: abs(`${base}/atom.xml`),
    lang: config.lang,
    updated,
    author: config.title,
  };
  const entries: FeedEntry[] = recent.map((p) => ({
    title: p.title,
    url: abs(p.route),
    time: Date.parse(p.date),
    summary: p.description,
    // Readable outside the site: static markup instead of widgets, absolute links (render/markdown/feed-html.ts).
    html: feedHtml(p.content.html, abs(p.route)),
    authors: p.authors,
    categories: p.tags.map((t) => t.label),
  }));
  const dir = base.replace(/^\//, '');
  return [
    { path: `${dir ? `${dir}/` : ''}rss.xml`, contents: rssFeed(channel, entries) },
    { path: `${dir ? `${dir}/` : ''}atom.xml`, contents: atomFeed(channel, entries) },
  ];
}
