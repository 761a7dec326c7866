import type { ApiModel, ApiSecurityRequirement, ApiSecurityScheme } from '../../../shared/api-model.js';
import type { TextKey } from '../../../shared/i18n.js';
import type { SiteView } from '../../site-view.js';
import { T } from '../../layout/T.js';
import { Heading, sectionLabel } from '../Heading.js';
import { Html } from '../Html.js';

function schemeKind(s: ApiSecurityScheme): TextKey {
  if (s.type === 'http') return s.scheme === 'bearer' ? 'apiContent.bearer' : s.scheme === 'basic' ? 'apiContent.basic' : 'apiContent.httpAuth';
  if (s.type === 'apiKey') return 'apiContent.apiKey';
  return `apiContent.${s.type}` as TextKey;
}

const IN_KEYS = { header: 'apiContent.inHeader', query: 'apiContent.inQuery', cookie: 'apiContent.inCookie' } as const;

/** "Authentication" of an operation: the alternatives it accepts, each linking to its scheme on the overview. */
export function SecurityRequirements({
  site,
  api,
  security,
  idPrefix,
  level = 2,
}: {
  site: SiteView;
  api: ApiModel;
  security: readonly ApiSecurityRequirement[];
  idPrefix: string;
  level?: number;
}): React.JSX.Element {
  const byKey = new Map(api.securitySchemes.map((s) => [s.key, s]));
  const anonymous = security.length === 0 || security.every((r) => r.schemes.length === 0);
  return (
    <section className="api-section api-auth-needed" aria-labelledby={sectionLabel(idPrefix, 'authentication')}>
      <Heading level={level} className="api-section__title" id={`${idPrefix}authentication`}>
        <T k="apiContent.authentication" />
      </Heading>
      {anonymous ? (
        <p className="api-muted">
          <T k="apiContent.noAuthentication" />
        </p>
      ) : (
        <>
          {security.length > 1 ? (
            <p className="api-muted">
              <T k="apiContent.anyOfSchemes" />
            </p>
          ) : null}
          <ul className="api-security">
            {security.map((req, i) => (
              <li key={i} className="api-security__option">
                {req.schemes.length === 0 ? (
                  <T k="apiContent.noAuthentication" />
                ) : (
                  req.schemes.map((ref, j) => {
                    const scheme = byKey.get(ref.key);
                    return (
                      <span className="api-security__scheme" key={ref.key}>
                        {j > 0 ? ' + ' : null}
                        {scheme ? (
                          <a href={site.url(`${api.basePath}#${scheme.anchor}`)}>
                            <T k={schemeKind(scheme)} />
                          </a>
                        ) : (
                          <code>{ref.key}</code>
                        )}
                        {scheme?.type === 'apiKey' && scheme.name ? (
                          <>
                            {' '}
                            <code>{scheme.name}</code>
                          </>
                        ) : null}
                        {ref.scopes.length ? <span className="api-security__scopes"> ({ref.scopes.join(', ')})</span> : null}
                      </span>
                    );
                  })
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Every scheme of the document, on the overview. */
export function SecuritySchemes({ api }: { api: ApiModel }): React.JSX.Element | null {
  if (!api.securitySchemes.length) return null;
  return (
    <section className="api-section" aria-labelledby="authentication">
      <h2 className="api-section__title" id="authentication">
        <T k="apiContent.authentication" />
      </h2>
      <div className="api-schemes">
        {api.securitySchemes.map((s) => (
          <div className="api-scheme" id={s.anchor} key={s.key}>
            <h3 className="api-scheme__title">
              <T k={schemeKind(s)} /> <code className="api-scheme__key">{s.key}</code>
            </h3>
            <dl className="api-facts">
              {s.type === 'http' ? (
                <>
                  <dt>HTTP</dt>
                  <dd>
                    <code>Authorization: {s.scheme === 'basic' ? 'Basic' : s.scheme === 'bearer' ? 'Bearer' : (s.scheme ?? '')} …</code>
                    {s.bearerFormat ? <> ({s.bearerFormat})</> : null}
                  </dd>
                </>
              ) : null}
              {s.type === 'apiKey' && s.name && s.in ? (
                <>
                  <dt>
                    <T k={IN_KEYS[s.in]} />
                  </dt>
                  <dd>
                    <code>{s.name}</code>
                  </dd>
                </>
              ) : null}
              {s.openIdConnectUrl ? (
                <>
                  <dt>OpenID Connect</dt>
                  <dd>
                    <a href={s.openIdConnectUrl}>{s.openIdConnectUrl}</a>
                  </dd>
                </>
              ) : null}
              {s.flows.map((f) => (
                <div key={f.type} className="api-flow">
                  <dt>OAuth 2.0 · {f.type}</dt>
                  <dd>
                    {f.authorizationUrl ? <FlowUrl k="apiContent.authorizationUrl" url={f.authorizationUrl} /> : null}
                    {f.tokenUrl ? <FlowUrl k="apiContent.tokenUrl" url={f.tokenUrl} /> : null}
                    {f.refreshUrl ? <FlowUrl k="apiContent.refreshUrl" url={f.refreshUrl} /> : null}
                    {f.scopes.length ? (
                      <div className="api-flow__scopes">
                        <T k="apiContent.scopes" />:{' '}
                        {f.scopes.map((sc) => (
                          <span key={sc.name} title={sc.description}>
                            <code>{sc.name}</code>{' '}
                          </span>
                        ))}
                      </div>
                    ) : null}
                  </dd>
                </div>
              ))}
            </dl>
            <Html html={s.description} />
          </div>
        ))}
      </div>
    </section>
  );
}

function FlowUrl({ k, url }: { k: TextKey; url: string }): React.JSX.Element {
  return (
    <div>
      <T k={k} />: <a href={url}>{url}</a>
    </div>
  );
}
