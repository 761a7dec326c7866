import { PARAMETER_LOCATIONS, type ApiModel, type ApiOperationCore, type ParameterLocation } from '../../../shared/api-model.js';
import type { TextKey } from '../../../shared/i18n.js';
import { T } from '../../layout/T.js';
import { Heading } from '../Heading.js';
import { Html } from '../Html.js';
import { hasBody, type SchemaPlanner } from '../schema/plan-schema-view.js';
import { SchemaFacts, SchemaTree } from '../schema/SchemaTree.js';
import { typeLabel } from '../schema/type-label.js';

const HEADINGS: Record<ParameterLocation, TextKey> = {
  path: 'apiContent.pathParameters',
  query: 'apiContent.queryParameters',
  header: 'apiContent.headerParameters',
  cookie: 'apiContent.cookieParameters',
};

/** One table per location: name, type, required, description with default, enum, example, deprecated. */
export function Parameters({ parameters, api, planner, idPrefix, level = 2 }: { parameters: ApiOperationCore['parameters']; api: ApiModel; planner: SchemaPlanner; idPrefix: string; level?: number }): React.JSX.Element | null {
  const locations = PARAMETER_LOCATIONS.filter((l) => parameters[l].length);
  if (!locations.length) return null;
  return (
    <section className="api-section api-params" aria-labelledby={`${idPrefix}parameters`}>
      <Heading level={level} className="api-section__title" id={`${idPrefix}parameters`}>
        <T k="showApiData.parameters" />
      </Heading>
      {locations.map((location) => (
        <div className="api-params__group" key={location}>
          <Heading level={level + 1} className="api-subtitle">
            <T k={HEADINGS[location]} />
          </Heading>
          <table className="api-table api-params__table" data-in={location}>
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
              {parameters[location].map((p) => {
                const view = p.schema ? planner.plan(p.schema) : undefined;
                return (
                  <tr key={p.name} className={p.deprecated ? 'api-param api-param--deprecated' : 'api-param'}>
                    <td className="api-param__cell-name">
                      <code className="api-param__name">{p.name}</code>
                      <span className="api-param__in">{location}</span>
                      {p.required ? (
                        <span className="api-badge api-badge--required">
                          <T k="apiContent.required" />
                        </span>
                      ) : null}
                      {p.deprecated ? (
                        <span className="api-badge api-badge--deprecated">
                          <T k="apiContent.deprecated" />
                        </span>
                      ) : null}
                    </td>
                    <td>
                      <span className="sc-t">{typeLabel(p.schema, api)}</span>
                      {view?.format ? <span className="sc-f">{view.format}</span> : null}
                      {p.contentType ? <span className="sc-f">{p.contentType}</span> : null}
                    </td>
                    <td>
                      <Html html={p.description} />
                      {view && hasBody(view) && !view.link ? <SchemaTree view={view} /> : view ? <SchemaFacts view={{ ...view, examples: p.example !== undefined ? [] : view.examples }} /> : null}
                      {p.example !== undefined ? (
                        <span className="sc-v">
                          <T k="apiContent.example" />: <code>{p.example}</code>
                        </span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
