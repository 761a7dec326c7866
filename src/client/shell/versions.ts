import { VERSION_STORAGE_KEY } from './storage-keys.js';
import { storage } from './storage.js';

/**
 * The version menu (a <details>): the reader's version is remembered, and pages outside the docs
 * and the API reference offer it first. Closes on Escape (focus back on its button), on an outside click and
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

  // A doc or an API page shows its own version; other pages show the reader's saved choice.
  if (select.dataset.versionSelect === 'page') return;
  const saved = storage.get(VERSION_STORAGE_KEY);
  const chosen = options.find((a) => a.dataset.version === saved);
  if (!chosen) return;
  const current = select.querySelector('[data-version-current]');
  if (current) current.textContent = chosen.textContent;
  // Navbar links into the docs or an API reference lead to the chosen version: each option lists
  // the roots of its version in the same order (the docs, then each API), so a link under the i-th
  // root of any version goes to the chosen version's i-th root.
  const roots = options.map((a) => a.dataset.versionRoots!.split(' '));
  const chosenRoots = chosen.dataset.versionRoots!.split(' ');
  doc.querySelectorAll<HTMLAnchorElement>('.navbar__link, .mobile-menu__link').forEach((link) => {
    const path = new URL(link.href, location.href).pathname;
    const under = (root: string): boolean => path === root || path.startsWith(`${root.replace(/\/$/, '')}/`);
    // The longest root first: "/api/1.3" holds a link that "/api" holds too.
    const match = roots
      .flatMap((list) => list.map((root, i) => ({ root, i })))
      .filter(({ root }) => under(root))
      .sort((a, b) => b.root.length - a.root.length)[0];
    if (match) link.href = chosenRoots[match.i]!;
  });
}
