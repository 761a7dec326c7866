import { useEffect, useId, useState } from 'react';
import type { RequestOAuthFlow, RequestScheme } from '../../shared/api-request.js';
import type { TextKey } from '../../shared/i18n.js';
import { L } from './Label.js';
import { chosen, ClientSecretField, Field, Redirect, Reveal, Scopes, Submit, type MethodContext } from './OAuthFields.js';
import type { Discovery } from './oauth.js';
import { clientCredential, discover, FlowError, passwordCredential, startAuthorization } from './oauth-flow.js';

// The ways an OAuth 2.0 or OpenID Connect scheme can be authorized, one form each (OAuthScheme.tsx
// shows the first open and the others folded): the authorization code with PKCE (at the scheme's
// URLs, or at those an OpenID Connect discovery document gives), client credentials, the legacy
// implicit and password flows (marked so, with why: RFC 9700), and a token the reader already has.

/** The authorization code flow with PKCE, at the scheme's URLs or at discovered ones (OpenID Connect: `openid` always asked for). */
function CodeMethod({
  ctx,
  flow,
  primary,
  openId = false,
}: {
  ctx: MethodContext;
  flow: RequestOAuthFlow;
  primary: boolean;
  openId?: boolean;
}): React.JSX.Element {
  const id = useId();
  const [reveal, setReveal] = useState(false);
  return (
    <form
      className="auth-scheme__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ctx.clientId.trim()) return ctx.fail('execute.missingRequired');
        const scopes = chosen(ctx, flow.scopes);
        ctx.run('redirecting', () =>
          startAuthorization({
            site: ctx.site,
            scheme: ctx.scheme,
            flow,
            clientId: ctx.clientId.trim(),
            clientSecret: ctx.clientSecret,
            scopes: openId ? ['openid', ...scopes.filter((s) => s !== 'openid')] : scopes,
            kind: openId ? 'openIdConnect' : 'authorizationCode',
          }),
        );
      }}
    >
      <p className="auth-scheme__where">
        <L k="authorization.authorizationUrl" />: <code>{flow.authorizationUrl}</code>
        <br />
        <L k="authorization.tokenUrl" />: <code>{flow.tokenUrl}</code>
      </p>
      <Field id={`${id}-clientId`} label="authorization.clientId" value={ctx.clientId} onChange={ctx.setClientId} />
      <ClientSecretField ctx={ctx} id={id} reveal={reveal} />
      <Reveal reveal={reveal} setReveal={setReveal} />
      <Scopes ctx={ctx} scopes={flow.scopes} fixed={openId ? ['openid'] : []} />
      <Redirect site={ctx.site} />
      <Submit ctx={ctx} primary={primary} />
    </form>
  );
}

/** OpenID Connect: the discovery document read from the browser, then the code flow at its endpoints. */
function OpenIdMethod({ ctx, url, primary }: { ctx: MethodContext; url: string; primary: boolean }): React.JSX.Element {
  const [state, setState] = useState<{ found?: Discovery; problem?: FlowError['problem'] | undefined; attempt: number }>({ attempt: 0 });
  useEffect(() => {
    let live = true;
    discover(url).then(
      (found) => live && setState((s) => ({ ...s, found, problem: undefined })),
      (error: unknown) =>
        live &&
        setState((s) => ({
          ...s,
          problem: error instanceof FlowError ? error.problem : { kind: 'discovery', url, reason: 'invalid', detail: String(error) },
        })),
    );
    return () => {
      live = false;
    };
  }, [url, state.attempt]);
  const where = (
    <p className="auth-scheme__where">
      <L k="authorization.discoveryUrl" />: <code>{url}</code>
    </p>
  );
  if (state.found)
    return (
      <>
        {where}
        <CodeMethod
          ctx={ctx}
          primary={primary}
          openId
          flow={{
            authorizationUrl: state.found.authorizationUrl,
            tokenUrl: state.found.tokenUrl,
            refreshUrl: undefined,
            scopes: state.found.scopes.map((name) => ({ name, description: '' })),
          }}
        />
      </>
    );
  const problem = state.problem?.kind === 'discovery' ? state.problem : undefined;
  return (
    <>
      {where}
      {problem ? (
        <div className="tryit__problem auth-scheme__problem auth-discovery__problem" role="alert">
          <p>
            {problem.reason === 'unreachable' ? (
              <L k="authorization.discoveryUnreachable" />
            ) : problem.reason === 'status' ? (
              <>
                <L k="authorization.discoveryStatus" /> <code>{problem.detail}</code>.
              </>
            ) : (
              <>
                <L k="authorization.discoveryInvalid" /> {problem.detail}.
              </>
            )}
          </p>
          <button type="button" className="button button--secondary" onClick={() => setState((s) => ({ attempt: s.attempt + 1 }))}>
            <L k="authorization.tryAgain" />
          </button>
        </div>
      ) : (
        <p role="status" className="auth-scheme__busy">
          <L k="authorization.discovering" />
        </p>
      )}
    </>
  );
}

