import type { Route } from '../../../shared/model.js';
import type { SiteView } from '../../site-view.js';
import { Breadcrumbs, Paginator } from '../../layout/DocChrome.js';
import { T } from '../../layout/T.js';
import { ApiLayout } from '../layout/ApiLayout.js';
import { ApiVersionBanner } from '../../layout/Versions.js';
import { MethodBadge, PathTemplate } from '../MethodBadge.js';
import { createSchemaPlanner } from '../schema/plan-schema-view.js';
import { apiPanelSite, ApiSiteData, AuthorizationPlace, CodeSamplesPlace, TryItPlace } from '../panel/ApiPanels.js';
import { ExportMenu } from '../panel/ExportMenu.js';
import { requestData } from '../../../shared/request/request-data.js';
import { Callbacks, OperationDetails } from './OperationDetails.js';
import { DeprecatedLabel, ReleaseNote } from './ReleaseNote.js';
import { operationTag, type PageFit } from './page-fit.js';

/**
 * One operation's page: header with method and path, its details, and the panel for the interactive
 * half. With `fit`, drawn smaller to hold its size budget (page-fit.ts).
 */
export function OperationPage({ site, route, fit }: { site: SiteView; route: Route; fit?: PageFit | undefined }): React.JSX.Element {
  if (route.data.kind !== 'api' || route.data.page.kind !== 'operation') throw new Error('OperationPage needs an operation route');
  const { api, operation: op, prev, next } = route.data.page;
  const tag = operationTag(api, op);
  const planner = createSchemaPlanner(api, 's', { documentHref: api.download ? site.url(api.download.href) : undefined, budget: fit?.trees });
  const data = requestData(api, op);
  const panelSite = apiPanelSite(site, api);
  const trail = [{ title: api.info.title, href: api.basePath }, ...(tag && !tag.untagged ? [{ title: tag.name, href: `${api.basePath}#${tag.anchor}` }] : [])];
  return (
    <ApiLayout site={site} api={api} route={route.path} currentTag={tag} wide={false} ownTagShared={fit?.ownTagShared}>
      <article className="api-operation" data-operation={op.slug}>
        <header className="api-operation__header">
          <ApiVersionBanner site={site} data={route.data.page} />
          <Breadcrumbs site={site} trail={trail} current={op.title} />
          <h1 className="doc-title api-operation__title">
            {op.title}
            {op.deprecated ? (
              <span className="api-badge api-badge--deprecated">
                <DeprecatedLabel history={api.history} op={op} />
              </span>
            ) : null}
          </h1>
          <ReleaseNote site={site} history={api.history} op={op} />
          <div className={`api-endpoint api-endpoint--${op.method}`}>
            <MethodBadge method={op.method} />
            <PathTemplate path={op.path} />
          </div>
        </header>
        <div className="api-operation__body">
          <OperationDetails site={site} api={api} op={op} planner={planner} idPrefix="" />
          <Callbacks site={site} api={api} callbacks={op.callbacks} planner={planner} />
        </div>
        {/* The target of the "operation's controls" skip link (layout/Document.tsx). */}
        <aside className="api-operation__panel" id="operation-controls" tabIndex={-1} aria-labelledby="try-it">
          <div className="api-panel-sticky">
            <AuthorizationPlace panelSite={panelSite} op={op} />
            <TryItPlace panelSite={panelSite} data={data} />
            <CodeSamplesPlace panelSite={panelSite} data={data} />
            <section className="api-export" aria-labelledby="export">
              <h2 className="api-panel__title" id="export">
                <T k="export.title" />
              </h2>
              <ExportMenu site={site} api={api} op={op} />
            </section>
          </div>
        </aside>
      </article>
      <Paginator site={site} prev={prev} next={next} />
      <ApiSiteData panelSite={panelSite} />
    </ApiLayout>
  );
}
