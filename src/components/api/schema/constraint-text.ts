import type { ApiConstraint } from '../../../shared/api-model.js';
import { translate, type Lang, type TextKey } from '../../../shared/i18n.js';

// A constraint as the reader's words ("1–20 items", "≥ 0", "non-empty"), the way Redoc words
// them, rather than JSON Schema keywords: one text per language. Numbers and symbols are the same
// in every language, so the dictionary holds words only (few of them: the try-it's script carries it).

const UNITS = { length: 'apiContent.characters', items: 'apiContent.itemCount', properties: 'apiContent.propertyCount' } as const satisfies Record<
  string,
  TextKey
>;
const ONE = { length: 'apiContent.nonEmpty', items: 'apiContent.nonEmptyList' } as const satisfies Record<string, TextKey>;

export function constraintText(c: ApiConstraint, lang: Lang): string {
  const t = (key: TextKey): string => translate(lang, key);
  switch (c.kind) {
    case 'minimum':
      return `${c.exclusive ? '>' : '≥'} ${c.value}`;
    case 'maximum':
      return `${c.exclusive ? '<' : '≤'} ${c.value}`;
    case 'contains':
      // JSON Schema 2020-12's counts of `contains` matches: rare enough to keep their keywords.
      return [c.min !== undefined ? `minContains: ${c.min}` : '', c.max !== undefined ? `maxContains: ${c.max}` : ''].filter(Boolean).join(', ');
    case 'length':
    case 'items':
    case 'properties': {
      const unit = t(UNITS[c.kind]);
      const min = c.min ?? 0;
      if (c.max !== undefined && min === c.max) return `${t('apiContent.exactly')} ${min} ${unit}`;
      if (c.max !== undefined && min > 0) return `${min}–${c.max} ${unit}`;
      if (c.max !== undefined) return `≤ ${c.max} ${unit}`;
      return min === 1 && c.kind !== 'properties' ? t(ONE[c.kind]) : `≥ ${min} ${unit}`;
    }
    case 'multipleOf':
      return `${t('apiContent.multipleOf')} ${c.value}`;
    case 'pattern':
      return `${t('apiContent.pattern')}: ${c.value}`;
    case 'contentMediaType':
      return `${t('apiContent.content')}: ${c.value}`;
    case 'contentEncoding':
      return `${t('apiContent.encoding')}: ${c.value}`;
    case 'uniqueItems':
      return t('apiContent.uniqueItems');
    case 'never':
      return t('apiContent.neverValid');
    case 'requires':
      return `${t('apiContent.requires')} ${c.names.join(', ')}`;
    case 'dependentRequired':
      return `${c.name} ${t('apiContent.requires')} ${c.names.join(', ')}`;
  }
}
