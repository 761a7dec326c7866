import { DICTIONARY, translate, type Lang, type TextKey } from '../../shared/i18n.js';

const LANGS = Object.keys(DICTIONARY) as Lang[];

/** A UI label in every language, as <span lang data-l> (CSS shows the reader's). */
export function label(doc: Document, key: TextKey): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  for (const lang of LANGS) {
    const span = doc.createElement('span');
    span.lang = lang;
    span.dataset.l = lang;
    span.textContent = translate(lang, key);
    fragment.append(span);
  }
  return fragment;
}
