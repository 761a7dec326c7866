import { useEffect, useId, useRef, useState } from 'react';
import type { ApiPanelSite, RequestOAuthFlow, RequestScheme } from '../../shared/api-request.js';
import type { TextKey } from '../../shared/i18n.js';
import { setCredential, useCredentials } from './auth-store.js';
import { L, useText } from './Label.js';
import { REFRESH_AHEAD_MS, type AuthorizationAnswer } from './oauth.js';
import {
  completeAuthorization,
  FlowError,
  redirectUri,
  refreshCredential,
  startAuthorization,
  type FlowProblem,
  type PendingAuthorization,
} from './oauth-flow.js';

// An OAuth 2.0 scheme with an authorization-code flow: client id (and secret, for a confidential
// client), the flow's scopes, "Authorize" (to the authorization server and back, with PKCE); then
// the token's expiry, refreshed before it lapses when the server gave a refresh token.

export interface Returned {
  pending: PendingAuthorization;
  answer: AuthorizationAnswer;
}

type Busy = 'redirecting' | 'exchanging' | 'refreshing' | undefined;
type Problem = FlowProblem | { kind: 'message'; text: string } | { kind: 'refresh'; problem: FlowProblem | { kind: 'message'; text: string } };

const BUSY_TEXT: Record<NonNullable<Busy>, TextKey> = {
  redirecting: 'authorization.redirecting',
  exchanging: 'authorization.exchangingCode',
  refreshing: 'authorization.refreshing',
};

function deniedHint(error: string): TextKey {
  if (error === 'access_denied') return 'authorization.oauthDeniedAccess';
  if (error === 'invalid_scope') return 'authorization.oauthDeniedScope';
  if (error === 'unauthorized_client' || error === 'invalid_request' || error === 'unsupported_response_type') return 'authorization.oauthDeniedClient';
  return 'authorization.oauthDeniedOther';
}

function problemOf(error: unknown): FlowProblem | { kind: 'message'; text: string } {
  return error instanceof FlowError ? error.problem : { kind: 'message', text: error instanceof Error ? error.message : String(error) };
}

function ProblemText({ problem }: { problem: Problem }): React.JSX.Element {
  switch (problem.kind) {
    case 'authorization':
      return (
        <>
          <L k="authorization.oauthDenied" /> <code>{problem.error}</code>
          {problem.description ? ` (${problem.description})` : ''}. <L k={deniedHint(problem.error)} />
        </>
      );
    case 'state':
      return <L k="authorization.oauthState" />;
    case 'exchange':
      return (
        <>
          <L k="authorization.oauthExchange" /> <code>{[problem.status, problem.error].filter(Boolean).join(' ')}</code>
          {problem.description ? ` (${problem.description})` : ''}. <L k="authorization.oauthExchangeHint" />
        </>
      );
    case 'cors':
      return (
        <>
          <L k="authorization.oauthCors" /> <code>{problem.url}</code>
        </>
      );
    case 'unreachable':
      return (
        <>
          <L k="authorization.oauthUnreachable" /> <code>{problem.url}</code>
        </>
      );
    case 'refresh':
      return (
        <>
          <L k="authorization.refreshFailed" /> <ProblemText problem={problem.problem} />
        </>
      );
    case 'message':
      return <>{problem.text}</>;
  }
}

/** The token's expiry, re-rendered when it passes. */
function Expiry({ expiresAt, refreshable }: { expiresAt: number | undefined; refreshable: boolean }): React.JSX.Element {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === undefined || expiresAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(expiresAt - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [expiresAt, now]);
  if (expiresAt === undefined)
    return (
      <p className="auth-scheme__where">
        <L k="authorization.expiresUnknown" />
      </p>
    );
  if (expiresAt <= now)
    return (
      <p className="tryit__problem auth-scheme__expired" role="alert">
        <L k="authorization.tokenExpired" />
      </p>
    );
  return (
    <p className="auth-scheme__where auth-scheme__expiry">
      <L k="authorization.expiresAt" /> <time dateTime={new Date(expiresAt).toISOString()}>{new Date(expiresAt).toLocaleTimeString()}</time>.
      {refreshable ? (
        <>
          {' '}
          <L k="authorization.refreshable" />
        </>
      ) : null}
    </p>
  );
}

