import { DICTIONARY, translate, type Lang, type TextKey } from '../../shared/i18n.js';

const ALL = Object.keys(DICTIONARY) as Lang[];

/**
 * A UI label in every language at once (shared/ui-label.ts: its markup, which a test holds this to).
 * The attributes are written out: spread from an object, they cost a 4,000-post blog's build a fifth
 * more memory at its peak.
 */
export function T({ k, langs = ALL }: { k: TextKey; langs?: readonly Lang[] }): React.JSX.Element {
  return (
    <>
      {langs.map((l) => (
        <span key={l} lang={l} data-l={l}>
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
