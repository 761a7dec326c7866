// The interface-text dictionary (es, en) and the language records. Shared by the server (which
// renders every label in both languages, CSS showing the active one) and the client. Each
// language's text is a file of its own under i18n/.
import { es, type Dictionary } from './i18n/es.js';
import { en } from './i18n/en.js';

export type Lang = 'es' | 'en';

export interface LanguageRecord {
  code: Lang;
  name: string;
  nativeName: string;
  flag: string;
  rtl: boolean;
}

export const LANGUAGES: Record<Lang, LanguageRecord> = {
  es: { code: 'es', name: 'Spanish', nativeName: 'Español', flag: '🇪🇸', rtl: false },
  en: { code: 'en', name: 'English', nativeName: 'English', flag: '🇺🇸', rtl: false },
};

const DEFAULT_LANG: Lang = 'es';

/** localStorage key of the reader's UI language choice. */
export const LANG_STORAGE_KEY = 'shipdocs.lang';
/** localStorage key of the colour mode ("light" | "dark"). */
export const THEME_STORAGE_KEY = 'shipdocs.theme';
/** localStorage key of the reader's docs version ("current" or a version name). */
export const VERSION_STORAGE_KEY = 'shipdocs.docs.version';
/** localStorage key prefix of dismissed announcement bars (the bar id is appended). */
export const ANNOUNCEMENT_STORAGE_PREFIX = 'shipdocs.announcement.dismissed.';

export const DICTIONARY: Record<Lang, Dictionary> = { es, en };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** "navigation.search", "language.label", … */
export type TextKey = Leaves<Dictionary>;

const translated: Record<Lang, Map<string, string>> = { es: new Map(), en: new Map() };

export function translate(lang: Lang, key: TextKey): string {
  let text = translated[lang].get(key);
  if (text === undefined) {
    let node: unknown = DICTIONARY[lang];
    for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
    translated[lang].set(key, (text = typeof node === 'string' ? node : key));
  }
  return text;
}

/** Saved choice, else the browser's language when it is es or en, else es. */
export function resolveLanguage(saved: string | null | undefined, browserLanguages: readonly string[], available: readonly Lang[] = ['es', 'en']): Lang {
  const ok = (l: string | null | undefined): l is Lang => !!l && (available as readonly string[]).includes(l);
  if (ok(saved)) return saved;
  for (const bl of browserLanguages) {
    const code = bl.toLowerCase().split('-')[0];
    if (ok(code)) return code;
  }
  return ok(DEFAULT_LANG) ? DEFAULT_LANG : (available[0] ?? DEFAULT_LANG);
}
