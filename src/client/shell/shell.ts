import { ANNOUNCEMENT_STORAGE_PREFIX, LANG_STORAGE_KEY, THEME_STORAGE_KEY, VERSION_STORAGE_KEY } from '../../shared/i18n.js';
import { storage } from './storage.js';

/** Wires the server-rendered shell: colour mode, language, mobile menu, announcement bar, offline badge. */
export function initShell(doc: Document): void {
  const html = doc.documentElement;

  doc.querySelector<HTMLButtonElement>('[data-color-mode-toggle]')?.addEventListener('click', (e) => {
    const next = html.dataset.theme === 'dark' ? 'light' : 'dark';
    html.dataset.theme = next;
    storage.set(THEME_STORAGE_KEY, next);
    (e.currentTarget as HTMLButtonElement).setAttribute('aria-pressed', String(next === 'dark'));
  });

  const select = doc.querySelector<HTMLElement>('[data-lang-select]');
  if (select) {
    const button = select.querySelector<HTMLButtonElement>('button')!;
    const menu = select.querySelector<HTMLElement>('[role=listbox]')!;
    const setOpen = (open: boolean): void => {
      menu.hidden = !open;
      button.setAttribute('aria-expanded', String(open));
    };
    button.addEventListener('click', () => setOpen(menu.hidden));
    menu.querySelectorAll<HTMLElement>('[data-lang]').forEach((option) => {
      option.setAttribute('aria-selected', String(option.dataset.lang === html.dataset.uiLang));
      option.addEventListener('click', () => {
        html.dataset.uiLang = option.dataset.lang!;
        storage.set(LANG_STORAGE_KEY, option.dataset.lang!);
        menu.querySelectorAll('[data-lang]').forEach((o) => o.setAttribute('aria-selected', String(o === option)));
        setOpen(false);
        button.focus();
      });
    });
    doc.addEventListener('click', (e) => {
      if (!select.contains(e.target as Node)) setOpen(false);
    });
    doc.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !menu.hidden) {
        setOpen(false);
        button.focus();
      }
    });
  }

  const menu = doc.querySelector<HTMLElement>('[data-mobile-menu]');
  const toggle = doc.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  if (menu && toggle) {
    const setOpen = (open: boolean): void => {
      menu.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      html.toggleAttribute('data-menu-open', open);
    };
    toggle.addEventListener('click', () => setOpen(menu.hidden));
    doc.querySelector('[data-menu-close]')?.addEventListener('click', () => setOpen(false));
    matchMedia('(min-width: 996px)').addEventListener('change', (e) => {
      if (e.matches) setOpen(false);
    });
  }

  doc.querySelector('[data-announcement-close]')?.addEventListener('click', (e) => {
    const bar = (e.currentTarget as HTMLElement).closest<HTMLElement>('[data-announcement-id]');
    if (!bar) return;
    storage.set(ANNOUNCEMENT_STORAGE_PREFIX + bar.dataset.announcementId, '1');
    html.dataset.announcementDismissed = 'true';
  });

  initVersions(doc);

  const badge = doc.querySelector<HTMLElement>('[data-offline-badge]');
  if (badge) {
    const update = (): void => {
      badge.hidden = navigator.onLine;
    };
    addEventListener('online', update);
    addEventListener('offline', update);
    update();
  }
}

/** The reader's docs version is remembered; pages outside the docs offer it first. */
function initVersions(doc: Document): void {
  const select = doc.querySelector<HTMLDetailsElement>('[data-version-select]');
  if (!select) return;
  const options = [...select.querySelectorAll<HTMLAnchorElement>('[data-version]')];
  options.forEach((a) => a.addEventListener('click', () => storage.set(VERSION_STORAGE_KEY, a.dataset.version!)));
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
