import { useEffect, useId, useRef, useState } from 'react';
import type { Credential } from '../../shared/api-auth.js';
import type { ApiPanelSite, RequestScheme } from '../../shared/api-request.js';
import type { TextKey } from '../../shared/i18n.js';
import { setCredential, setRemember, useCredentials, useRemember } from './auth-store.js';
import { OAuthScheme, type Returned } from './OAuthScheme.js';
import { L, useText } from './Label.js';
import { AnnounceContext, useAnnouncer, useSchemeCard } from './live.js';
import { takeCallback } from './oauth-flow.js';

// The authorization panel: a dialog with a form per security scheme of the document. A scheme is
// Pending until the reader authorizes it (OAuth 2.0 and OpenID Connect: OAuthScheme.tsx, whose
// flows fetch a token or go to the authorization server and back);
// Authorized shows what is set, with Edit (then Confirm) and Forget. After each, focus goes to what
// holds the new state (the scheme's card, or its first field for Edit) and the dialog's live region
// says it (live.tsx).

type Draft = Record<string, string>;

function kindOf(s: RequestScheme): { label: TextKey; fields: { name: string; label: TextKey; secret: boolean }[] } | undefined {
  if (s.type === 'http' && s.scheme === 'bearer')
    return { label: 'authorization.bearerToken', fields: [{ name: 'token', label: 'authorization.token', secret: true }] };
  if (s.type === 'http' && s.scheme === 'basic')
    return {
      label: 'authorization.basicAuth',
      fields: [
        { name: 'username', label: 'authorization.username', secret: false },
        { name: 'password', label: 'authorization.password', secret: true },
      ],
    };
  if (s.type === 'apiKey') return { label: 'authorization.apiKey', fields: [{ name: 'value', label: 'authorization.apiKey', secret: true }] };
  return undefined;
}

function draftOf(c: Credential | undefined): Draft {
  if (!c) return {};
  const { kind: _, ...rest } = c;
  return rest as Draft;
}

function SchemeForm({ scheme, site, returned }: { scheme: RequestScheme; site: ApiPanelSite; returned: Returned | undefined }): React.JSX.Element {
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return <OAuthScheme scheme={scheme} site={site} returned={returned} />;
  return <PlainSchemeForm scheme={scheme} site={site} />;
}

function PlainSchemeForm({ scheme, site }: { scheme: RequestScheme; site: ApiPanelSite }): React.JSX.Element {
  const id = useId();
  const t = useText();
  const stored = useCredentials(site.authKey)[scheme.key];
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(stored));
  const [reveal, setReveal] = useState(false);
  const [status, setStatus] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const { card, changed } = useSchemeCard(scheme.key);
  const kind = kindOf(scheme);
  const authorized = stored !== undefined;

  const save = async (): Promise<void> => {
    if (!kind) return;
    const filled = kind.fields.every((f) => (draft[f.name] ?? '').trim() !== '');
    if (!filled) return setStatus({ busy: false, error: t('execute.missingRequired') });
    let credential: Credential;
    if (scheme.type === 'apiKey') credential = { kind: 'apiKey', value: draft.value! };
    else if (scheme.scheme === 'basic') credential = { kind: 'basic', username: draft.username!, password: draft.password! };
    else credential = { kind: 'bearer', token: draft.token! };
    setCredential(site.authKey, scheme.key, credential);
    setStatus({ busy: false });
    setEditing(false);
    changed(<L k="authorization.authorized" />);
  };
  const firstField = (): HTMLElement | null | undefined => card.current?.querySelector<HTMLElement>('.auth-scheme__form input');

  const fieldsShown = !authorized || editing;
  return (
    <section
      className={`auth-scheme${authorized ? ' auth-scheme--authorized' : ''}`}
      aria-labelledby={`${id}-title`}
      data-auth-scheme={scheme.key}
      ref={card}
      tabIndex={-1}
    >
      <header className="auth-scheme__header">
        <h3 className="auth-scheme__title" id={`${id}-title`}>
          {kind ? <L k={kind.label} /> : scheme.type} <code className="auth-scheme__key">{scheme.key}</code>
        </h3>
        <span className="auth-state" data-authorized={authorized ? '' : undefined}>
          {authorized ? <L k="authorization.authorized" /> : <L k="authorization.pending" />}
        </span>
      </header>
      {scheme.description ? <p className="auth-scheme__description">{scheme.description}</p> : null}
      {scheme.type === 'apiKey' ? (
        <p className="auth-scheme__where">
          <code>{scheme.name}</code> ({scheme.in})
        </p>
      ) : null}
      {scheme.tokenUrl ? (
        <p className="auth-scheme__where">
          <L k="authorization.tokenUrl" />: <code>{scheme.tokenUrl}</code>
        </p>
      ) : null}
      {!kind ? (
        <p className="api-muted">
          <L k="authorization.unsupported" />
        </p>
      ) : fieldsShown ? (
        <form
          className="auth-scheme__form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {kind.fields.map((f) => (
            <div className="tryit__field" key={f.name}>
              <label className="tryit__label" htmlFor={`${id}-${f.name}`}>
                <L k={f.label} />
              </label>
              <input
                id={`${id}-${f.name}`}
                className="tryit__input"
                type={f.secret && !reveal ? 'password' : 'text'}
                autoComplete="off"
                spellCheck={false}
                value={draft[f.name] ?? ''}
                onChange={(e) => setDraft({ ...draft, [f.name]: e.target.value })}
              />
            </div>
          ))}
          <label className="auth-scheme__reveal">
            <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} /> <L k="authorization.show" />
          </label>
          {status.error ? (
            <p className="tryit__problem" role="alert">
              {status.error}
            </p>
          ) : null}
          {status.busy ? (
            <p role="status">
              <L k="authorization.gettingToken" />
            </p>
          ) : null}
          <div className="tryit__actions">
            <button type="submit" className="button button--primary auth-scheme__submit" disabled={status.busy}>
              {authorized ? <L k="authorization.confirm" /> : <L k="authorization.authorize" />}
            </button>
            {editing ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setEditing(false);
                  setDraft(draftOf(stored));
                  changed(<L k="authorization.authorized" />, () => card.current?.querySelector<HTMLElement>('.auth-scheme__edit'));
                }}
              >
                <L k="execute.cancel" />
              </button>
            ) : null}
          </div>
        </form>
      ) : (
        <div className="tryit__actions">
          <button
            type="button"
            className="button button--secondary auth-scheme__edit"
            onClick={() => {
              setDraft(draftOf(stored));
              setEditing(true);
              changed(<L k="authorization.editing" />, firstField);
            }}
          >
            <L k="authorization.edit" />
          </button>
          <button
            type="button"
            className="button button--secondary auth-scheme__forget"
            onClick={() => {
              setCredential(site.authKey, scheme.key, undefined);
              setDraft({});
              changed(<L k="authorization.pending" />);
            }}
          >
            <L k="authorization.forget" />
          </button>
        </div>
      )}
    </section>
  );
}

