import type { ApiCallback, ApiModel, ApiOperationCore } from '../../../shared/api-model.js';
import type { SiteView } from '../../site-view.js';
import { T } from '../../layout/T.js';
import { Heading, sectionLabel } from '../Heading.js';
import { Html } from '../Html.js';
import { MethodBadge, PathTemplate } from '../MethodBadge.js';
import { Parameters } from '../parameters/Parameters.js';
import { MediaTypes } from '../responses/MediaTypes.js';
import { Responses } from '../responses/Responses.js';
import type { SchemaPlanner } from '../schema/plan-schema-view.js';
import { SecurityRequirements } from '../security/Security.js';

export interface DetailsProps {
  site: SiteView;
  api: ApiModel;
  op: ApiOperationCore;
  planner: SchemaPlanner;
  /**
   * Prefix of section ids, so several operations can share a page (webhooks, callbacks); when set,
   * `${idPrefix}title` is the id of the element that names the operation (see `sectionLabel`).
   */
  idPrefix: string;
  level?: number;
}

/** Everything an operation says, in reading order: description, authentication, parameters, body, responses. */
export function OperationDetails({ site, api, op, planner, idPrefix, level = 2 }: DetailsProps): React.JSX.Element {
  const body = op.requestBody;
  return (
    <>
      <Html className="api-description" html={op.description} />
      {op.externalDocs ? (
        <p className="api-external">
          <a href={op.externalDocs.url} target="_blank" rel="noopener noreferrer">
            <T k="apiContent.externalDocs" />
          </a>
        </p>
      ) : null}
      <SecurityRequirements site={site} api={api} security={op.security} idPrefix={idPrefix} level={level} />
      <Parameters parameters={op.parameters} api={api} planner={planner} idPrefix={idPrefix} level={level} />
      {body ? (
        <section className="api-section api-body" aria-labelledby={sectionLabel(idPrefix, 'request-body')}>
          <Heading level={level} className="api-section__title" id={`${idPrefix}request-body`}>
            <T k="showApiData.bodyParameters" />
            {body.required ? (
              <span className="api-badge api-badge--required">
                <T k="apiContent.required" />
              </span>
            ) : null}
          </Heading>
          <Html html={body.description} />
          <MediaTypes content={body.content} planner={planner} direction="request" />
        </section>
      ) : null}
      <Responses responses={op.responses} api={api} planner={planner} idPrefix={idPrefix} level={level} />
    </>
  );
}

/** Requests the API makes back to the caller, declared with the operation. */
export function Callbacks({
  site,
  api,
  callbacks,
  planner,
}: {
  site: SiteView;
  api: ApiModel;
  callbacks: readonly ApiCallback[];
  planner: SchemaPlanner;
}): React.JSX.Element | null {
  if (!callbacks.length) return null;
  return (
    <section className="api-section api-callbacks" aria-labelledby="callbacks">
      <h2 className="api-section__title" id="callbacks">
        <T k="apiContent.callbacks" />
      </h2>
      {callbacks.map((cb, i) =>
        cb.operations.map((op, j) => (
          <details className="api-callback" key={`${i}-${j}`} id={`callback-${i}-${j}`}>
            <summary className="api-callback__summary" id={`callback-${i}-${j}-title`}>
              <span className="api-callback__name">{cb.name}</span>
              <MethodBadge method={op.method} small />
              <PathTemplate path={cb.expression} />
            </summary>
            <div className="api-callback__body">
              {op.summary ? <p className="api-callback__title">{op.summary}</p> : null}
              <OperationDetails site={site} api={api} op={op} planner={planner} idPrefix={`callback-${i}-${j}-`} level={3} />
            </div>
          </details>
        )),
      )}
    </section>
  );
}
