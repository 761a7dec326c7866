import { useEffect, useId, useRef, useState } from 'react';
import type { Credential } from '../../shared/api-auth.js';
import type { ApiPanelSite, RequestScheme } from '../../shared/api-request.js';
import type { TextKey } from '../../shared/i18n.js';
import { setCredential, useCredentials } from './auth-store.js';
import { L, TimeOfDay, useText } from './Label.js';
import { useSchemeCard } from './live.js';
import { REFRESH_AHEAD_MS, type AuthorizationAnswer } from './oauth.js';
import { completeAuthorization, FlowError, refreshCredential, type FlowProblem, type PendingAuthorization } from './oauth-flow.js';
import { LEGACY_REASON, METHOD_TITLE, MethodForm, methodsOf, type Method } from './OAuthMethods.js';
import type { MethodContext } from './OAuthFields.js';

// An OAuth 2.0 or OpenID Connect scheme: its ways to authorize (OAuthMethods.tsx), the first open,
// the others folded; the answer of an authorization server taken on the way back (the state
// checked, the code exchanged); then the token's expiry, refreshed before it lapses when the server
// gave a refresh token, with Edit and Forget. Focus and what the dialog's live region says follow
// AuthPanel.tsx's plain schemes; controls stay enabled (aria-disabled) while a token is fetched,
// so that the focus stays on them.

export interface Returned {
  pending: PendingAuthorization;
  answer: AuthorizationAnswer;
}

type Busy = 'redirecting' | 'exchanging' | 'refreshing' | 'gettingToken' | undefined;
type Problem =
  | FlowProblem
  | { kind: 'message'; text: string }
  | { kind: 'refresh'; problem: FlowProblem | { kind: 'message'; text: string } }
  | { kind: 'token'; problem: FlowProblem };

const BUSY_TEXT: Record<NonNullable<Busy>, TextKey> = {
  redirecting: 'authorization.redirecting',
  exchanging: 'authorization.exchangingCode',
  refreshing: 'authorization.refreshing',
  gettingToken: 'authorization.gettingToken',
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
    case 'token':
      return problem.problem.kind === 'exchange' ? (
        <>
          <L k="authorization.tokenError" /> <code>{[problem.problem.status, problem.problem.error].filter(Boolean).join(' ')}</code>
          {problem.problem.description ? ` (${problem.problem.description})` : ''}.
        </>
      ) : (
        <ProblemText problem={problem.problem} />
      );
    case 'discovery':
      return (
        <>
          <L k="authorization.discoveryUnreachable" /> <code>{problem.url}</code>
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
      <L k="authorization.expiresAt" /> <TimeOfDay at={expiresAt} />.
      {refreshable ? (
        <>
          {' '}
          <L k="authorization.refreshable" />
        </>
      ) : null}
    </p>
  );
}

/** How the token in use was obtained, when that is not the scheme's only way. */
function obtainedBy(c: Extract<Credential, { kind: 'oauth2' }>): Method {
  return c.flow === 'pasted' || c.flow === 'implicit' || c.flow === 'password' || c.flow === 'clientCredentials' || c.flow === 'openIdConnect'
    ? c.flow
    : c.flow === 'authorizationCode'
      ? 'authorizationCode'
      : 'clientCredentials';
}

