import { LANG_STORAGE_KEY } from './storage-keys.js';
import { emit, LANG_CHANGE_EVENT } from './events.js';
import { listboxMove } from './listbox-keys.js';
import { storage } from './storage.js';

/**
 * The language dropdown. Every label is on the page in both languages and CSS shows the one of
 * html[data-ui-lang], so switching is one attribute: instant, no reload. Keyboard: arrows, Home/End,
 * Enter/Space to choose, Escape or Tab to close; an outside click closes it too.
 */
export function initLanguageSelect(doc: Document): void {
  const html = doc.documentElement;
  const select = doc.querySelector<HTMLElement>('[data-lang-select]');
  const button = select?.querySelector<HTMLButtonElement>('button');
  const menu = select?.querySelector<HTMLElement>('[role=listbox]');
  if (!select || !button || !menu) return;
  const options = [...menu.querySelectorAll<HTMLElement>('[data-lang]')];
  const available = options.map((o) => o.dataset.lang!);

  const markSelected = (): void => {
    options.forEach((o) => {
      const selected = o.dataset.lang === html.dataset.uiLang;
      o.setAttribute('aria-selected', String(selected));
      o.id ||= `lang-option-${o.dataset.lang}`;
    });
  };
  const isOpen = (): boolean => !menu.hidden;
  const focusOption = (i: number): void => {
    options.forEach((o, j) => (o.tabIndex = j === i ? 0 : -1));
    options[i]?.focus();
    menu.setAttribute('aria-activedescendant', options[i]?.id ?? '');
  };
  const open = (focus: 'selected' | 'first' | 'last' = 'selected'): void => {
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    const selected = options.findIndex((o) => o.dataset.lang === html.dataset.uiLang);
    focusOption(focus === 'first' ? 0 : focus === 'last' ? options.length - 1 : Math.max(0, selected));
  };
  const close = (returnFocus: boolean): void => {
    if (!isOpen()) return;
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (returnFocus) button.focus();
  };
  const choose = (lang: string, save: boolean): void => {
    if (!available.includes(lang)) return;
    html.dataset.uiLang = lang;
    if (save) storage.set(LANG_STORAGE_KEY, lang);
    markSelected();
    emit(doc, LANG_CHANGE_EVENT, { lang });
  };

  markSelected();
  button.addEventListener('click', () => (isOpen() ? close(false) : open()));
  button.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      open(e.key === 'ArrowUp' ? 'last' : 'selected');
    }
  });
  menu.addEventListener('keydown', (e) => {
    const current = options.indexOf(doc.activeElement as HTMLElement);
    const next = listboxMove(e.key, current, options.length);
    if (next !== undefined) {
      e.preventDefault();
      focusOption(next);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (current >= 0) choose(options[current]!.dataset.lang!, true);
      close(true);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    }
  });
  options.forEach((option) =>
    option.addEventListener('click', () => {
      choose(option.dataset.lang!, true);
      close(true);
    }),
  );
  doc.addEventListener('pointerdown', (e) => {
    if (isOpen() && !select.contains(e.target as Node)) close(false);
  });
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) close(true);
  });
  select.addEventListener('focusout', (e) => {
    if (isOpen() && e.relatedTarget && !select.contains(e.relatedTarget as Node)) close(false);
  });
  // Another tab switched: follow it.
  addEventListener('storage', (e) => {
    if (e.key === LANG_STORAGE_KEY && e.newValue) choose(e.newValue, false);
  });
}
