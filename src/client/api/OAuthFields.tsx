import type { Credential } from '../../shared/api-auth.js';
import type { ApiPanelSite, RequestScheme, RequestScope } from '../../shared/api-request.js';
import type { TextKey } from '../../shared/i18n.js';
import { L } from './Label.js';
import { redirectUri } from './oauth-flow.js';

// The parts the OAuth forms (OAuthMethods.tsx) are made of: a labelled field, the show-secret
// toggle, the scope checkboxes, the submit button and the redirect URL to register.

/** What the forms of one scheme share: the client, the chosen scopes, and how a method reports. */
export interface MethodContext {
  scheme: RequestScheme;
  site: ApiPanelSite;
  clientId: string;
  setClientId: (v: string) => void;
  clientSecret: string;
  setClientSecret: (v: string) => void;
  scopes: ReadonlySet<string>;
  setScopes: (v: Set<string>) => void;
  busy: boolean;
  /** Runs a method: busy meanwhile, its error shown; a credential it yields is kept. */
  run: (busy: 'redirecting' | 'gettingToken', task: () => Promise<Credential | void>) => void;
  fail: (text: TextKey) => void;
}

export function Field({
  id,
  label,
  value,
  onChange,
  secret = false,
  reveal = false,
  autoComplete = 'off',
}: {
  id: string;
  label: TextKey;
  value: string;
  onChange: (v: string) => void;
  secret?: boolean;
  reveal?: boolean;
  autoComplete?: string;
}): React.JSX.Element {
  return (
    <div className="tryit__field">
      <label className="tryit__label" htmlFor={id}>
        <L k={label} />
      </label>
      <input
        id={id}
        className="tryit__input"
        type={secret && !reveal ? 'password' : 'text'}
        autoComplete={autoComplete}
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The client secret the forms share (optional but for client credentials), shown with the form's Reveal. */
export function ClientSecretField({
  ctx,
  id,
  reveal,
  required = false,
}: {
  ctx: MethodContext;
  id: string;
  reveal: boolean;
  required?: boolean;
}): React.JSX.Element {
  return (
    <Field
      id={`${id}-clientSecret`}
      label={required ? 'authorization.clientSecret' : 'authorization.clientSecretOptional'}
      value={ctx.clientSecret}
      onChange={ctx.setClientSecret}
      secret
      reveal={reveal}
    />
  );
}

export function Reveal({ reveal, setReveal }: { reveal: boolean; setReveal: (v: boolean) => void }): React.JSX.Element {
  return (
    <label className="auth-scheme__reveal">
      <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} /> <L k="authorization.show" />
    </label>
  );
}

export function Scopes({ ctx, scopes, fixed = [] }: { ctx: MethodContext; scopes: readonly RequestScope[]; fixed?: readonly string[] }): React.JSX.Element {
  return (
    <fieldset className="auth-scopes">
      <legend className="tryit__label">
        <L k="authorization.scopes" />
      </legend>
      {scopes.length ? (
        scopes.map((s) => {
          const always = fixed.includes(s.name);
          return (
            <label className="auth-scopes__item" key={s.name}>
              <input
                type="checkbox"
                checked={always || ctx.scopes.has(s.name)}
                disabled={always}
                onChange={(e) => {
                  const next = new Set(ctx.scopes);
                  if (e.target.checked) next.add(s.name);
                  else next.delete(s.name);
                  ctx.setScopes(next);
                }}
              />
              <span>
                <code>{s.name}</code>
                {always ? (
                  <span className="auth-scopes__description">
                    {' '}
                    <L k="authorization.openIdAlways" />
                  </span>
                ) : s.description ? (
                  <span className="auth-scopes__description"> {s.description}</span>
                ) : null}
              </span>
            </label>
          );
        })
      ) : (
        <p className="api-muted">
          <L k="authorization.noScopes" />
        </p>
      )}
    </fieldset>
  );
}

export const chosen = (ctx: MethodContext, scopes: readonly RequestScope[]): string[] => scopes.map((s) => s.name).filter((n) => ctx.scopes.has(n));

export function Submit({ ctx, primary, label = 'authorization.authorize' }: { ctx: MethodContext; primary: boolean; label?: TextKey }): React.JSX.Element {
  return (
    <div className="tryit__actions">
      {/* Enabled while busy (the press is ignored then): a disabled button would drop the focus to the page. */}
      <button
        type="submit"
        className={`button ${primary ? 'button--primary auth-scheme__submit' : 'button--secondary auth-flow__submit'}`}
        aria-disabled={ctx.busy || undefined}
      >
        <L k={label} />
      </button>
    </div>
  );
}

export function Redirect({ site }: { site: ApiPanelSite }): React.JSX.Element | null {
  let redirect = '';
  try {
    redirect = redirectUri(site);
  } catch {
    // Not in a browser: the dialog is never rendered on the server.
  }
  return redirect ? (
    <p className="auth-scheme__where">
      <L k="authorization.redirectUrl" />: <code className="auth-scheme__redirect">{redirect}</code>
    </p>
  ) : null;
}
