import { THEME_STORAGE_KEY } from './storage-keys.js';
import { emit, THEME_CHANGE_EVENT } from './events.js';
import { storage } from './storage.js';

type Theme = 'light' | 'dark';
const isTheme = (v: unknown): v is Theme => v === 'light' || v === 'dark';

/** The light/dark toggle. The inline script already set data-theme before first paint. */
export function initColorMode(doc: Document): void {
  const html = doc.documentElement;
  const toggle = doc.querySelector<HTMLButtonElement>('[data-color-mode-toggle]');
  // No toggle: the mode switch is disabled and the configured mode is fixed.
  if (!toggle) return;
  const apply = (theme: Theme, save: boolean): void => {
    html.dataset.theme = theme;
    toggle.setAttribute('aria-pressed', String(theme === 'dark'));
    if (save) storage.set(THEME_STORAGE_KEY, theme);
    emit(doc, THEME_CHANGE_EVENT, { theme });
  };
  toggle.setAttribute('aria-pressed', String(html.dataset.theme === 'dark'));
  toggle.addEventListener('click', () => apply(html.dataset.theme === 'dark' ? 'light' : 'dark', true));
  // Another tab switched: follow it.
  addEventListener('storage', (e) => {
    if (e.key === THEME_STORAGE_KEY && isTheme(e.newValue)) apply(e.newValue, false);
  });
}
