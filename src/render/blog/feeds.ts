import type { SiteConfig } from '../../config/schema.js';
import type { BlogPost } from '../../shared/blog-model.js';
import type { OutputFile } from '../../shared/model.js';
import { escapeXml, validXml } from '../../shared/html-escape.js';
import { feedHtml } from '../markdown/feed-html.js';

// RSS 2.0 and Atom feeds of the blog. Well-formed whatever the content holds: characters XML 1.0
// forbids are dropped, `]]>` is split across CDATA sections, text and attributes are escaped.
// A post's content is the static version of its page's HTML (`feedHtml`).

const FEED_POSTS = 20;

export const cdata = (s: string): string => `<![CDATA[${validXml(s).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

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
  // Readable outside the site: static markup instead of widgets, absolute links (render/markdown/feed-html.ts).
  const bodies = new Map(recent.map((p) => [p, feedHtml(p.content.html, abs(p.route))]));
  const body = (p: BlogPost): string => bodies.get(p)!;

  const rss = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    `<title>${escapeXml(title)}</title>`,
    `<link>${escapeXml(abs(base))}</link>`,
    `<description>${escapeXml(description)}</description>`,
    `<atom:link href="${escapeXml(abs(`${base}/rss.xml`))}" rel="self" type="application/rss+xml"/>`,
    `<lastBuildDate>${new Date(Date.parse(updated)).toUTCString()}</lastBuildDate>`,
    `<language>${escapeXml(config.lang)}</language>`,
    ...recent.map((p) =>
      [
        '<item>',
        `<title>${escapeXml(p.title)}</title>`,
        `<link>${escapeXml(abs(p.route))}</link>`,
        `<guid isPermaLink="true">${escapeXml(abs(p.route))}</guid>`,
        `<pubDate>${new Date(Date.parse(p.date)).toUTCString()}</pubDate>`,
        p.description ? `<description>${escapeXml(p.description)}</description>` : '',
        ...p.authors.map((a) => `<dc:creator>${escapeXml(a.name)}</dc:creator>`),
        ...p.tags.map((t) => `<category>${escapeXml(t.label)}</category>`),
        `<content:encoded>${cdata(body(p))}</content:encoded>`,
        '</item>',
      ].join(''),
    ),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');

  const atom = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${escapeXml(abs(base))}</id>`,
    `<title>${escapeXml(title)}</title>`,
    `<subtitle>${escapeXml(description)}</subtitle>`,
    `<updated>${updated}</updated>`,
    `<link rel="alternate" href="${escapeXml(abs(base))}"/>`,
    `<link rel="self" href="${escapeXml(abs(`${base}/atom.xml`))}"/>`,
    // Atom needs an author for every entry: the site stands in for posts that name none.
    `<author><name>${escapeXml(config.title)}</name></author>`,
    ...recent.map((p) =>
      [
        '<entry>',
        `<title type="html">${escapeXml(p.title)}</title>`,
        `<id>${escapeXml(abs(p.route))}</id>`,
        `<link href="${escapeXml(abs(p.route))}"/>`,
        `<updated>${new Date(Date.parse(p.date)).toISOString()}</updated>`,
        `<published>${new Date(Date.parse(p.date)).toISOString()}</published>`,
        p.description ? `<summary type="html">${escapeXml(p.description)}</summary>` : '',
        ...p.authors.map((a) => `<author><name>${escapeXml(a.name)}</name>${a.url && /^https?:/.test(a.url) ? `<uri>${escapeXml(a.url)}</uri>` : ''}</author>`),
        ...p.tags.map((t) => `<category term="${escapeXml(t.label)}" label="${escapeXml(t.label)}"/>`),
        `<content type="html">${cdata(body(p))}</content>`,
        '</entry>',
      ].join(''),
    ),
    '</feed>',
    '',
  ].join('\n');
  const dir = base.replace(/^\//, '');
  return [
    { path: `${dir ? `${dir}/` : ''}rss.xml`, contents: rss },
    { path: `${dir ? `${dir}/` : ''}atom.xml`, contents: atom },
  ];
}