/** Client credentials: a token for the client itself, from the token URL. */
function ClientCredentialsMethod({ ctx, primary }: { ctx: MethodContext; primary: boolean }): React.JSX.Element {
  const id = useId();
  const [reveal, setReveal] = useState(false);
  const scopes = ctx.scheme.clientCredentialsScopes ?? [];
  return (
    <form
      className="auth-scheme__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ctx.clientId.trim() || !ctx.clientSecret) return ctx.fail('execute.missingRequired');
        ctx.run('gettingToken', () =>
          clientCredential({ tokenUrl: ctx.scheme.tokenUrl!, clientId: ctx.clientId.trim(), clientSecret: ctx.clientSecret, scopes: chosen(ctx, scopes) }),
        );
      }}
    >
      <p className="auth-scheme__where">
        <L k="authorization.tokenUrl" />: <code>{ctx.scheme.tokenUrl}</code>
      </p>
      <Field id={`${id}-clientId`} label="authorization.clientId" value={ctx.clientId} onChange={ctx.setClientId} />
      <ClientSecretField ctx={ctx} id={id} reveal={reveal} required />
      <Reveal reveal={reveal} setReveal={setReveal} />
      <Scopes ctx={ctx} scopes={scopes} />
      <Submit ctx={ctx} primary={primary} />
    </form>
  );
}

/** The implicit flow (legacy): response_type=token, the token back in the redirect's fragment. */
function ImplicitMethod({ ctx, primary }: { ctx: MethodContext; primary: boolean }): React.JSX.Element {
  const id = useId();
  const flow = ctx.scheme.implicit!;
  return (
    <form
      className="auth-scheme__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ctx.clientId.trim()) return ctx.fail('execute.missingRequired');
        ctx.run('redirecting', () =>
          startAuthorization({
            site: ctx.site,
            scheme: ctx.scheme,
            flow,
            clientId: ctx.clientId.trim(),
            clientSecret: '',
            scopes: chosen(ctx, flow.scopes),
            responseType: 'token',
          }),
        );
      }}
    >
      <p className="auth-scheme__where">
        <L k="authorization.authorizationUrl" />: <code>{flow.authorizationUrl}</code>
      </p>
      <Field id={`${id}-clientId`} label="authorization.clientId" value={ctx.clientId} onChange={ctx.setClientId} />
      <Scopes ctx={ctx} scopes={flow.scopes} />
      <Redirect site={ctx.site} />
      <Submit ctx={ctx} primary={primary} />
    </form>
  );
}

