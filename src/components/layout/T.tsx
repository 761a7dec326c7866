import { DICTIONARY, translate, type Lang, type TextKey } from '../../shared/i18n.js';
import { labelAttributes } from '../../shared/ui-label.js';

const ALL = Object.keys(DICTIONARY) as Lang[];

/** A UI label in every language at once (shared/ui-label.ts). */
export function T({ k, langs = ALL }: { k: TextKey; langs?: readonly Lang[] }): React.JSX.Element {
  return (
    <>
      {langs.map((l) => (
        <span key={l} {...labelAttributes(l)}>
          {translate(l, k)}
        </span>
      ))}
    </>
  );
}

/** A label for assistive technology only (icon buttons). */
export function SrT({ k }: { k: TextKey }): React.JSX.Element {
  return (
    <span className="sr-only">
      <T k={k} />
    </span>
  );
}
