import { decodeEntities } from '../../shared/html-text.js';

// What the offline page lists: the pages the worker kept, by title. Pure; the page reads the
// caches (offline-page.ts).

export interface KeptPage {
  /** The page's URL, as kept (see pageKey). */
  url: string;
  /** Its title, without the site's name. */
  title: string;
}

/** The text of a page's <title>, or undefined without one. */
export function titleOf(html: string): string | undefined {
  const m = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  const title = m ? decodeEntities(m[1]!).replace(/\s+/g, ' ').trim() : '';
  return title || undefined;
}

/** "Intro | Site" → "Intro": every page of the list is the site's. The home page ("Site | Tagline") keeps its title. */
export function pageLabel(title: string, siteTitle: string): string {
  const suffix = ` | ${siteTitle}`;
  return siteTitle && title.endsWith(suffix) && title.length > suffix.length ? title.slice(0, -suffix.length) : title;
}

/** The list: one entry per URL (the first seen wins: caches are read newest first), in path order, so sections stay together. */
export function keptPagesList(pages: readonly KeptPage[]): KeptPage[] {
  const byUrl = new Map<string, KeptPage>();
  for (const page of pages) if (!byUrl.has(page.url)) byUrl.set(page.url, page);
  return [...byUrl.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}
