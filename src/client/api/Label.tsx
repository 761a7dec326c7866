import { useSyncExternalStore } from 'react';
import { LANGUAGES, translate, type Lang, type TextKey } from '../../shared/i18n.js';
import { labelAttributes } from '../../shared/ui-label.js';

// Labels of the API panels, in every UI language at once like the server's <T> (shared/ui-label.ts; CSS shows the
// reader's, so a language switch relabels them at once), and the current language for the few
// texts that must be a single string (attributes: aria-label, placeholder, title).

const ALL = Object.keys(LANGUAGES) as Lang[];

export function L({ k }: { k: TextKey }): React.JSX.Element {
  return (
    <>
      {ALL.map((l) => (
        <span key={l} {...labelAttributes(l)}>
          {translate(l, k)}
        </span>
      ))}
    </>
  );
}

/** A time of day (the reader's clock) written as each UI language writes it, shown like the labels: "14:05", "02:05 PM". */
export function TimeOfDay({ at }: { at: number }): React.JSX.Element {
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()}>
      {ALL.map((l) => (
        <span key={l} {...labelAttributes(l)}>
          {date.toLocaleTimeString(l, { hour: '2-digit', minute: '2-digit' })}
        </span>
      ))}
    </time>
  );
}

const currentLang = (): Lang => {
  const lang = document.documentElement.dataset.uiLang;
  return ALL.includes(lang as Lang) ? (lang as Lang) : ALL[0]!;
};

const onLangChange = (update: () => void): (() => void) => {
  document.addEventListener('shipdocs:langchange', update);
  return () => document.removeEventListener('shipdocs:langchange', update);
};

/**
 * A label as one string in the reader's language, following the language switch. The server, which
 * does not know the reader's language, renders the first; hydration starts from it too.
 */
export function useText(): (k: TextKey) => string {
  const lang = useSyncExternalStore(onLangChange, currentLang, () => ALL[0]!);
  return (k) => translate(lang, k);
}
