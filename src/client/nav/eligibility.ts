/** What a click on a link should do: leave it to the browser, scroll on this page, or swap pages. */
export type LinkAction = 'browser' | 'hash' | 'navigate';

export interface LinkFacts {
  /** The link's resolved URL. */
  href: string;
  /** The page's current URL. */
  current: string;
  /** The site's base path ("/" or "/docs-site/"). */
  base: string;
  target?: string | null | undefined;
  download?: boolean;
  /** rel contains "external", or the link opted out with data-no-client-nav. */
  optOut?: boolean;
}

export interface ClickFacts {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/** A path the site serves as an HTML page: no extension, or ".html". */
export function isPagePath(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot < 0 || last.slice(dot).toLowerCase() === '.html';
}

/** Whether a URL is one of the site's own pages, fetchable and swappable in place. */
export function isInternalPage(href: string, current: string, base: string): boolean {
  let url: URL;
  let here: URL;
  try {
    url = new URL(href, current);
    here = new URL(current);
  } catch {
    return false;
  }
  if (url.origin !== here.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  const root = base.endsWith('/') ? base : `${base}/`;
  if (url.pathname !== root.slice(0, -1) && !url.pathname.startsWith(root)) return false;
  return isPagePath(url.pathname);
}

/** Same document: only the fragment differs (or nothing does, with a fragment). */
export function isSamePage(href: string, current: string): boolean {
  const a = new URL(href, current);
  const b = new URL(current);
  return a.pathname === b.pathname && a.search === b.search;
}

/** Decides what a link click does. Modified clicks, new tabs and downloads stay with the browser. */
export function linkAction(link: LinkFacts, click?: ClickFacts): LinkAction {
  if (click && (click.defaultPrevented || click.button !== 0 || click.ctrlKey || click.metaKey || click.shiftKey || click.altKey)) return 'browser';
  if (link.download || link.optOut) return 'browser';
  if (link.target && link.target !== '_self') return 'browser';
  if (!isInternalPage(link.href, link.current, link.base)) return 'browser';
  if (isSamePage(link.href, link.current)) return new URL(link.href, link.current).hash ? 'hash' : 'navigate';
  return 'navigate';
}

/** The key pages are cached under: URL without the fragment. */
export function pageKey(href: string, current: string): string {
  const url = new URL(href, current);
  url.hash = '';
  return url.href;
}
