import type { ApiConstraint } from '../../../shared/api-model.js';
import { translate, type Lang, type TextKey } from '../../../shared/i18n.js';

// A constraint as the reader's words ("1–20 items", "≥ 0", "non-empty"), the way Redoc words
// them, rather than JSON Schema keywords: one text per language.

type Vars = Record<string, string | number>;

function say(lang: Lang, key: TextKey, vars: Vars = {}): string {
  return translate(lang, key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const RANGE_KEYS = {
  length: {
    range: 'apiContent.lengthRange',
    exact: 'apiContent.lengthExact',
    min: 'apiContent.lengthMin',
    max: 'apiContent.lengthMax',
    one: 'apiContent.nonEmpty',
  },
  items: {
    range: 'apiContent.itemsRange',
    exact: 'apiContent.itemsExact',
    min: 'apiContent.itemsMin',
    max: 'apiContent.itemsMax',
    one: 'apiContent.nonEmptyList',
  },
  properties: {
    range: 'apiContent.propertiesRange',
    exact: 'apiContent.propertiesRange',
    min: 'apiContent.propertiesMin',
    max: 'apiContent.propertiesMax',
    one: 'apiContent.propertiesMin',
  },
} as const satisfies Record<string, Record<string, TextKey>>;

export function constraintText(c: ApiConstraint, lang: Lang): string {
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
      const keys = RANGE_KEYS[c.kind];
      const min = c.min ?? 0;
      if (c.max !== undefined && min === c.max) return say(lang, keys.exact, { n: min, min, max: c.max });
      if (c.max !== undefined && min > 0) return say(lang, keys.range, { min, max: c.max });
      if (c.max !== undefined) return say(lang, keys.max, { max: c.max });
      return min === 1 ? say(lang, keys.one, { min }) : say(lang, keys.min, { min });
    }
    case 'multipleOf':
      return say(lang, 'apiContent.multipleOf', { n: c.value });
    case 'pattern':
      return say(lang, 'apiContent.pattern', { value: c.value });
    case 'contentMediaType':
      return say(lang, 'apiContent.contentMediaType', { value: c.value });
    case 'contentEncoding':
      return say(lang, 'apiContent.contentEncoding', { value: c.value });
    case 'uniqueItems':
      return say(lang, 'apiContent.uniqueItems');
    case 'never':
      return say(lang, 'apiContent.neverValid');
    case 'requires':
      return say(lang, 'apiContent.requires', { names: c.names.join(', ') });
    case 'dependentRequired':
      return say(lang, 'apiContent.dependentRequired', { name: c.name, names: c.names.join(', ') });
  }
}
