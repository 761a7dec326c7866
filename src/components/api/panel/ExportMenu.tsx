import type { ApiModel, ApiOperation } from '../../../shared/api-model.js';
import { API_EXPORTS, exportsPath, OPERATION_EXPORTS } from '../../../shared/exports.js';
import { translate, type Lang } from '../../../shared/i18n.js';
import type { SiteView } from '../../site-view.js';
import { T } from '../../layout/T.js';
import { CopyMarkdownButton, ExportError } from '../../layout/CopyMarkdown.js';
import { labelAttributes } from '../../../shared/ui-label.js';

// The export menu of `/api` and of every operation page: a download per format (plain links to the
// static files, so they work without JavaScript; client/api/export-menu.ts fetches them first to
// say why one failed), "Copy as Markdown", and links that start a conversation about the page in
// ChatGPT or Claude (in the reader's language: one link per language, CSS shows the reader's).

const ASSISTANTS = [
  { label: 'export.openChatGpt', url: (prompt: string) => `https://chatgpt.com/?q=${encodeURIComponent(prompt)}` },
  { label: 'export.openClaude', url: (prompt: string) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}` },
] as const;

export function ExportMenu({ site, api, op }: { site: SiteView; api: ApiModel; op?: ApiOperation }): React.JSX.Element {
  const folder = exportsPath(api.basePath, op?.slug);
  const files = op ? OPERATION_EXPORTS : API_EXPORTS;
  const markdown = site.url(`${folder}/universal.md`);
  const absolute = site.config.url.replace(/\/+$/, '') + markdown;
  const subject = op ? `${op.method.toUpperCase()} ${op.path}` : api.info.title;
  const langs = site.languages as Lang[];
  return (
    <details className="api-export-menu" data-export-subject={subject}>
      <summary className="button button--secondary api-export-menu__toggle">
        <T k="export.title" />
      </summary>
      <div className="api-export-menu__panel">
        <p className="api-export-menu__title">
          <T k={op ? 'export.endpoint' : 'export.wholeApi'} />
        </p>
        <ul className="api-export-menu__list">
          {files.map((f) => (
            <li key={f.file}>
              <a
                className="api-export-menu__item"
                href={site.url(`${folder}/${f.file}`)}
                download={f.file}
                data-export={f.file}
                data-export-failure={f.failure}
              >
                <T k={f.label} /> <span className="api-export-menu__file">{f.file}</span>
              </a>
            </li>
          ))}
        </ul>
        <div className="api-export-menu__actions">
          <CopyMarkdownButton href={markdown} label="export.copyMarkdown" />
          {ASSISTANTS.map((a) =>
            langs.map((lang) => (
              <a
                key={`${a.label}-${lang}`}
                className="api-export-menu__item api-export-menu__assistant"
                {...labelAttributes(lang)}
                href={a.url(`${translate(lang, 'export.askPrompt')} ${absolute}`)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {translate(lang, a.label)}
              </a>
            )),
          )}
        </div>
        <ExportError subject={subject} />
      </div>
    </details>
  );
}
