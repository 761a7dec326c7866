import type { SiteConfig } from '../../config/schema.js';
import { HISTORY_KIND_TEXT, HISTORY_KINDS, historyFeeds, type ApiRelease, type HistoryChange } from '../../shared/api-history.js';
import type { SiteApi } from '../../shared/api-model.js';
import type { OutputFile } from '../../shared/model.js';
import { escapeAttribute, escapeText } from '../../shared/html-escape.js';
import { atomFeed, rssFeed, type FeedChannel, type FeedEntry } from '../feeds/xml-feeds.js';

// RSS 2.0 and Atom feeds of an API's changes, beside its changelog page (`/api/changelog/rss.xml`,
// `atom.xml`), written as the blog's are (render/feeds/xml-feeds.ts): one entry per dated release
// that has one before it, its changes as HTML with absolute links. A release without a date (a
// current one the config dates not) is on the page but not in the feeds, which need one.

export function apiChangeFeeds(api: SiteApi, config: SiteConfig, urlOf: (route: string) => string): OutputFile[] {
  const history = api.model.history;
  if (!history) return [];
  const origin = config.url.replace(/\/$/, '');
  const abs = (route: string): string => origin + urlOf(route);
  const releases = history.releases.filter((r) => r.date !== undefined && r.previous !== undefined);
  const title = `${config.title}: ${api.label} changelog`;
  const description = `What changed in each release of the ${api.label}.`;
  const page = abs(history.href);
  const entryUrl = (r: ApiRelease): string => `${page}#${r.anchor}`;
  const entryTitle = (r: ApiRelease): string => `${api.label} ${r.version}`;
  const time = (r: ApiRelease): number => Date.parse(`${r.date}T00:00:00Z`);
  const updated = new Date(releases.length ? time(releases[0]!) : 0).toISOString();
  const feeds = historyFeeds(history);

  const channel: FeedChannel = {
    title,
    description,
    link: page,
    rssUrl: abs(feeds.rss),
    atomUrl: abs(feeds.atom),
    lang: config.lang,
    updated,
    author: config.title,
  };
  const entries: FeedEntry[] = releases.map((r) => ({
    title: entryTitle(r),
    url: entryUrl(r),
    time: time(r),
    summary: summary(r),
    html: releaseHtml(r, abs),
    authors: [],
    categories: [],
  }));
  return [
    { path: feeds.rss.replace(/^\//, ''), contents: rssFeed(channel, entries) },
    { path: feeds.atom.replace(/^\//, ''), contents: atomFeed(channel, entries) },
  ];
}

/** "1 breaking, 10 non-breaking changes since 1.3". */
function summary(r: ApiRelease): string {
  const counts = HISTORY_KINDS.filter((k) => r.counts[k]).map((k) => `${r.counts[k]} ${HISTORY_KIND_TEXT[k].toLowerCase()}`);
  return `${counts.length ? counts.join(', ') : 'No'} change${Object.values(r.counts).reduce((a, b) => a + b, 0) === 1 ? '' : 's'} since ${r.previous}.`;
}

/** A release's changes as HTML: a heading per tag, then per operation (linked when it has a page), each change with its kind. */
function releaseHtml(r: ApiRelease, abs: (route: string) => string): string {
  const list = (changes: readonly HistoryChange[]): string =>
    `<ul>${changes.map((c) => `<li><strong>${HISTORY_KIND_TEXT[c.kind]}</strong>: ${codeSpans(escapeText(c.message))}</li>`).join('')}</ul>`;
  const parts = [`<p>${escapeText(summary(r))}</p>`];
  for (const tag of r.tags) {
    parts.push(`<h2>${escapeText(tag.name ?? 'Other operations')}</h2>`);
    for (const op of tag.operations) {
      const name = escapeText(op.title) + (op.status === 'changed' ? '' : ` (${op.status})`);
      parts.push(`<h3>${op.href ? `<a href="${escapeAttribute(abs(op.href))}">${name}</a>` : name}</h3>`, list(op.changes));
    }
  }
  if (r.general.length) parts.push('<h2>Whole API</h2>', list(r.general));
  return parts.join('\n');
}

/** The sentences' `code` spans as <code>, as the changelog page shows them. */
const codeSpans = (html: string): string => html.replace(/`([^`]+)`/g, '<code>$1</code>');
