import { DICTIONARY, translate, type Lang, type TextKey } from '../../shared/i18n.js';
import { labelHtml } from '../../shared/ui-label.js';

// The copy button of a code block, as HTML: written by the markdown stage into every `.code-block`
// (markdown, MDX fences, <CodeBlock>), so it is in the page before any script runs and nothing
// moves when the script arrives. client/shell/code-copy.ts handles its clicks (one listener on
// the document). Its name is the visible language's label; "Copied" waits in a hidden span and is
// written into the block's status region when the code is copied (announced once).

const LANGS = Object.keys(DICTIONARY) as Lang[];
const label = (key: TextKey): string => labelHtml(LANGS.map((l) => [l, translate(l, key)] as const));

const COPY_ICON =
  '<svg class="code-copy__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><rect x="9" y="9" width="11" height="11" rx="2" fill="none" stroke="currentColor" stroke-width="2"/><path d="M5 15V6a2 2 0 0 1 2-2h9" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';
const DONE_ICON =
  '<svg class="code-copy__done" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>';

let html: string | undefined;

/** The button, its status region and the "Copied" label, in every UI language. */
export function codeCopyHtml(): string {
  return (html ??=
    `<button type="button" class="code-copy" data-code-copy="">${COPY_ICON}${DONE_ICON}<span class="sr-only">${label('navigation.copyCode')}</span></button>` +
    `<span class="sr-only" role="status" data-code-copy-status=""></span>` +
    `<span hidden data-code-copied="">${label('navigation.codeCopied')}</span>`);
}