/** The password flow (legacy): the user's username and password go to the token URL. */
function PasswordMethod({ ctx, primary }: { ctx: MethodContext; primary: boolean }): React.JSX.Element {
  const id = useId();
  const flow = ctx.scheme.password!;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [reveal, setReveal] = useState(false);
  return (
    <form
      className="auth-scheme__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!username.trim() || !password) return ctx.fail('execute.missingRequired');
        ctx.run('gettingToken', async () => {
          const credential = await passwordCredential({
            tokenUrl: flow.tokenUrl,
            refreshUrl: flow.refreshUrl,
            username: username.trim(),
            password,
            clientId: ctx.clientId.trim(),
            clientSecret: ctx.clientSecret,
            scopes: chosen(ctx, flow.scopes),
          });
          // The password served once, for the token: it is not kept.
          setPassword('');
          return credential;
        });
      }}
    >
      <p className="auth-scheme__where">
        <L k="authorization.tokenUrl" />: <code>{flow.tokenUrl}</code>
      </p>
      <Field id={`${id}-username`} label="authorization.username" value={username} onChange={setUsername} autoComplete="username" />
      <Field id={`${id}-password`} label="authorization.password" value={password} onChange={setPassword} secret reveal={reveal} />
      <Field id={`${id}-clientId`} label="authorization.clientIdOptional" value={ctx.clientId} onChange={ctx.setClientId} />
      <ClientSecretField ctx={ctx} id={id} reveal={reveal} />
      <Reveal reveal={reveal} setReveal={setReveal} />
      <Scopes ctx={ctx} scopes={flow.scopes} />
      <Submit ctx={ctx} primary={primary} />
    </form>
  );
}

/** A token the reader already has, sent as a bearer token as it is. */
function PastedTokenMethod({ ctx }: { ctx: MethodContext }): React.JSX.Element {
  const id = useId();
  const [token, setToken] = useState('');
  const [reveal, setReveal] = useState(false);
  return (
    <form
      className="auth-scheme__form auth-pasted"
      onSubmit={(e) => {
        e.preventDefault();
        const value = token.trim();
        if (!value) return ctx.fail('execute.missingRequired');
        ctx.run('gettingToken', async () => {
          setToken('');
          return { kind: 'oauth2', flow: 'pasted', clientId: '', clientSecret: '', scopes: '', token: value };
        });
      }}
    >
      <p className="auth-scheme__where">
        <L k="authorization.pastedNote" />
      </p>
      <Field id={`${id}-token`} label="authorization.accessToken" value={token} onChange={setToken} secret reveal={reveal} />
      <Reveal reveal={reveal} setReveal={setReveal} />
      <Submit ctx={ctx} primary={false} label="authorization.useAccessToken" />
    </form>
  );
}

/** The methods a scheme offers, in the order shown: the first is open, the others folded. */
export type Method = 'openIdConnect' | 'authorizationCode' | 'clientCredentials' | 'implicit' | 'password' | 'pasted';

export function methodsOf(scheme: RequestScheme): Method[] {
  const out: Method[] = [];
  if (scheme.type === 'openIdConnect' && scheme.openIdConnectUrl) out.push('openIdConnect');
  if (scheme.type === 'oauth2') {
    if (scheme.authorizationCode) out.push('authorizationCode');
    if (scheme.tokenUrl) out.push('clientCredentials');
    if (scheme.implicit) out.push('implicit');
    if (scheme.password) out.push('password');
  }
  out.push('pasted');
  return out;
}

export const METHOD_TITLE: Record<Method, TextKey> = {
  openIdConnect: 'authorization.methodOpenIdConnect',
  authorizationCode: 'authorization.methodCode',
  clientCredentials: 'authorization.methodClientCredentials',
  implicit: 'authorization.methodImplicit',
  password: 'authorization.methodPassword',
  pasted: 'authorization.methodPasted',
};

/** Why a legacy flow is legacy (RFC 9700), one line. */
export const LEGACY_REASON: Partial<Record<Method, TextKey>> = {
  implicit: 'authorization.legacyImplicit',
  password: 'authorization.legacyPassword',
};

export function MethodForm({ method, ctx, primary }: { method: Method; ctx: MethodContext; primary: boolean }): React.JSX.Element | null {
  switch (method) {
    case 'openIdConnect':
      return <OpenIdMethod ctx={ctx} url={ctx.scheme.openIdConnectUrl!} primary={primary} />;
    case 'authorizationCode':
      return <CodeMethod ctx={ctx} flow={ctx.scheme.authorizationCode!} primary={primary} />;
    case 'clientCredentials':
      return <ClientCredentialsMethod ctx={ctx} primary={primary} />;
    case 'implicit':
      return <ImplicitMethod ctx={ctx} primary={primary} />;
    case 'password':
      return <PasswordMethod ctx={ctx} primary={primary} />;
    case 'pasted':
      return <PastedTokenMethod ctx={ctx} />;
  }
}