export function OAuthScheme({ scheme, site, returned }: { scheme: RequestScheme; site: ApiPanelSite; returned: Returned | undefined }): React.JSX.Element {
  const id = useId();
  const t = useText();
  const stored = useCredentials(site.authKey)[scheme.key];
  const credential = stored?.kind === 'oauth2' ? stored : undefined;
  const defaults = site.oauth?.[scheme.key];
  const [editing, setEditing] = useState(false);
  const [clientId, setClientId] = useState(() => returned?.pending.clientId ?? credential?.clientId ?? defaults?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState(() => returned?.pending.clientSecret ?? credential?.clientSecret ?? '');
  const [scopes, setScopes] = useState<Set<string>>(
    () => new Set(returned?.pending.scopes.split(' ') ?? credential?.scopes.split(' ') ?? defaults?.scopes ?? []),
  );
  const [busy, setBusy] = useState<Busy>(returned ? 'exchanging' : undefined);
  const [problem, setProblem] = useState<Problem | undefined>();
  const took = useRef(false);
  const { card, changed } = useSchemeCard(scheme.key);
  const authorized = stored !== undefined;
  const methods = methodsOf(scheme);
  /** A credential was obtained: kept, and said. */
  const obtained = (c: Credential): void => {
    setCredential(site.authKey, scheme.key, c);
    setBusy(undefined);
    setEditing(false);
    changed(<L k="authorization.authorized" />);
  };

  // Back from the authorization server: check the answer and exchange the code (or take the implicit flow's token), once.
  useEffect(() => {
    if (!returned || took.current) return;
    took.current = true;
    completeAuthorization(returned.pending, returned.answer).then(obtained, (error: unknown) => {
      setProblem(problemOf(error));
      setBusy(undefined);
    });
  }, [returned, site.authKey, scheme.key]);

  const refresh = (): void => {
    if (!credential || busy) return;
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

  const ctx: MethodContext = {
    scheme,
    site,
    clientId,
    setClientId,
    clientSecret,
    setClientSecret,
    scopes,
    setScopes,
    busy: busy !== undefined,
    fail: (k) => setProblem({ kind: 'message', text: t(k) }),
    run: (what, task) => {
      // Pressed again while busy (the button stays enabled, to keep the focus): once is enough.
      if (busy) return;
      setProblem(undefined);
      setBusy(what);
      task().then(
        (c) => {
          // Leaving for the authorization server: the page goes, "redirecting" stays until it does.
          if (c) obtained(c);
        },
        (error: unknown) => {
          const p = problemOf(error);
          setProblem(what === 'gettingToken' && p.kind !== 'message' ? { kind: 'token', problem: p } : p);
          setBusy(undefined);
        },
      );
    },
  };

  const fieldsShown = (!authorized || editing) && busy !== 'exchanging';
  const title = (m: Method): React.JSX.Element => (
    <>
      <L k={METHOD_TITLE[m]} />
      {LEGACY_REASON[m] ? (
        <span className="auth-legacy">
          {' '}
          <L k="authorization.legacy" />
        </span>
      ) : null}
    </>
  );
  const reason = (m: Method): React.JSX.Element | null =>
    LEGACY_REASON[m] ? (
      <p className="auth-flow__legacy">
        <L k={LEGACY_REASON[m]} />
      </p>
    ) : null;
  return (
    <section
      className={`auth-scheme${authorized ? ' auth-scheme--authorized' : ''}`}
      aria-labelledby={`${id}-title`}
      data-auth-scheme={scheme.key}
      data-oauth-scheme={scheme.key}
      ref={card}
      tabIndex={-1}
    >
      <header className="auth-scheme__header">
        <h3 className="auth-scheme__title" id={`${id}-title`}>
          <L k={scheme.type === 'openIdConnect' ? 'authorization.openIdConnect' : 'authorization.oauth2Title'} />{' '}
          <code className="auth-scheme__key">{scheme.key}</code>
        </h3>
        <span className="auth-state" data-authorized={authorized ? '' : undefined}>
          {authorized ? <L k="authorization.authorized" /> : <L k="authorization.pending" />}
        </span>
      </header>
      {scheme.description ? <p className="auth-scheme__description">{scheme.description}</p> : null}
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
        <>
          <div className="auth-flow auth-flow--primary" data-method={methods[0]} role="group" aria-labelledby={`${id}-m0`}>
            <h4 className="auth-flow__title" id={`${id}-m0`}>
              {title(methods[0]!)}
            </h4>
            {reason(methods[0]!)}
            <MethodForm method={methods[0]!} ctx={ctx} primary />
          </div>
          {methods.slice(1).map((m) => (
            <details className="auth-flow" data-method={m} key={m}>
              <summary className="auth-flow__title">{title(m)}</summary>
              {reason(m)}
              <MethodForm method={m} ctx={ctx} primary={false} />
            </details>
          ))}
          {editing ? (
            <div className="tryit__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setEditing(false);
                  setProblem(undefined);
                  changed(<L k="authorization.authorized" />, () => card.current?.querySelector<HTMLElement>('.auth-scheme__edit'));
                }}
              >
                <L k="execute.cancel" />
              </button>
            </div>
          ) : null}
        </>
      ) : credential ? (
        <>
          {credential.flow === 'pasted' ? (
            <p className="auth-scheme__where">
              <L k="authorization.pastedInUse" />
            </p>
          ) : (
            <>
              {methods.length > 2 ? (
                <p className="auth-scheme__where">
                  <L k="authorization.obtainedWith" /> <L k={METHOD_TITLE[obtainedBy(credential)]} />.
                </p>
              ) : null}
              <Expiry expiresAt={credential.expiresAt} refreshable={!!credential.refreshToken} />
            </>
          )}
          {credential.scopes ? (
            <p className="auth-scheme__where">
              <L k="authorization.grantedScopes" />: <code>{credential.scopes}</code>
            </p>
          ) : null}
          <div className="tryit__actions">
            {credential.refreshToken ? (
              <button type="button" className="button button--secondary auth-scheme__refresh" aria-disabled={busy !== undefined || undefined} onClick={refresh}>
                <L k="authorization.refresh" />
              </button>
            ) : null}
            <button
              type="button"
              className="button button--secondary auth-scheme__edit"
              onClick={() => {
                setEditing(true);
                // The first field of the way shown open.
                changed(<L k="authorization.editing" />, () => card.current?.querySelector<HTMLElement>('.auth-flow--primary input:not([type="checkbox"])'));
              }}
            >
              <L k="authorization.edit" />
            </button>
            <button
              type="button"
              className="button button--secondary auth-scheme__forget"
              onClick={() => {
                setCredential(site.authKey, scheme.key, undefined);
                setProblem(undefined);
                changed(<L k="authorization.pending" />);
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
