import { DICTIONARY, translate, type Lang, type TextKey } from '../../shared/i18n.js';
import { labelAttributes } from '../../shared/ui-label.js';

const LANGS = Object.keys(DICTIONARY) as Lang[];

/** A UI label in every language (shared/ui-label.ts). */
export function label(doc: Document, key: TextKey): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  for (const lang of LANGS) {
    const span = doc.createElement('span');
    for (const [name, value] of Object.entries(labelAttributes(lang))) span.setAttribute(name, value);
    span.textContent = translate(lang, key);
    fragment.append(span);
  }
  return fragment;
}
