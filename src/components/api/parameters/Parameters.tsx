import { PARAMETER_LOCATIONS, type ApiModel, type ApiOperationCore, type ApiParameter, type ParameterLocation } from '../../../shared/api-model.js';
import type { TextKey } from '../../../shared/i18n.js';
import { T } from '../../layout/T.js';
import { Heading, sectionLabel } from '../Heading.js';
import { Html } from '../Html.js';
import { hasBody, type SchemaPlanner, type SchemaView } from '../schema/plan-schema-view.js';
import { constraintHtml } from '../schema/schema-html.js';
import { SchemaTree } from '../schema/SchemaTree.js';
import { typeLabel } from '../schema/type-label.js';

const HEADINGS: Record<ParameterLocation, TextKey> = {
  path: 'apiContent.pathParameters',
  query: 'apiContent.queryParameters',
  header: 'apiContent.headerParameters',
  cookie: 'apiContent.cookieParameters',
};

/**
 * One table per location. Columns: name, location, type, required, description; the description
 * cell starts with a deprecation badge and ends with labelled rows for what only some parameters
 * have (default, possible values, example, constraints), so the table stays readable in a narrow column. On small screens
 * each row becomes a card (40-api.css).
 */
export function Parameters({
  parameters,
  api,
  planner,
  idPrefix,
  level = 2,
}: {
  parameters: ApiOperationCore['parameters'];
  api: ApiModel;
  planner: SchemaPlanner;
  idPrefix: string;
  level?: number;
}): React.JSX.Element | null {
  const locations = PARAMETER_LOCATIONS.filter((l) => parameters[l].length);
  if (!locations.length) return null;
  return (
    <section className="api-section api-params" aria-labelledby={sectionLabel(idPrefix, 'parameters')}>
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
                <th scope="col">
                  <T k="apiContent.name" />
                </th>
                <th scope="col">
                  <T k="apiContent.location" />
                </th>
                <th scope="col">
                  <T k="apiContent.type" />
                </th>
                <th scope="col">
                  <T k="apiContent.requiredColumn" />
                </th>
                <th scope="col">
                  <T k="showApiData.description" />
                </th>
              </tr>
            </thead>
            <tbody>
              {parameters[location].map((p) => (
                <ParameterRow key={p.name} p={p} api={api} view={p.schema ? planner.plan(p.schema, 'request') : undefined} />
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}

function ParameterRow({ p, api, view }: { p: ApiParameter; api: ApiModel; view: SchemaView | undefined }): React.JSX.Element {
  const tree = view && hasBody(view) && !view.link;
  return (
    <tr className={p.deprecated ? 'api-param api-param--deprecated' : 'api-param'}>
      <th scope="row" className="api-param__cell-name">
        <code className="api-param__name">{p.name}</code>
      </th>
      <td className="api-param__cell-in">
        <code className="api-param__in">{p.in}</code>
      </td>
      <td className="api-param__cell-type">
        <span className="sc-t">{typeLabel(p.schema, api)}</span>
        {view?.format ? <span className="sc-f">{view.format}</span> : null}
        {p.contentType ? <span className="sc-f">{p.contentType}</span> : null}
      </td>
      <td className="api-param__cell-required">
        {p.required ? (
          <span className="api-badge api-badge--required">
            <T k="apiContent.required" />
          </span>
        ) : (
          <span className="api-param__optional">
            <T k="apiContent.optional" />
          </span>
        )}
      </td>
      <td className="api-param__cell-desc">
        {p.deprecated ? (
          <p className="api-param__deprecated">
            <span className="api-badge api-badge--deprecated">
              <T k="apiContent.deprecated" />
            </span>
          </p>
        ) : null}
        <Html html={p.description} />
        <Facts p={p} view={view} />
        {tree ? <SchemaTree view={view} /> : null}
      </td>
    </tr>
  );
}

/** Labelled rows: default, constant, possible values, example, constraints. */
function Facts({ p, view }: { p: ApiParameter; view: SchemaView | undefined }): React.JSX.Element | null {
  const example = p.example ?? view?.examples[0];
  const rows: [TextKey, React.ReactNode][] = [];
  if (view?.default !== undefined) rows.push(['apiContent.default', <code key="d">{view.default}</code>]);
  if (view?.const !== undefined) rows.push(['apiContent.constant', <code key="c">{view.const}</code>]);
  if (view?.enum) {
    rows.push([
      'apiContent.possibleValues',
      <span className="api-param__values" key="e">
        {view.enum.values.map((v, i) => (
          <code key={i}>{v}</code>
        ))}
        {view.enum.more > 0 ? (
          <span className="sc-more">
            … +{view.enum.more} <T k="apiContent.moreValues" />
          </span>
        ) : null}
      </span>,
    ]);
  }
  if (example !== undefined) rows.push(['apiContent.example', <code key="x">{example}</code>]);
  if (view?.constraints.length) {
    rows.push([
      'apiContent.constraints',
      <span className="api-param__values" key="k">
        {view.constraints.map((c, i) => (
          <span className="sc-c" key={i} dangerouslySetInnerHTML={{ __html: constraintHtml(c) }} />
        ))}
      </span>,
    ]);
  }
  if (!rows.length) return null;
  return (
    <dl className="api-param__facts">
      {rows.map(([label, value]) => (
        <div className="api-param__fact" key={label} data-fact={label.split('.')[1]}>
          <dt>
            <T k={label} />
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
