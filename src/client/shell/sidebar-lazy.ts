// Large sidebars (components/layout/DocSidebar.tsx, components/api/layout/ApiSidebar.tsx) leave
// the entries of their closed categories out of each page: they are in shared files, fetched once,
// when a reader first opens such a category. Each category's entries are a <template data-list="<id>">
// of the sidebar's file (`data-sidebar-src`), or of the file its list names (`data-sidebar-lazy`).
// An API with many tags also leaves the other tags' rows out (`data-sidebar-tags`), and a tag too
// large for a page keeps only the page's own operation in it: both are loaded when the sidebar is shown.

const LAZY = 'data-sidebar-lazy';
const TAGS = 'data-sidebar-tags';
/** The template of the tag rows in a `data-sidebar-tags` file (api-sidebar-files.ts). */
const TAG_ROWS = 'api-sidebar-tags';
/** Parsed fragment files, by URL: once one is here, opening a category is synchronous. */
const parsed = new Map<string, Document>();
const loading = new Map<string, Promise<Document>>();

function fragment(src: string): Promise<Document> {
  let pending = loading.get(src);
  if (!pending) {
    pending = fetch(src, { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${r.status} ${src}`))))
      .then((text) => {
        const doc = new DOMParser().parseFromString(text, 'text/html');
        parsed.set(src, doc);
        return doc;
      });
    // A failed load is tried again next time.
    pending.catch(() => loading.delete(src));
    loading.set(src, pending);
  }
  return pending;
}

/** The file that holds what an element leaves out: its own, else its sidebar's. */
const fileOf = (el: Element): string | undefined =>
  el.getAttribute(TAGS) || el.getAttribute(LAZY) || el.closest('[data-sidebar-src]')?.getAttribute('data-sidebar-src') || undefined;

const template = (doc: Document, list: string): HTMLTemplateElement | null => doc.querySelector(`template[data-list="${CSS.escape(list)}"]`);

function insert(list: HTMLElement, doc: Document): boolean {
  const entries = template(doc, list.id);
  if (!entries) return false;
  // The page's own entry, in the page before the rest was loaded, stays marked (and focused).
  const own = list.querySelector('[aria-current="page"]');
  const focused = own !== null && own === document.activeElement;
  list.replaceChildren(document.importNode(entries.content, true));
  list.removeAttribute(LAZY);
  const href = own?.getAttribute('href');
  const mark = href ? list.querySelector<HTMLElement>(`a[href="${CSS.escape(href)}"]`) : null;
  if (mark) {
    mark.classList.add('menu__link--active');
    mark.setAttribute('aria-current', 'page');
    if (focused) mark.focus({ preventScroll: true });
  }
  return true;
}

/** The list element of a tag's row: its `<li>`'s child with an id. */
const listIdIn = (row: Element | null): string | undefined => row?.querySelector(':scope > [id]')?.id;

/**
 * Puts the tag rows of a sidebar that keeps them in a file around the page's own tag (which stays
 * as it is, focus and all), in place of the link that stood for them.
 */
function insertTags(list: HTMLElement, doc: Document): void {
  const rows = template(doc, TAG_ROWS);
  if (!rows) return;
  const items = [...document.importNode(rows.content, true).children];
  const own = list.querySelector(':scope > .menu__category');
  const at = own ? items.findIndex((row) => listIdIn(row) === listIdIn(own)) : -1;
  const stand = list.querySelector(':scope > li:not(.menu__category)');
  const hadFocus = stand?.contains(document.activeElement) === true;
  if (own && at >= 0) {
    own.before(...items.slice(0, at));
    own.after(...items.slice(at + 1));
    items.splice(at, 1);
  } else list.prepend(...items);
  stand?.remove();
  list.removeAttribute(TAGS);
  if (hadFocus) items[at >= 0 ? at : 0]?.querySelector<HTMLElement>('a[href]')?.focus();
}

const isOpen = (list: Element): boolean => !list.closest('.menu__category')?.classList.contains('menu__category--closed');

/** What the sidebar shows but its page left out: the tag rows, and lists of open categories. */
const pending = (sidebar: Element): HTMLElement[] => [
  ...sidebar.querySelectorAll<HTMLElement>(`[${TAGS}]`),
  ...[...sidebar.querySelectorAll<HTMLElement>(`[${LAZY}]`)].filter(isOpen),
];

function fill(el: HTMLElement, doc: Document): void {
  if (el.hasAttribute(TAGS)) insertTags(el, doc);
  else if (el.hasAttribute(LAZY)) insert(el, doc);
}

/**
 * Fills what a sidebar shows but its page left out from the files already loaded (synchronously):
 * a page swapped in then has the same rows as the one before when it takes over its state.
 */
export function fillLoadedSidebar(sidebar: Element): void {
  for (const el of pending(sidebar)) {
    const doc = parsed.get(fileOf(el) ?? '');
    if (doc) fill(el, doc);
  }
}

/**
 * Loads what a sidebar shows but its page left out once the sidebar is shown: at once on a wide
 * screen, when the mobile drawer opens on a narrow one. `filled` runs after, if anything was put in.
 * When a file cannot be loaded, the page keeps its links to the overview.
 */
export function watchLazySidebar(sidebar: HTMLElement, signal: AbortSignal, filled: () => void): void {
  if (!pending(sidebar).length) return;
  const observer = new ResizeObserver(() => {
    if (!sidebar.offsetHeight) return;
    observer.disconnect();
    const loads = pending(sidebar).map(async (el) => fill(el, await fragment(fileOf(el)!)));
    void Promise.allSettled(loads).then(() => {
      if (signal.aborted) return;
      filled();
      // In the mobile drawer the page scrolls, not the sidebar.
      if (sidebar.closest('[data-mobile-menu]')) sidebar.querySelector('.menu__link--active')?.scrollIntoView({ block: 'nearest' });
    });
  });
  observer.observe(sidebar);
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}

/**
 * Fills a category's list if its entries were left out. Synchronous when the sidebar's file is
 * already loaded; otherwise resolves once inserted, or rejects (the caller then follows the
 * category's link: its page lists the same entries).
 */
export function fillLazyList(list: HTMLElement): Promise<void> | undefined {
  // The page's own tag (its entry in the page), loaded when the sidebar is shown (watchLazySidebar).
  if (!list.hasAttribute(LAZY) || list.querySelector('[aria-current="page"]')) return undefined;
  const src = fileOf(list);
  if (!src) return undefined;
  const ready = parsed.get(src);
  if (ready) {
    insert(list, ready);
    return undefined;
  }
  list.setAttribute('aria-busy', 'true');
  return fragment(src)
    .then((doc) => {
      if (list.hasAttribute(LAZY) && !insert(list, doc)) throw new Error(`no entries for ${list.id} in ${src}`);
    })
    .finally(() => list.removeAttribute('aria-busy'));
}

/** Starts loading a category's file ahead of a first click (on hover or focus of its caret). */
export function warmLazySidebar(caret: Element): void {
  const list = caret.ownerDocument.getElementById(caret.getAttribute('aria-controls') ?? '');
  const src = list?.hasAttribute(LAZY) ? fileOf(list) : undefined;
  if (src && !parsed.has(src)) void fragment(src).catch(() => undefined);
}
