import { escapeXml, validXml } from '../../shared/html-escape.js';

// RSS 2.0 and Atom documents from a channel and its entries: the blog's feeds and each API's
// change feeds are written here. Well-formed whatever the content holds: characters XML 1.0
// forbids are dropped, `]]>` is split across CDATA sections, text and attributes are escaped.

export interface FeedChannel {
  title: string;
  description: string;
  /** Absolute URL of the page the feed follows. */
  link: string;
  rssUrl: string;
  atomUrl: string;
  lang: string;
  /** ISO time of the newest entry. */
  updated: string;
  /** Atom needs an author for every entry: this one stands in for entries that name none. */
  author: string;
}

export interface FeedEntry {
  title: string;
  /** Absolute URL, also its id. */
  url: string;
  /** Milliseconds since the epoch. */
  time: number;
  summary: string | undefined;
  /** Its content as HTML with absolute links. */
  html: string;
  authors: readonly { name: string; url?: string | undefined }[];
  categories: readonly string[];
}

export const cdata = (s: string): string => `<![CDATA[${validXml(s).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

export function rssFeed(c: FeedChannel, entries: readonly FeedEntry[]): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    `<title>${escapeXml(c.title)}</title>`,
    `<link>${escapeXml(c.link)}</link>`,
    `<description>${escapeXml(c.description)}</description>`,
    `<atom:link href="${escapeXml(c.rssUrl)}" rel="self" type="application/rss+xml"/>`,
    `<lastBuildDate>${new Date(Date.parse(c.updated)).toUTCString()}</lastBuildDate>`,
    `<language>${escapeXml(c.lang)}</language>`,
    ...entries.map((e) =>
      [
        '<item>',
        `<title>${escapeXml(e.title)}</title>`,
        `<link>${escapeXml(e.url)}</link>`,
        `<guid isPermaLink="true">${escapeXml(e.url)}</guid>`,
        `<pubDate>${new Date(e.time).toUTCString()}</pubDate>`,
        e.summary ? `<description>${escapeXml(e.summary)}</description>` : '',
        ...e.authors.map((a) => `<dc:creator>${escapeXml(a.name)}</dc:creator>`),
        ...e.categories.map((t) => `<category>${escapeXml(t)}</category>`),
        `<content:encoded>${cdata(e.html)}</content:encoded>`,
        '</item>',
      ].join(''),
    ),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export function atomFeed(c: FeedChannel, entries: readonly FeedEntry[]): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${escapeXml(c.link)}</id>`,
    `<title>${escapeXml(c.title)}</title>`,
    `<subtitle>${escapeXml(c.description)}</subtitle>`,
    `<updated>${c.updated}</updated>`,
    `<link rel="alternate" href="${escapeXml(c.link)}"/>`,
    `<link rel="self" href="${escapeXml(c.atomUrl)}"/>`,
    `<author><name>${escapeXml(c.author)}</name></author>`,
    ...entries.map((e) =>
      [
        '<entry>',
        `<title type="html">${escapeXml(e.title)}</title>`,
        `<id>${escapeXml(e.url)}</id>`,
        `<link href="${escapeXml(e.url)}"/>`,
        `<updated>${new Date(e.time).toISOString()}</updated>`,
        `<published>${new Date(e.time).toISOString()}</published>`,
        e.summary ? `<summary type="html">${escapeXml(e.summary)}</summary>` : '',
        ...e.authors.map((a) => `<author><name>${escapeXml(a.name)}</name>${a.url && /^https?:/.test(a.url) ? `<uri>${escapeXml(a.url)}</uri>` : ''}</author>`),
        ...e.categories.map((t) => `<category term="${escapeXml(t)}" label="${escapeXml(t)}"/>`),
        `<content type="html">${cdata(e.html)}</content>`,
        '</entry>',
      ].join(''),
    ),
    '</feed>',
    '',
  ].join('\n');
}
