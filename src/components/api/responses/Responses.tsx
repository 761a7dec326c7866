import type { ApiModel, ApiResponse } from '../../../shared/api-model.js';
import { summaryText } from '../../../shared/html-text.js';
import { T } from '../../layout/T.js';
import { Heading, sectionLabel } from '../Heading.js';
import { Html } from '../Html.js';
import type { SchemaPlanner } from '../schema/plan-schema-view.js';
import { typeLabel } from '../schema/type-label.js';

import { MediaTypes } from './MediaTypes.js';

/** Responses per status: collapsible, the first success open. */
export function Responses({
  responses,
  api,
  planner,
  idPrefix,
  level = 2,
}: {
  responses: readonly ApiResponse[];
  api: ApiModel;
  planner: SchemaPlanner;
  idPrefix: string;
  level?: number;
}): React.JSX.Element | null {
  if (!responses.length) return null;
  const open = responses.find((r) => /^2/.test(r.status)) ?? responses[0];
  return (
    <section className="api-section api-responses" aria-labelledby={sectionLabel(idPrefix, 'responses')}>
      <Heading level={level} className="api-section__title" id={`${idPrefix}responses`}>
        <T k="showApiData.responses" />
      </Heading>
      {responses.map((r) => (
        <details
          className={`api-response api-response--${statusClass(r.status)}`}
          id={`${idPrefix}response-${r.status.toLowerCase()}`}
          key={r.status}
          open={r === open ? true : undefined}
        >
          <summary className="api-response__summary">
            <span className={`api-status api-status--${statusClass(r.status)}`}>{r.status}</span>
            <span className="api-response__text">{summaryText(r.description, 140) ?? ''}</span>
          </summary>
          <div className="api-response__body">
            {describedInSummary(r.description) ? null : <Html html={r.description} />}
            {r.headers.length ? (
              <div className="api-headers">
                <Heading level={level + 1} className="api-subtitle">
                  <T k="apiContent.headers" />
                </Heading>
                <table className="api-table">
                  <thead>
                    <tr>
                      <th>
                        <T k="apiContent.name" />
                      </th>
                      <th>
                        <T k="apiContent.type" />
                      </th>
                      <th>
                        <T k="showApiData.description" />
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.headers.map((h) => (
                      <tr key={h.name}>
                        <td>
                          <code className="api-param__name">{h.name}</code>
                          {h.required ? (
                            <span className="api-badge api-badge--required">
                              <T k="apiContent.required" />
                            </span>
                          ) : null}
                          {h.deprecated ? (
                            <span className="api-badge api-badge--deprecated">
                              <T k="apiContent.deprecated" />
                            </span>
                          ) : null}
                        </td>
                        <td>
                          <span className="sc-t">{typeLabel(h.schema, api)}</span>
                        </td>
                        <td>
                          <Html html={h.description} />
                          {h.example !== undefined ? (
                            <span className="sc-v">
                              <T k="apiContent.example" />: <code>{h.example}</code>
                            </span>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            {r.content.length ? (
              <MediaTypes content={r.content} planner={planner} direction="response" />
            ) : (
              <p className="api-muted">
                <T k="apiContent.noContent" />
              </p>
            )}
          </div>
        </details>
      ))}
    </section>
  );
}

function statusClass(status: string): string {
  const first = status[0];
  return first && /[1-5]/.test(first) ? `${first}xx` : 'default';
}

/** A one-paragraph description that fits the summary line is not repeated below it. */
function describedInSummary(html: string | undefined): boolean {
  if (!html) return true;
  return summaryText(html, 140) === summaryText(html, 100_000) && !/<(ul|ol|pre|table|h\d|blockquote|img)\b|<\/p>\s*<p/.test(html);
}
