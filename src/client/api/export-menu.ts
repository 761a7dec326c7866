// Part of the entry: the export menu's downloads and "Copy as Markdown". A download is a plain link
// (it works without JavaScript); with it, the file is fetched first, so that a failure is said in
// the menu in the spec's words (which the server rendered, CSS showing the one named by
// `data-kind`) instead of the browser's failed-download entry.

type Kind = 'errorFor' | 'postmanError' | 'error';

function showError(menu: Element, kind: Kind, reason: string): void {
  const box = menu.querySelector<HTMLElement>('.api-export-menu__error');
  if (!box) return;
  box.dataset.kind = kind;
  box.querySelector('.api-export-menu__reason')!.textContent = reason;
  box.hidden = false;
}

async function fetchText(url: string): Promise<Blob> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  return response.blob();
}

const MENU = 'details.api-export-menu[open]';

/** One listener for the document: menus come and go with client navigation. */
export function initExportMenus(doc: Document): void {
  // An open menu closes on Escape (focus back on its button), on a click outside it and when focus
  // leaves it, as the navbar's menus do.
  doc.addEventListener('keydown', (event) => {
    const menu = event.key === 'Escape' ? (doc.activeElement?.closest<HTMLDetailsElement>(MENU) ?? null) : null;
    if (!menu) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
  doc.addEventListener('pointerdown', (event) => {
    for (const menu of doc.querySelectorAll<HTMLDetailsElement>(MENU)) if (!menu.contains(event.target as Node)) menu.open = false;
  });
  doc.addEventListener('focusout', (event) => {
    const menu = (event.target as Element).closest?.<HTMLDetailsElement>(MENU);
    if (menu && event.relatedTarget && !menu.contains(event.relatedTarget as Node)) menu.open = false;
  });
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLAnchorElement>('a[data-export]');
    const copy = target?.closest<HTMLButtonElement>('[data-copy-markdown]');
    const menu = (link ?? copy)?.closest('[data-export-subject]');
    if (!menu || event.defaultPrevented || (event as MouseEvent).button > 0) return;
    menu.querySelector<HTMLElement>('.api-export-menu__error')?.setAttribute('hidden', '');
    if (link) {
      event.preventDefault();
      fetchText(link.href).then(
        (blob) => {
          const url = URL.createObjectURL(blob);
          const a = Object.assign(doc.createElement('a'), { href: url, download: link.getAttribute('download') ?? '' });
          a.click();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
        },
        (error: unknown) =>
          showError(menu, (link.dataset.exportFailure as Kind | undefined) ?? 'error', error instanceof Error ? error.message : String(error)),
      );
    } else if (copy) {
      fetchText(copy.dataset.copyMarkdown!)
        .then((blob) => blob.text())
        .then((text) => navigator.clipboard.writeText(text))
        .then(
          () => {
            copy.dataset.done = '';
            setTimeout(() => delete copy.dataset.done, 2000);
          },
          (error: unknown) => showError(menu, 'errorFor', error instanceof Error ? error.message : String(error)),
        );
    }
  });
}