/** The "Authorization" button, and the dialog it opens (in the markup from its first opening on: the page carries the button only). */
export function AuthPanel({ site }: { site: ApiPanelSite }): React.JSX.Element {
  const t = useText();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [used, setUsed] = useState(false);
  const [returned, setReturned] = useState<Returned | undefined>();
  const credentials = useCredentials(site.authKey);
  const remember = useRemember(site.authKey);
  const { region, announce } = useAnnouncer();
  const count = site.schemes.filter((s) => credentials[s.key]).length;
  useEffect(() => {
    if (used && !dialog.current?.open) dialog.current?.showModal();
  }, [used]);
  // Back from an OAuth authorization server: the dialog opens on the scheme that went there.
  useEffect(() => {
    const back = takeCallback(site.authKey);
    if (!back || !site.schemes.some((s) => s.key === back.pending.scheme)) return;
    setReturned(back);
    if (used) dialog.current?.showModal();
    else setUsed(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the panel mounts
  }, []);
  return (
    <>
      <button
        type="button"
        className="button button--secondary api-auth__open"
        aria-haspopup="dialog"
        data-auth-key={site.authKey}
        data-authorized={count ? '' : undefined}
        onClick={() => (used ? dialog.current?.showModal() : setUsed(true))}
      >
        <L k="authorization.title" />
        <span className="auth-state">
          <span className="auth-state__pending">
            <L k="authorization.pending" />
          </span>
          <span className="auth-state__authorized">
            <L k="authorization.authorized" />
          </span>
        </span>
      </button>
      {used ? (
        <dialog
          className="auth-dialog"
          ref={dialog}
          aria-labelledby={`${id}-title`}
          onClick={(e) => {
            if (e.target === dialog.current) dialog.current.close();
          }}
        >
          <div className="auth-dialog__inner">
            <header className="auth-dialog__header">
              <h2 className="auth-dialog__title" id={`${id}-title`}>
                <L k="authorization.title" />
              </h2>
              <button type="button" className="auth-dialog__close" aria-label={t('authorization.close')} onClick={() => dialog.current?.close()}>
                ×
              </button>
            </header>
            <p className="auth-dialog__note">
              <L k="authorization.storedNote" />
            </p>
            <label className="auth-dialog__remember">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(site.authKey, e.target.checked)} /> <L k="authorization.rememberSession" />
            </label>
            <AnnounceContext.Provider value={announce}>
              {site.schemes.length ? (
                site.schemes.map((s) => <SchemeForm key={s.key} scheme={s} site={site} returned={returned?.pending.scheme === s.key ? returned : undefined} />)
              ) : (
                <p>
                  <L k="authorization.noSchemes" />
                </p>
              )}
            </AnnounceContext.Provider>
            {region}
          </div>
        </dialog>
      ) : null}
    </>
  );
}
