import { createElement, type ComponentType } from 'react';
import { authStorageKey } from '../../../shared/api-auth.js';
import type { ApiModel, ApiOperation } from '../../../shared/api-model.js';
import type { ApiPanelSite, RequestData, RequestScheme } from '../../../shared/api-request.js';
import { oauthDefaults } from '../../../config/openapi-schema.js';
import { apiPanelIdPrefix, escapeJsonForHtml, type ApiPanelKind, type ApiPanelProps } from '../../../shared/islands.js';
import type { SiteView } from '../../site-view.js';
import { islandHtml } from '../../Island.js';
import { T } from '../../layout/T.js';
import { apiOfRoute } from '../../layout/ApiMenu.js';
import { requestSchemes } from '../../../shared/request/request-data.js';
import { API_PANELS } from './browser-panels.js';

// The places of the API reference's interactive half. Each panel (client/api/) is an island: the
// server renders it here, as its own root, and the browser hydrates that markup when the reader
// first uses it (client/api/panels.ts), so the click that loads it lands on the same control.
// Around the panels, what needs no script: the headings, which requirements an operation has, the
// data the panels read. Nothing here holds a credential: the browser keeps those (sessionStorage).

/** What the panels of an API's pages share. */
export function apiPanelSite(site: SiteView, api: ApiModel): ApiPanelSite {
  const schemes = requestSchemes(api);
  // An older version's reference (under "/api/1.3") shares its API's credentials and settings.
  const owner = apiOfRoute(site.apis, api.basePath);
  const base = owner?.basePath ?? api.basePath;
  return {
    apiBase: api.basePath,
    authKey: authStorageKey(base),
    schemes,
    oauth: panelOAuthDefaults(oauthDefaults(site.config.openapi, base), schemes),
    proxyUrl: owner?.proxyUrl,
    siteUrl: site.config.url + site.config.baseUrl,
  };
}

/** The config's `openapi.oauth` for the document's oauth2 and openIdConnect schemes (public values: a client id, scopes). */
function panelOAuthDefaults(config: ReturnType<typeof oauthDefaults>, schemes: RequestScheme[]): ApiPanelSite['oauth'] {
  if (!config) return undefined;
  const out: NonNullable<ApiPanelSite['oauth']> = {};
  for (const s of schemes) {
    const c = config[s.key];
    if (c && (s.type === 'oauth2' || s.type === 'openIdConnect')) out[s.key] = { clientId: c.clientId, scopes: c.scopes ?? [] };
  }
  return Object.keys(out).length ? out : undefined;
}

/** The panels' shared data, embedded once per page. */
export function ApiSiteData({ panelSite }: { panelSite: ApiPanelSite }): React.JSX.Element {
  return <script type="application/json" data-api-site="" dangerouslySetInnerHTML={{ __html: escapeJsonForHtml(panelSite) }} />;
}

/** A panel's place, holding the panel as the server renders it from the props the browser reads from the page. */
function Panel<K extends ApiPanelKind>({ kind, props }: { kind: K; props: ApiPanelProps[K] }): React.JSX.Element {
  const html = islandHtml(createElement(API_PANELS[kind] as ComponentType<ApiPanelProps[K]>, props), apiPanelIdPrefix(kind));
  return <div className="api-panel-place" data-api-panel={kind} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The "Authorization" button (opening the panel) and, for an operation, which of its requirements the reader satisfies. */
export function AuthorizationPlace({ panelSite, op }: { panelSite: ApiPanelSite; op?: ApiOperation }): React.JSX.Element | null {
  if (!panelSite.schemes.length) return null;
  const place = <Panel kind="authorization" props={{ site: panelSite }} />;
  if (!op) return place;
  const requirements = op.security.filter((r) => r.schemes.length);
  return (
    <section className="api-auth" aria-labelledby="authorization" data-auth-store={panelSite.authKey}>
      <h2 className="api-panel__title" id="authorization">
        <T k="authorization.title" />
      </h2>
      {requirements.length ? (
        <ul className="api-auth__requirements">
          {requirements.map((r, i) => (
            <li key={i} className="api-auth__requirement" data-auth-schemes={r.schemes.map((s) => s.key).join(' ')}>
              <span className="api-auth__schemes">{r.schemes.map((s) => s.key).join(' + ')}</span>
              <span className="api-auth__check api-auth__check--yes">
                <T k="authorization.authorized" />
              </span>
              <span className="api-auth__check api-auth__check--no">
                <T k="authorization.pending" />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {place}
    </section>
  );
}

/** The try-it's place: its data (which the code samples read too), and the panel, closed behind its "Try it" button. */
export function TryItPlace({ panelSite, data }: { panelSite: ApiPanelSite; data: RequestData }): React.JSX.Element {
  return (
    <section className="api-tryit" aria-labelledby="try-it">
      <h2 className="api-panel__title" id="try-it">
        <T k="execute.tryIt" />
      </h2>
      <script type="application/json" data-api-request="" dangerouslySetInnerHTML={{ __html: escapeJsonForHtml(data) }} />
      <Panel kind="try-it" props={{ site: panelSite, data }} />
    </section>
  );
}

/** The code samples: the curl sample of the operation's example inputs first, readable without JavaScript. */
export function CodeSamplesPlace({ panelSite, data }: { panelSite: ApiPanelSite; data: RequestData }): React.JSX.Element {
  return (
    <section className="api-code-samples" aria-labelledby="code-samples">
      <h2 className="api-panel__title" id="code-samples">
        <T k="curl.title" />
      </h2>
      <Panel kind="code-samples" props={{ site: panelSite, data }} />
    </section>
  );
}
