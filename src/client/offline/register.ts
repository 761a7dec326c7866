// In the entry: registers the service worker when the site has `offline` on (its pages then hold
// the update notice's live region), and offers a reload once a new build's worker is waiting.
// Small on purpose: every page loads it.
import { offlinePage } from 'shipdocs:chunks';
import { importLazy } from '../lazy-import.js';
import { PAGE_LOAD_EVENT } from '../shell/events.js';

/** Files loaded by `fetch` and the like may be anyone's API: the worker is not asked to keep them. */
const NOT_FILES = /^(fetch|xmlhttprequest|beacon|other)$/;
/** Client navigations and returns to the tab check for a new build at most this often. */
const UPDATE_CHECK_MS = 60_000;

export function initOffline(doc: Document, base: string): void {
  // The offline page (the worker's answer for a page it did not keep) lists those it did.
  if (doc.querySelector('[data-offline-pages]'))
    void importLazy(offlinePage).then(
      (m) => m.showKeptPages(doc, base),
      () => undefined,
    );
  const region = doc.querySelector<HTMLElement>('[data-sw-update]');
  if (!region || !('serviceWorker' in navigator)) return;
  const start = (): void => void register(doc, region, base).catch(() => undefined);
  // After the page has loaded: installing fetches the shell, which must not compete with the page.
  if (doc.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

async function register(doc: Document, region: HTMLElement, base: string): Promise<void> {
  const sw = navigator.serviceWorker;
  const firstVisit = !sw.controller;
  const reg = await sw.register(`${base}sw.js`, { scope: base });
  let asked = false;
  const offer = (): void => {
    const template = doc.querySelector<HTMLTemplateElement>('template[data-sw-update-template]');
    if (!reg.waiting || !sw.controller || !template || region.childElementCount) return;
    region.append(template.content.cloneNode(true));
    region.querySelector('[data-sw-reload]')?.addEventListener('click', () => {
      asked = true;
      // Another tab may have let the new worker in already: then a reload is all that is left.
      if (reg.waiting) reg.waiting.postMessage({ type: 'skip-waiting' });
      else location.reload();
    });
    region.querySelector('[data-sw-dismiss]')?.addEventListener('click', () => {
      region.replaceChildren();
      doc.getElementById('main-content')?.focus();
    });
  };
  offer();
  reg.addEventListener('updatefound', () => {
    const next = reg.installing;
    next?.addEventListener('statechange', () => next.state === 'installed' && offer());
  });
  sw.addEventListener('controllerchange', () => asked && location.reload());
  // The browser looks for a new worker after each page load; a reader who navigates client-side,
  // or comes back to the tab, gets a check too.
  let checked = Date.now();
  const check = (): void => {
    if (Date.now() - checked < UPDATE_CHECK_MS) return;
    checked = Date.now();
    reg.update().catch(() => undefined);
  };
  doc.addEventListener(PAGE_LOAD_EVENT, check);
  doc.addEventListener('visibilitychange', () => doc.visibilityState === 'visible' && check());
  if (firstVisit) {
    // This page and its files loaded before the worker ran: it is asked to keep them now.
    const files = performance
      .getEntriesByType('resource')
      .filter((e) => !NOT_FILES.test((e as PerformanceResourceTiming).initiatorType))
      .map((e) => e.name);
    (await sw.ready).active?.postMessage({ type: 'keep', page: location.href, files });
  }
}
