import { debounce } from '../lib/debounce.js';
import { BEFORE_SWAP_EVENT, emit, PAGE_LOAD_EVENT } from '../shell/events.js';
import { linkAction, pageKey } from './eligibility.js';
import { createPageLoader } from './prefetch.js';
import { createProgressBar } from './progress-bar.js';
import { fragmentTarget, swapBlocker, swapPage } from './swap.js';

export interface RouterOptions {
  /** The site's base path ("/"). */
  base: string;
  /** Before the old page goes: close menus, abort its listeners. */
  beforeSwap(): void;
  /** After the new page is in: wire it (islands, sidebar, table of contents). */
  afterSwap(): void;
}

export interface Router {
  /** Goes to a page of the site, client-side when possible. */
  navigate(href: string): void;
}

interface EntryState {
  shipdocs?: { scrollY: number };
}

/**
 * Client-side navigation: internal link clicks fetch the next page and swap its content in, with
 * history entries, scroll restoration and focus on the new content. Anything unexpected (a failed
 * fetch, a page from another deployment) falls back to a full page load.
 */
export function initRouter(doc: Document, { base, beforeSwap, afterSwap }: RouterOptions): Router {
  const progress = createProgressBar(doc.querySelector<HTMLElement>('[data-progress-bar]'));
  const keyOf = (a: HTMLAnchorElement): string | undefined => {
    const facts = {
      href: a.href,
      current: location.href,
      base,
      target: a.getAttribute('target'),
      download: a.hasAttribute('download'),
      optOut: a.relList.contains('external') || a.hasAttribute('data-no-client-nav'),
    };
    if (linkAction(facts) !== 'navigate') return undefined;
    const key = pageKey(a.href, location.href);
    return key === currentKey ? undefined : key;
  };
  const loader = createPageLoader({ keyOf });
  let currentKey = pageKey(location.href, location.href);
  let navigation = 0;
  let controller: AbortController | undefined;
  let announcer: HTMLElement | undefined;

  history.scrollRestoration = 'manual';
  // Full loads (reload, leaving the site) restore scroll the browser's way.
  addEventListener('pagehide', () => (history.scrollRestoration = 'auto'));
  addEventListener('pageshow', () => (history.scrollRestoration = 'manual'));
  const saveScroll = (): void => {
    history.replaceState({ ...(history.state as EntryState | null), shipdocs: { scrollY } }, '');
  };
  const saveScrollSoon = debounce(saveScroll, 150);
  addEventListener('scroll', () => saveScrollSoon(), { passive: true });
  // Back to an entry of this site after a full load (e.g. from another site): its scroll position.
  const navEntry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const initial = (history.state as EntryState | null)?.shipdocs;
  if (navEntry?.type === 'back_forward' && initial) scrollTo(0, initial.scrollY);

  const fullLoad = (url: string, replace: boolean): void => {
    if (replace) location.replace(url);
    else location.assign(url);
  };

  const announce = (text: string): void => {
    if (!announcer) {
      announcer = doc.createElement('div');
      announcer.className = 'sr-only';
      announcer.setAttribute('aria-live', 'assertive');
      announcer.setAttribute('aria-atomic', 'true');
      announcer.dataset.routeAnnouncer = '';
      doc.body.append(announcer);
    }
    announcer.textContent = text;
  };

  const scrollAfter = (url: URL, restoreY: number | undefined): void => {
    if (restoreY !== undefined) return scrollTo(0, restoreY);
    const target = fragmentTarget(doc, url.hash);
    if (target) target.scrollIntoView();
    else scrollTo(0, 0);
  };

  async function go(href: string, mode: 'push' | 'pop', restoreY?: number): Promise<void> {
    const id = ++navigation;
    controller?.abort();
    const abort = (controller = new AbortController());
    const url = new URL(href, location.href);
    const key = pageKey(url.href, location.href);
    progress.start();
    let page: { html: string; url: string };
    try {
      page = await loader.load(key, abort.signal);
    } catch {
      if (id !== navigation) return;
      progress.done();
      return fullLoad(url.href, mode === 'pop');
    }
    if (id !== navigation) return;
    const next = new DOMParser().parseFromString(page.html, 'text/html');
    if (swapBlocker(doc, next)) {
      progress.done();
      return fullLoad(url.href, mode === 'pop');
    }
    const finalUrl = new URL(page.url);
    finalUrl.hash = url.hash;
    if (mode === 'push') {
      saveScrollSoon.cancel();
      saveScroll();
      history.pushState({ shipdocs: { scrollY: 0 } } satisfies EntryState, '', finalUrl.href);
    }
    currentKey = pageKey(finalUrl.href, finalUrl.href);
    emit(doc, BEFORE_SWAP_EVENT, { url: finalUrl.href });
    beforeSwap();
    swapPage(doc, next);
    afterSwap();
    scrollAfter(finalUrl, restoreY);
    // Screen readers: the new content has focus and the new title is announced.
    doc.getElementById('main-content')?.focus({ preventScroll: true });
    announce(doc.title);
    progress.done();
    emit(doc, PAGE_LOAD_EVENT, { url: finalUrl.href });
    loader.observe(doc.querySelector('.page-wrapper') ?? doc);
  }

  doc.addEventListener('click', (e) => {
    const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(a instanceof HTMLAnchorElement)) return;
    const action = linkAction(
      {
        href: a.href,
        current: location.href,
        base,
        target: a.getAttribute('target'),
        download: a.hasAttribute('download'),
        optOut: a.relList.contains('external') || a.hasAttribute('data-no-client-nav'),
      },
      e,
    );
    if (action === 'navigate') {
      e.preventDefault();
      void go(a.href, 'push');
    }
    // 'hash': the browser scrolls and adds the history entry itself.
  });

  addEventListener('popstate', (e) => {
    const state = (e.state as EntryState | null)?.shipdocs;
    const key = pageKey(location.href, location.href);
    if (key === currentKey) {
      // Same page, another fragment.
      scrollAfter(new URL(location.href), state?.scrollY);
      return;
    }
    void go(location.href, 'pop', state?.scrollY);
  });

  loader.listen(doc);
  loader.observe(doc);
  return {
    navigate(href) {
      const action = linkAction({ href, current: location.href, base });
      if (action === 'navigate') void go(href, 'push');
      else if (action === 'hash') location.hash = new URL(href, location.href).hash;
      else location.assign(href);
    },
  };
}
