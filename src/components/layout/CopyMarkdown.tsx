import type { TextKey } from '../../shared/i18n.js';
import { T } from './T.js';

// "Copy page as Markdown" and "View as Markdown" for a page with a Markdown twin, and the message
// of a failed export or copy (client/api/export-menu.ts handles both in the browser).

/** Where a failed export or copy says why, in the spec's words (client/api/export-menu.ts picks one by `data-kind`). */
export function ExportError({ subject }: { subject: string }): React.JSX.Element {
  return (
    <p className="api-export-menu__error" role="alert" hidden>
      <span data-for="errorFor">
        <T k="export.errorFor" /> {subject}:
      </span>
      <span data-for="postmanError">
        <T k="export.postmanError" />
      </span>
      <span data-for="error">
        <T k="export.error" />:
      </span>{' '}
      <span className="api-export-menu__reason" />
    </p>
  );
}

/** The page's Markdown twin: a link (works without JavaScript) and a copy button. */
export function CopyMarkdown({ href, subject }: { href: string; subject: string }): React.JSX.Element {
  return (
    <div className="copy-markdown" data-export-subject={subject}>
      <a className="copy-markdown__view" href={href} type="text/markdown">
        <T k="export.viewMarkdown" />
      </a>
      <CopyMarkdownButton href={href} label="export.copyPage" />
      <ExportError subject={subject} />
    </div>
  );
}

/** A button that copies the Markdown at `href` (client/api/export-menu.ts); says "Copied" once done. */
export function CopyMarkdownButton({ href, label }: { href: string; label: TextKey }): React.JSX.Element {
  return (
    <button type="button" className="button button--sm button--secondary api-export-menu__copy" data-copy-markdown={href}>
      <span className="api-export-menu__idle">
        <T k={label} />
      </span>
      <span className="api-export-menu__done">
        <T k="export.copied" />
      </span>
    </button>
  );
}
