import { VERSION_STORAGE_KEY } from './storage-keys.js';
import { storage } from './storage.js';

/**
 * The docs version dropdown (a <details>): the reader's version is remembered, and pages outside
 * the docs offer it first. Closes on Escape (focus back on its button), on an outside click and
 * when focus leaves it.
 */
export function initVersions(doc: Document, signal: AbortSignal): void {
  const select = doc.querySelector<HTMLDetailsElement>('[data-version-select]');
  if (!select) return;
  const options = [...select.querySelectorAll<HTMLAnchorElement>('[data-version]')];
  options.forEach((a) => a.addEventListener('click', () => storage.set(VERSION_STORAGE_KEY, a.dataset.version!), { signal }));
  doc.addEventListener(
    'pointerdown',
    (e) => {
      if (select.open && !select.contains(e.target as Node)) select.open = false;
    },
    { signal },
  );
  // Tabbing out of the open menu closes it, as the language menu does.
  select.addEventListener(
    'focusout',
    (e) => {
      if (select.open && e.relatedTarget && !select.contains(e.relatedTarget as Node)) select.open = false;
    },
    { signal },
  );
  doc.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Escape' && select.open) {
        select.open = false;
        select.querySelector('summary')?.focus();
      }
    },
    { signal },
  );

  const onDocsPage = !!doc.querySelector('[data-doc-sidebar]');
  const saved = storage.get(VERSION_STORAGE_KEY);
  const chosen = options.find((a) => a.dataset.version === saved);
  if (onDocsPage || !chosen) return;
  const current = select.querySelector('[data-version-current]');
  if (current) current.textContent = chosen.textContent;
  // Navbar links into the docs lead to the chosen version.
  const roots = options.map((a) => a.dataset.versionRoot!);
  doc.querySelectorAll<HTMLAnchorElement>('.navbar__link, .mobile-menu__link').forEach((link) => {
    const path = new URL(link.href, location.href).pathname;
    if (roots.some((r) => path === r || path.startsWith(`${r}/`))) link.href = chosen.dataset.versionRoot!;
  });
}
