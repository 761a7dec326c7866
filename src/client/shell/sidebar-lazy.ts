// Large sidebars (components/layout/DocSidebar.tsx) leave the entries of their closed categories
// out of each page: they are in one file per sidebar (`data-sidebar-src`), fetched once, when a
// reader first opens such a category. Each category's entries are a <template data-list="<id>">.

const LAZY = 'data-sidebar-lazy';
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

function insert(list: HTMLElement, doc: Document): boolean {
  const template = doc.querySelector<HTMLTemplateElement>(`template[data-list="${CSS.escape(list.id)}"]`);
  if (!template) return false;
  list.replaceChildren(document.importNode(template.content, true));
  list.removeAttribute(LAZY);
  return true;
}

/**
 * Fills a category's list if its entries were left out. Synchronous when the sidebar's file is
 * already loaded; otherwise resolves once inserted, or rejects (the caller then follows the
 * category's link: its page lists the same entries).
 */
export function fillLazyList(list: HTMLElement): Promise<void> | undefined {
  if (!list.hasAttribute(LAZY)) return undefined;
  const src = list.closest('[data-sidebar-src]')?.getAttribute('data-sidebar-src');
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

/** Starts loading the sidebar's file ahead of a first click (on hover or focus of a caret). */
export function warmLazySidebar(caret: Element): void {
  const src = caret.closest('[data-sidebar-src]')?.getAttribute('data-sidebar-src');
  if (src && !parsed.has(src)) void fragment(src).catch(() => undefined);
}
