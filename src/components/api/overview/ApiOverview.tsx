import type { ApiModel } from '../../../shared/api-model.js';
import type { Route } from '../../../shared/model.js';
import type { SiteView } from '../../site-view.js';
import { Breadcrumbs, Paginator } from '../../layout/DocChrome.js';
import { apiPanelSite, ApiSiteData, AuthorizationPlace } from '../panel/ApiPanels.js';
import { ExportMenu } from '../panel/ExportMenu.js';
import { T } from '../../layout/T.js';
import { Html } from '../Html.js';
import { ApiLayout } from '../layout/ApiLayout.js';
import { ApiVersionBanner } from '../../layout/Versions.js';
import { MethodBadge, PathTemplate } from '../MethodBadge.js';
import { OperationDetails } from '../operation/OperationDetails.js';
import { createSchemaPlanner } from '../schema/plan-schema-view.js';
import { SecuritySchemes } from '../security/Security.js';

/** The API's front page: what it is, where it runs, how to authenticate, every operation by tag, webhooks. */
export function ApiOverview({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  if (route.data.kind !== 'api' || route.data.page.kind !== 'overview') throw new Error('ApiOverview needs the overview route');
  const { api, next } = route.data.page;
  const { info } = api;
  const panelSite = apiPanelSite(site, api);
  return (
    <ApiLayout site={site} api={api} route={route.path} currentTag={undefined} wide={true}>
      <article className="api-overview">
        <ApiVersionBanner site={site} data={route.data.page} />
        <Breadcrumbs site={site} trail={[]} current={info.title} />
        <header className="api-overview__header">
          <h1 className="doc-title">{info.title}</h1>
          <p className="api-overview__meta">
            {info.version ? (
              <span className="api-pill">
                <T k="apiContent.version" /> {info.version}
              </span>
            ) : null}
            <span className="api-pill api-pill--muted">OpenAPI {api.specVersion}</span>
            {api.history ? (
              <a className="api-pill api-pill--link" href={site.url(api.history.href)}>
                <T k="apiHistory.changelog" />
              </a>
            ) : null}
          </p>
          {info.summary ? <p className="api-overview__summary">{info.summary}</p> : null}
          <div className="api-overview__actions">
            {api.download ? (
              <a className="button button--secondary" href={site.url(api.download.href)} download={api.download.fileName}>
                <T k="apiContent.downloadSpec" />
              </a>
            ) : null}
            <AuthorizationPlace panelSite={panelSite} />
            <ExportMenu site={site} api={api} />
          </div>
        </header>
        <Html className="api-description" html={info.description} />
        <InfoLinks api={api} />
        <Servers api={api} />
        <SecuritySchemes api={api} />
        <Operations site={site} api={api} />
        <Webhooks site={site} api={api} />
      </article>
      <Paginator site={site} prev={undefined} next={next} />
      <ApiSiteData panelSite={panelSite} />
    </ApiLayout>
  );
}

function InfoLinks({ api }: { api: ApiModel }): React.JSX.Element | null {
  const { contact, license, termsOfService, externalDocs } = api.info;
  if (!contact && !license && !termsOfService && !externalDocs) return null;
  const ext = { target: '_blank', rel: 'noopener noreferrer' };
  return (
    <dl className="api-facts api-info">
      {contact && (contact.name || contact.url || contact.email) ? (
        <>
          <dt>
            <T k="apiContent.contact" />
          </dt>
          <dd>
            {contact.url ? (
              <a href={contact.url} {...ext}>
                {contact.name ?? contact.url}
              </a>
            ) : (
              contact.name
            )}
            {contact.email ? (
              <>
                {' · '}
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </>
            ) : null}
          </dd>
        </>
      ) : null}
      {license ? (
        <>
          <dt>
            <T k="apiContent.license" />
          </dt>
          <dd>
            {license.url ? (
              <a href={license.url} {...ext}>
                {license.name}
              </a>
            ) : (
              license.name
            )}
          </dd>
        </>
      ) : null}
      {termsOfService ? (
        <>
          <dt>
            <T k="apiContent.terms" />
          </dt>
          <dd>
            <a href={termsOfService} {...ext}>
              {termsOfService}
            </a>
          </dd>
        </>
      ) : null}
      {externalDocs ? (
        <>
          <dt>
            <T k="apiContent.externalDocs" />
          </dt>
          <dd>
            <a href={externalDocs.url} {...ext}>
              {externalDocs.url}
            </a>
            <Html html={externalDocs.description} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function Servers({ api }: { api: ApiModel }): React.JSX.Element | null {
  if (!api.servers.length) return null;
  return (
    <section className="api-section" aria-labelledby="servers">
      <h2 className="api-section__title" id="servers">
        <T k="apiContent.servers" />
      </h2>
      <ul className="api-servers">
        {api.servers.map((s) => (
          <li className="api-server" key={s.url}>
            <code className="api-server__url">{s.url}</code>
            {s.description ? <span className="api-server__description">{s.description}</span> : null}
            {s.variables.length ? (
              <ul className="api-server__vars">
                {s.variables.map((v) => (
                  <li key={v.name}>
                    <code>{`{${v.name}}`}</code> = <code>{v.default}</code>
                    {v.enum.length ? <span className="api-muted"> ({v.enum.join(', ')})</span> : null}
                    {v.description ? <span className="api-muted"> — {v.description}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Operations({ site, api }: { site: SiteView; api: ApiModel }): React.JSX.Element {
  return (
    <section className="api-section" aria-labelledby="operations">
      <h2 className="api-section__title" id="operations">
        <T k="apiContent.operations" />
      </h2>
      {api.tags.map((tag) => (
        <section className="api-tag" id={tag.anchor} key={tag.anchor} aria-labelledby={`${tag.anchor}-title`}>
          <h3 className="api-tag__title" id={`${tag.anchor}-title`}>
            {tag.untagged ? <T k="apiContent.otherOperations" /> : tag.name}
          </h3>
          <Html html={tag.description} />
          {tag.externalDocs ? (
            <p className="api-external">
              <a href={tag.externalDocs.url} target="_blank" rel="noopener noreferrer">
                <T k="apiContent.externalDocs" />
              </a>
            </p>
          ) : null}
          <ul className="api-op-list">
            {tag.entries.map((e) => (
              <li key={`${e.kind}:${e.id}`} className={e.deprecated ? 'api-op-list__item api-op-list__item--deprecated' : 'api-op-list__item'}>
                <a className="api-op-list__link" href={site.url(e.href)}>
                  <MethodBadge method={e.method} small />
                  {e.kind === 'webhook' ? <code className="api-path">{e.path}</code> : <PathTemplate path={e.path} />}
                  <span className="api-op-list__label">{e.label}</span>
                  {e.deprecated ? (
                    <span className="api-badge api-badge--deprecated">
                      <T k="apiContent.deprecated" />
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function Webhooks({ site, api }: { site: SiteView; api: ApiModel }): React.JSX.Element | null {
  if (!api.webhooks.length) return null;
  const planner = createSchemaPlanner(api, 'wh', { documentHref: api.download ? site.url(api.download.href) : undefined });
  return (
    <section className="api-section api-webhooks" aria-labelledby="webhooks">
      <h2 className="api-section__title" id="webhooks">
        <T k="apiContent.webhooks" />
      </h2>
      {api.webhooks.map((hook) => (
        <section className="api-webhook" id={hook.anchor} key={hook.anchor} aria-labelledby={`${hook.anchor}-title`}>
          <h3 className="api-webhook__title" id={`${hook.anchor}-title`}>
            <MethodBadge method={hook.method} small /> {hook.title} <code className="api-webhook__name">{hook.name}</code>
          </h3>
          <OperationDetails site={site} api={api} op={hook} planner={planner} idPrefix={`${hook.anchor}-`} level={4} />
        </section>
      ))}
    </section>
  );
}
