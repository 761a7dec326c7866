import { authStorageKey } from '../../../shared/api-auth.js';
import type { ApiModel, ApiOperation } from '../../../shared/api-model.js';
import type { ApiPanelSite, RequestData } from '../../../shared/api-request.js';
import { escapeJsonForHtml } from '../../../shared/islands.js';
import { authParts } from '../../../shared/request/apply-auth.js';
import { buildRequest } from '../../../shared/request/build-request.js';
import { initialInputs } from '../../../shared/request/initial-inputs.js';
import { snippetRequest } from '../../../shared/snippets/snippet-request.js';
import { curlSample } from '../../../shared/snippets/curl.js';
import { SNIPPET_TARGETS } from '../../../shared/snippets/targets.js';
import type { SiteView } from '../../site-view.js';
import { T } from '../../layout/T.js';
import { requestSchemes } from '../../../shared/request/request-data.js';

// The places of the API reference's interactive half, as the server renders them: what reads
// without JavaScript (the curl sample, which requirements an operation has) and the controls the
// browser mounts the panels over on first use (client/api/panels.ts). A control's markup here is
// the first render of its panel, so the click that loads the panel lands on the same control.
// Nothing here holds a credential: the browser keeps those (sessionStorage).

/** What the panels of every API page share, embedded once per page. */
export function ApiSiteData({ site, api }: { site: SiteView; api: ApiModel }): React.JSX.Element {
  const data: ApiPanelSite = {
    apiBase: api.basePath,
    authKey: authStorageKey(api.basePath),
    schemes: requestSchemes(api),
    proxyUrl: site.apis.find((a) => a.basePath === api.basePath)?.proxyUrl,
  };
  return <script type="application/json" data-api-site="" dangerouslySetInnerHTML={{ __html: escapeJsonForHtml(data) }} />;
}

/** The "Authorization" button (opening the panel) and, for an operation, which of its requirements the reader satisfies. */
export function AuthorizationPlace({ api, op }: { api: ApiModel; op?: ApiOperation }): React.JSX.Element | null {
  if (!api.securitySchemes.length) return null;
  const place = (
    <div className="api-panel-place" data-api-panel="authorization">
      <button type="button" className="button button--secondary api-auth__open" aria-haspopup="dialog" data-auth-key={authStorageKey(api.basePath)}>
        <T k="authorization.title" />
        <span className="auth-state">
          <span className="auth-state__pending">
            <T k="authorization.pending" />
          </span>
          <span className="auth-state__authorized">
            <T k="authorization.authorized" />
          </span>
        </span>
      </button>
    </div>
  );
  if (!op) return place;
  const requirements = op.security.filter((r) => r.schemes.length);
  return (
    <section className="api-auth" aria-labelledby="authorization" data-auth-store={authStorageKey(api.basePath)}>
      <h2 className="api-panel__title" id="authorization">
        <T k="authorization.title" />
      </h2>
      {requirements.length ? (
        <ul className="api-auth__requirements">
          {requirements.map((r, i) => (
            <li key={i} className="api-auth__requirement" data-auth-schemes={r.schemes.map((s) => s.key).join(' ')}>
              <span className="api-auth__schemes">{r.schemes.map((s) => s.key).join(' + ')}</span>
              <span className="api-auth__check api-auth__check--yes">
                <T k="authorization.satisfied" />
              </span>
              <span className="api-auth__check api-auth__check--no">
                <T k="authorization.notSatisfied" />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {place}
    </section>
  );
}

/** The try-it's place: its data, and the button that opens it. */
export function TryItPlace({ data }: { data: RequestData }): React.JSX.Element {
  return (
    <section className="api-tryit" aria-labelledby="try-it">
      <h2 className="api-panel__title" id="try-it">
        <T k="execute.tryIt" />
      </h2>
      <script type="application/json" data-api-request="" dangerouslySetInnerHTML={{ __html: escapeJsonForHtml(data) }} />
      <div className="api-panel-place" data-api-panel="try-it">
        <div className="tryit">
          <button type="button" className="button button--primary tryit__open">
            <T k="execute.tryIt" />
          </button>
        </div>
      </div>
    </section>
  );
}

/** The code samples' place: the curl sample of the operation's example inputs, readable without JavaScript. */
export function CodeSamplesPlace({ site, data }: { site: SiteView; data: RequestData }): React.JSX.Element {
  const inputs = initialInputs(data);
  const auth = authParts({ security: data.security, schemes: data.schemes }, {}, 'mask', true);
  const curl = curlSample(snippetRequest(buildRequest(data, { ...inputs, auth }, site.config.url + site.config.baseUrl)));
  return (
    <section className="api-code-samples" aria-labelledby="code-samples">
      <h2 className="api-panel__title" id="code-samples">
        <T k="curl.title" />
      </h2>
      <div className="api-panel-place" data-api-panel="code-samples">
        <div className="samples__bar">
          <label className="samples__label" htmlFor="code-samples-language">
            <T k="curl.language" />
          </label>
          <select id="code-samples-language" className="tryit__input samples__select" defaultValue={SNIPPET_TARGETS[0]!.id}>
            {SNIPPET_TARGETS.map((x) => (
              <option key={x.id} value={x.id}>
                {x.label}
              </option>
            ))}
          </select>
          <button type="button" className="button button--sm button--secondary samples__copy">
            <T k="curl.copy" />
          </button>
        </div>
        <pre className="api-code api-code--curl samples__code" tabIndex={0}>
          <code className="language-bash">{curl}</code>
        </pre>
      </div>
    </section>
  );
}
