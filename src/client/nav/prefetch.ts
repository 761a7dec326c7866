import { canPrefetch, type ConnectionInfo } from './prefetch-policy.js';
import { createLru } from './page-cache.js';

/** Prefetches wait this long on a hovered link (a pointer passing over does not count). */
const HOVER_DELAY_MS = 65;
const MAX_CONCURRENT = 2;

export interface PageLoader {
  /** The page's HTML: from the prefetch cache, else fetched now. Rejects on HTTP or network errors. */
  load(key: string, signal?: AbortSignal): Promise<{ html: string; url: string }>;
  /** Warms the cache for a page (no-op on 2g, Save-Data and offline). */
  prefetch(key: string): void;
  /** Prefetches the page links in `root` when they scroll into view. */
  observe(root: ParentNode): void;
  /** Prefetch on hover and keyboard focus. */
  listen(doc: Document): void;
}

interface Page {
  html: string;
  url: string;
}

async function fetchPage(key: string, signal?: AbortSignal, low = false): Promise<Page> {
  const res = await fetch(key, { signal, credentials: 'same-origin', headers: { accept: 'text/html' }, ...(low ? { priority: 'low' } : {}) } as RequestInit);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  if (!(res.headers.get('content-type') ?? '').includes('text/html')) throw new Error('not an HTML page');
  return { html: await res.text(), url: res.url || key };
}

export function createPageLoader(options: { keyOf: (a: HTMLAnchorElement) => string | undefined }): PageLoader {
  const cache = createLru<Promise<Page>>(40);
  const queue: string[] = [];
  let active = 0;
  const connection = (): ConnectionInfo | undefined => (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  const allowed = (): boolean => canPrefetch(connection(), navigator.onLine);

  const pump = (): void => {
    // Gone offline (or to 2g) since these were queued: drop them.
    if (!allowed()) queue.length = 0;
    while (active < MAX_CONCURRENT && queue.length) {
      const key = queue.shift()!;
      if (cache.get(key)) continue;
      active++;
      const p = fetchPage(key, undefined, true);
      cache.set(key, p);
      // A failed prefetch is forgotten: the click will fetch again (and fall back to a full load).
      p.catch(() => cache.delete(key)).finally(() => {
        active--;
        pump();
      });
    }
  };
  const prefetch = (key: string): void => {
    if (!allowed() || cache.get(key) || queue.includes(key)) return;
    queue.push(key);
    pump();
  };

  let observer: IntersectionObserver | undefined;
  const idle = (fn: () => void): void => {
    if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout: 2000 });
    else setTimeout(fn, 300);
  };

  return {
    async load(key, signal) {
      const cached = cache.get(key);
      if (cached) {
        try {
          return await cached;
        } catch {
          // fall through to a fresh fetch
        }
      }
      const p = fetchPage(key, signal);
      cache.set(key, p);
      p.catch(() => cache.delete(key));
      return p;
    },
    prefetch,
    observe(root) {
      // Offline links are still observed: by the time they scroll into view the reader may be back.
      if (!('IntersectionObserver' in window) || !canPrefetch(connection())) return;
      observer ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer!.unobserve(entry.target);
            const key = options.keyOf(entry.target as HTMLAnchorElement);
            if (key) idle(() => prefetch(key));
          }
        },
        { rootMargin: '0px' },
      );
      root.querySelectorAll<HTMLAnchorElement>('a[href]').forEach((a) => {
        if (options.keyOf(a)) observer!.observe(a);
      });
    },
    listen(doc) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const linkOf = (e: Event): HTMLAnchorElement | null => (e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href]') : null);
      doc.addEventListener(
        'pointerover',
        (e) => {
          const a = linkOf(e);
          const key = a && options.keyOf(a);
          clearTimeout(timer);
          if (key) timer = setTimeout(() => prefetch(key), HOVER_DELAY_MS);
        },
        { passive: true },
      );
      doc.addEventListener('pointerout', () => clearTimeout(timer), { passive: true });
      doc.addEventListener('focusin', (e) => {
        const a = linkOf(e);
        const key = a && options.keyOf(a);
        if (key) prefetch(key);
      });
      // A touch starts before the click: enough time to get a head start.
      doc.addEventListener(
        'touchstart',
        (e) => {
          const a = linkOf(e);
          const key = a && options.keyOf(a);
          if (key) prefetch(key);
        },
        { passive: true },
      );
    },
  };
}
