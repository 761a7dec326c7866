// Swapping a fetched page into the current document: the content, the title, the head's page
// metadata, the skip links, the footer and the navbar's per-page state. The shell (navbar,
// announcement bar) stays, and so do the sidebar's scroll position and open categories when the
// next page has the same one.
import { captureSidebar, restoreSidebar } from '../shell/sidebar.js';

/** Head elements that describe the page rather than the site. */
const PAGE_HEAD = 'meta[name="description"], meta[name="robots"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"]';
const NAV_LINKS = 'nav.navbar a.navbar__link, nav.navbar a.mobile-menu__link, nav.navbar a.api-select__link';
const API_MENU_BUTTON = 'nav.navbar [data-api-select] > button';

const assetsOf = (doc: Document): string =>
  [...doc.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="stylesheet"], script[type="module"][src]')]
    .map((e) => e.getAttribute('href') ?? e.getAttribute('src'))
    .join('\n');

/** Why `next` cannot be swapped in (a full page load is needed), or undefined when it can. */
export function swapBlocker(current: Document, next: Document): string | undefined {
  if (!next.querySelector('.page-wrapper') || !current.querySelector('.page-wrapper')) return 'no .page-wrapper';
  // A new deployment: its scripts and styles must be loaded for real.
  if (assetsOf(current) !== assetsOf(next)) return 'different assets';
  if (current.querySelectorAll(NAV_LINKS).length !== next.querySelectorAll(NAV_LINKS).length) return 'different navbar';
  if (!current.querySelector('[data-version-select]') !== !next.querySelector('[data-version-select]')) return 'different navbar';
  return undefined;
}

/** Replaces the page's content with `next`'s. Call only when swapBlocker() found nothing. */
export function swapPage(current: Document, next: Document): void {
  current.title = next.title;
  const html = current.documentElement;
  for (const name of ['lang', 'dir']) {
    const value = next.documentElement.getAttribute(name);
    if (value === null) html.removeAttribute(name);
    else html.setAttribute(name, value);
  }
  current.head.querySelectorAll(PAGE_HEAD).forEach((e) => e.remove());
  const stylesheet = current.head.querySelector('link[rel="stylesheet"]');
  next.head.querySelectorAll(PAGE_HEAD).forEach((e) => current.head.insertBefore(current.importNode(e, true), stylesheet));

  const wrapper = current.querySelector('.page-wrapper')!;
  const incoming = current.importNode(next.querySelector('.page-wrapper')!, true);
  const sidebar = captureSidebar(wrapper);
  wrapper.replaceWith(incoming);
  restoreSidebar(incoming, sidebar);

  // The skip links lead to what the page has (an operation's controls, the API's sidebar): the next page's.
  const skipLinks = current.querySelector('[data-skip-links]');
  const nextSkipLinks = next.querySelector('[data-skip-links]');
  if (skipLinks && nextSkipLinks) skipLinks.replaceWith(current.importNode(nextSkipLinks, true));

  const footer = current.querySelector('body > footer');
  const nextFooter = next.querySelector('body > footer');
  if (nextFooter) {
    const node = current.importNode(nextFooter, true);
    if (footer) footer.replaceWith(node);
    else incoming.after(node);
  } else footer?.remove();

  const links = [...current.querySelectorAll<HTMLAnchorElement>(NAV_LINKS)];
  const nextLinks = [...next.querySelectorAll<HTMLAnchorElement>(NAV_LINKS)];
  links.forEach((a, i) => {
    const b = nextLinks[i]!;
    a.className = b.className;
    a.setAttribute('href', b.getAttribute('href') ?? '');
    const currentPage = b.getAttribute('aria-current');
    if (currentPage) a.setAttribute('aria-current', currentPage);
    else a.removeAttribute('aria-current');
  });
  // The API menu's button is marked like a link when the page is one of the APIs'.
  const apiButton = current.querySelector(API_MENU_BUTTON);
  const nextApiButton = next.querySelector(API_MENU_BUTTON);
  if (apiButton && nextApiButton) apiButton.className = nextApiButton.className;
  const versions = current.querySelector('[data-version-select]');
  const nextVersions = next.querySelector('[data-version-select]');
  if (versions && nextVersions) versions.replaceWith(current.importNode(nextVersions, true));
}

/** The element a URL's fragment points at. */
export function fragmentTarget(doc: Document, hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep it as written
  }
  return doc.getElementById(id) ?? doc.querySelector<HTMLElement>(`a[name="${CSS.escape(id)}"]`);
}
