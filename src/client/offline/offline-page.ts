// The offline page's list (a lazy chunk, precached with the shell): the pages the worker kept,
// read from this site's caches, newest version first.
import { parseCacheName } from './cache-policy.js';
import { keptPagesList, pageLabel, titleOf, type KeptPage } from './kept-pages.js';

/** Fills the offline page's list of kept pages, and wires its 'Try again'. */
export async function showKeptPages(doc: Document, base: string): Promise<void> {
  const list = doc.querySelector<HTMLElement>('[data-offline-pages]');
  if (!list) return;
  doc.querySelector('[data-offline-retry]')?.addEventListener('click', () => location.reload());
  const siteTitle = doc.querySelector('meta[property="og:site_name"]')?.getAttribute('content') ?? '';
  const pages = keptPagesList(await keptPages(base, siteTitle));
  list.replaceChildren(
    ...pages.map((page) => {
      const item = doc.createElement('li');
      const link = item.appendChild(doc.createElement('a'));
      link.href = new URL(page.url).pathname;
      link.textContent = page.title;
      return item;
    }),
  );
  list.hidden = pages.length === 0;
  const none = doc.querySelector<HTMLElement>('[data-offline-none]');
  if (none) none.hidden = pages.length > 0;
}

async function keptPages(base: string, siteTitle: string): Promise<KeptPage[]> {
  if (!('caches' in window)) return [];
  const names = (await caches.keys()).filter((name) => parseCacheName(name, base)?.kind === 'pages').reverse();
  const pages: KeptPage[] = [];
  for (const name of names) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const html = (await (await cache.match(request))?.text()) ?? '';
      pages.push({ url: request.url, title: pageLabel(titleOf(html) ?? new URL(request.url).pathname, siteTitle) });
    }
  }
  return pages;
}