export function AuthCodeForm({
  scheme,
  flow,
  site,
  returned,
  title,
}: {
  scheme: RequestScheme;
  flow: RequestOAuthFlow;
  site: ApiPanelSite;
  returned: Returned | undefined;
  title: React.ReactNode;
}): React.JSX.Element {
  const id = useId();
  const t = useText();
  const stored = useCredentials(site.authKey)[scheme.key];
  const credential = stored?.kind === 'oauth2' ? stored : undefined;
  const [editing, setEditing] = useState(false);
  const [clientId, setClientId] = useState(() => returned?.pending.clientId ?? credential?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState(() => returned?.pending.clientSecret ?? credential?.clientSecret ?? '');
  const [scopes, setScopes] = useState<Set<string>>(() => new Set((returned?.pending.scopes ?? credential?.scopes ?? '').split(' ').filter(Boolean)));
  const [reveal, setReveal] = useState(false);
  const [busy, setBusy] = useState<Busy>(returned ? 'exchanging' : undefined);
  const [problem, setProblem] = useState<Problem | undefined>();
  const took = useRef(false);
  const authorized = stored !== undefined;

  // Back from the authorization server: check the answer and exchange the code, once.
  useEffect(() => {
    if (!returned || took.current) return;
    took.current = true;
    completeAuthorization(returned.pending, returned.answer).then(
      (c) => {
        setCredential(site.authKey, scheme.key, c);
        setBusy(undefined);
        setEditing(false);
      },
      (error: unknown) => {
        setProblem(problemOf(error));
        setBusy(undefined);
      },
    );
  }, [returned, site.authKey, scheme.key]);

  const refresh = (): void => {
    if (!credential) return;
    setBusy('refreshing');
    setProblem(undefined);
    refreshCredential(site, scheme, credential).then(
      () => setBusy(undefined),
      (error: unknown) => {
        setProblem({ kind: 'refresh', problem: problemOf(error) });
        setBusy(undefined);
      },
    );
  };

  // A refresh token: refresh shortly before the access token expires (while the panel is open in the page).
  const refreshAt = credential?.refreshToken && credential.expiresAt !== undefined ? credential.expiresAt - REFRESH_AHEAD_MS : undefined;
  useEffect(() => {
    if (refreshAt === undefined || problem) return;
    const timer = setTimeout(refresh, Math.max(0, Math.min(refreshAt - Date.now(), 2 ** 31 - 1)));
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh reads the credential this effect follows
  }, [refreshAt, problem]);

  const authorize = async (): Promise<void> => {
    if (!clientId.trim()) return setProblem({ kind: 'message', text: t('execute.missingRequired') });
    setProblem(undefined);
    setBusy('redirecting');
    try {
      const chosen = flow.scopes.map((s) => s.name).filter((name) => scopes.has(name));
      await startAuthorization({ site, scheme, flow, clientId: clientId.trim(), clientSecret, scopes: chosen });
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(undefined);
    }
  };

  let redirect = '';
  try {
    redirect = redirectUri(site);
  } catch {
    // Not in a browser: the dialog is never rendered on the server.
  }
  const fieldsShown = (!authorized || editing) && busy !== 'exchanging';
  return (
    <section className={`auth-scheme${authorized ? ' auth-scheme--authorized' : ''}`} aria-labelledby={`${id}-title`} data-oauth-scheme={scheme.key}>
      <header className="auth-scheme__header">
        <h3 className="auth-scheme__title" id={`${id}-title`}>
          {title} <code className="auth-scheme__key">{scheme.key}</code>
        </h3>
        <span className="auth-state" data-authorized={authorized ? '' : undefined}>
          {authorized ? <L k="authorization.authorized" /> : <L k="authorization.pending" />}
        </span>
      </header>
      {scheme.description ? <p className="auth-scheme__description">{scheme.description}</p> : null}
      <p className="auth-scheme__where">
        <L k="authorization.authorizationUrl" />: <code>{flow.authorizationUrl}</code>
        <br />
        <L k="authorization.tokenUrl" />: <code>{flow.tokenUrl}</code>
      </p>
      {busy ? (
        <p role="status" className="auth-scheme__busy">
          <L k={BUSY_TEXT[busy]} />
        </p>
      ) : null}
      {problem ? (
        <p className="tryit__problem auth-scheme__problem" role="alert">
          <ProblemText problem={problem} />
        </p>
      ) : null}
      {fieldsShown ? (
        <form
          className="auth-scheme__form"
          onSubmit={(e) => {
            e.preventDefault();
            void authorize();
          }}
        >
          <div className="tryit__field">
            <label className="tryit__label" htmlFor={`${id}-clientId`}>
              <L k="authorization.clientId" />
            </label>
            <input
              id={`${id}-clientId`}
              className="tryit__input"
              autoComplete="off"
              spellCheck={false}
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
            />
          </div>
          <div className="tryit__field">
            <label className="tryit__label" htmlFor={`${id}-clientSecret`}>
              <L k="authorization.clientSecretOptional" />
            </label>
            <input
              id={`${id}-clientSecret`}
              className="tryit__input"
              type={reveal ? 'text' : 'password'}
              autoComplete="off"
              spellCheck={false}
              value={clientSecret}
              onChange={(e) => setClientSecret(e.target.value)}
            />
          </div>
          <label className="auth-scheme__reveal">
            <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} /> <L k="authorization.show" />
          </label>
          <fieldset className="auth-scopes">
            <legend className="tryit__label">
              <L k="authorization.scopes" />
            </legend>
            {flow.scopes.length ? (
              flow.scopes.map((s) => (
                <label className="auth-scopes__item" key={s.name}>
                  <input
                    type="checkbox"
                    checked={scopes.has(s.name)}
                    onChange={(e) => {
                      const next = new Set(scopes);
                      if (e.target.checked) next.add(s.name);
                      else next.delete(s.name);
                      setScopes(next);
                    }}
                  />
                  <span>
                    <code>{s.name}</code>
                    {s.description ? <span className="auth-scopes__description"> {s.description}</span> : null}
                  </span>
                </label>
              ))
            ) : (
              <p className="api-muted">
                <L k="authorization.noScopes" />
              </p>
            )}
          </fieldset>
          {redirect ? (
            <p className="auth-scheme__where">
              <L k="authorization.redirectUrl" />: <code className="auth-scheme__redirect">{redirect}</code>
            </p>
          ) : null}
          <div className="tryit__actions">
            <button type="submit" className="button button--primary auth-scheme__submit" disabled={busy !== undefined}>
              <L k="authorization.authorize" />
            </button>
            {editing ? (
              <button type="button" className="button button--secondary" onClick={() => (setEditing(false), setProblem(undefined))}>
                <L k="execute.cancel" />
              </button>
            ) : null}
          </div>
        </form>
      ) : credential ? (
        <>
          <Expiry expiresAt={credential.expiresAt} refreshable={!!credential.refreshToken} />
          {credential.scopes ? (
            <p className="auth-scheme__where">
              <L k="authorization.grantedScopes" />: <code>{credential.scopes}</code>
            </p>
          ) : null}
          <div className="tryit__actions">
            {credential.refreshToken ? (
              <button type="button" className="button button--secondary auth-scheme__refresh" disabled={busy !== undefined} onClick={refresh}>
                <L k="authorization.refresh" />
              </button>
            ) : null}
            <button type="button" className="button button--secondary auth-scheme__edit" onClick={() => setEditing(true)}>
              <L k="authorization.edit" />
            </button>
            <button
              type="button"
              className="button button--secondary auth-scheme__forget"
              onClick={() => {
                setCredential(site.authKey, scheme.key, undefined);
                setProblem(undefined);
              }}
            >
              <L k="authorization.forget" />
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
