import { useEffect, useId, useRef, useState } from 'react';
import type { ApiPanelSite, RequestData } from '../../shared/api-request.js';
import { buildRequest, missingParameters, parameterKey, type RequestInputs } from '../../shared/request/build-request.js';
import { authParts } from '../../shared/request/apply-auth.js';
import { initialInputs } from '../../shared/request/initial-inputs.js';
import { useCredentials } from './auth-store.js';
import { freshCredentials } from './oauth-flow.js';
import { BodyEditor } from './BodyEditor.js';
import { setInputs, serverChoiceKey } from './inputs-store.js';
import { jsonProblem } from './json-error.js';
import { L, useText } from './Label.js';
import { AnnounceContext, useAnnouncer, useFocusAfter } from './live.js';
import { ParamField } from './ParamField.js';
import { RequestFailure, runRequest } from './run-request.js';
import { Said, TryItOutcome } from './TryItOutcome.js';
import { phaseWords, type Phase } from './try-it-phase.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The first field of the open form, which takes the focus the "Try it" button had (client/api/panels.ts picks it alike). */
const FIRST_FIELD = 'select, input, textarea, button';

function rememberedServer(site: ApiPanelSite, data: RequestData): number {
  try {
    const url = sessionStorage.getItem(serverChoiceKey(site.apiBase));
    const i = data.servers.findIndex((s) => s.url === url);
    return i < 0 ? 0 : i;
  } catch {
    return 0;
  }
}

/**
 * The try-it: server, parameters, body, 'Execute API request', and the response or what went wrong.
 * Its form is in the server's markup from the start, hidden behind "Try it", so that it opens
 * while its code still loads (client/api/panels.ts) and keeps what the reader does there.
 */
export function TryIt({ data, site }: { data: RequestData; site: ApiPanelSite }): React.JSX.Element {
  const id = useId();
  const t = useText();
  const [open, setOpen] = useState(false);
  // The server's first render: the first server. The one chosen last in this tab once hydrated.
  const [serverIndex, setServerIndex] = useState(0);
  const [inputs, setLocal] = useState<RequestInputs>(() => initialInputs(data, 0));
  const [phase, setPhaseState] = useState<Phase>({ kind: 'idle' });
  const credentials = useCredentials(site.authKey);
  const formRef = useRef<HTMLFormElement>(null);
  const executeRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const holderRef = useRef<HTMLDivElement>(null);
  const { region, announce } = useAnnouncer();
  // Within the panel's place: its "Try it" button and its form.
  const focusAfter = useFocusAfter(() => formRef.current?.parentElement);
  const server = data.servers[serverIndex];

  useEffect(() => setInputs(data.id, inputs), [data.id, inputs]);

  const update = (next: Partial<RequestInputs>): void => setLocal((prev) => ({ ...prev, ...next }));
  const chooseServer = (i: number): void => {
    setServerIndex(i);
    const s = data.servers[i]!;
    update({ server: { url: s.url, variables: Object.fromEntries(s.variables.map((v) => [v.name, v.default])) } });
    try {
      sessionStorage.setItem(serverChoiceKey(site.apiBase), s.url);
    } catch {
      // Not remembered: the choice holds for this page.
    }
  };

  // Hydrated: open already if "Try it" was pressed before the code came (the entry opened the
  // server's form), and on the server chosen last in this tab. A server the reader chose meanwhile
  // comes after (islands/replay.ts enters it once the panel has mounted).
  useEffect(() => {
    if (formRef.current && !formRef.current.hidden) setOpen(true);
    const remembered = rememberedServer(site, data);
    if (remembered !== 0) chooseServer(remembered);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the panel mounts
  }, []);

  const openForm = (): void => {
    setOpen(true);
    // Not when focus is in the form already (opened before the code came, the reader typing there).
    focusAfter(() => (formRef.current?.contains(document.activeElement) ? undefined : formRef.current?.querySelector<HTMLElement>(FIRST_FIELD)));
  };

  /** Enters `next`, says it, and moves focus to `focus` (else it stays where it is). */
  const go = (next: Phase, focus?: () => HTMLElement | null): void => {
    setPhaseState(next);
    const words = phaseWords(next);
    if (words.length) announce(<Said words={words} />);
    if (focus) focusAfter(focus);
  };

  const execute = async (confirmed: boolean, proxy?: string): Promise<void> => {
    // Focus stays on Execute (or the field where Enter was pressed): the form is where to fix it.
    const missing = missingParameters(data, inputs.values);
    if (missing.length) return go({ kind: 'missing', names: missing.map((p) => p.name) });
    if (inputs.body && 'text' in inputs.body && /json/i.test(inputs.body.mediaType) && jsonProblem(inputs.body.text)) return go({ kind: 'invalid' });
    if (!confirmed && !SAFE_METHODS.has(data.method.toUpperCase()) && server && !server.sandbox) return go({ kind: 'confirm' }, () => holderRef.current);
    // An OAuth token about to expire is refreshed first, when the server gave a refresh token.
    const fresh = await freshCredentials(site, credentials);
    const request = buildRequest(data, { ...inputs, auth: authParts({ security: data.security, schemes: site.schemes }, fresh, 'send', false) }, location.href);
    const controller = new AbortController();
    // Execute is disabled while the request runs: Cancel, beside it, takes the focus.
    go({ kind: 'executing', controller }, () => cancelRef.current);
    try {
      go({ kind: 'done', result: await runRequest(request, controller.signal, proxy) }, () => holderRef.current);
    } catch (error) {
      const failure = error instanceof RequestFailure ? error : new RequestFailure('unreachable', String(error));
      go({ kind: 'failed', failure, proxied: proxy !== undefined }, () => holderRef.current);
    }
  };
  const back = (): void => go({ kind: 'idle' }, () => executeRef.current);

  const busy = phase.kind === 'executing';
  const located = (where: string) => data.parameters.filter((p) => p.in === where);
  return (
    <>
      <div className="tryit" hidden={open} data-tryit-closed="">
        <button type="button" className="button button--primary tryit__open" data-tryit-open="" onClick={openForm}>
          <L k="execute.tryIt" />
        </button>
      </div>
      <form
        className="tryit tryit--open"
        hidden={!open}
        data-tryit-form=""
        ref={formRef}
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void execute(false);
        }}
      >
        <AnnounceContext.Provider value={announce}>
          <h3 className="sr-only" id={`${id}-title`}>
            <L k="execute.tryIt" />
          </h3>
          {data.servers.length ? (
            <fieldset className="tryit__group">
              <legend className="tryit__legend">
                <L k="execute.server" />
              </legend>
              <select
                className="tryit__input"
                aria-label={t('execute.server')}
                aria-describedby={server ? `${id}-server-url` : undefined}
                title={server?.url}
                value={serverIndex}
                onChange={(e) => chooseServer(Number(e.target.value))}
              >
                {data.servers.map((s, i) => (
                  <option key={i} value={i}>
                    {s.description ? `${s.description} — ${s.url}` : s.url}
                  </option>
                ))}
              </select>
              {/* The whole URL, wrapped: a narrow select cuts its option's text off. */}
              {server ? (
                <p className="tryit__server-url" id={`${id}-server-url`}>
                  {server.url}
                </p>
              ) : null}
              {server?.variables.map((v) => (
                <div className="tryit__field" key={v.name}>
                  <label className="tryit__label" htmlFor={`${id}-var-${v.name}`}>
                    <code>{v.name}</code>
                  </label>
                  {v.enum.length ? (
                    <select
                      id={`${id}-var-${v.name}`}
                      className="tryit__input"
                      value={inputs.server.variables[v.name] ?? v.default}
                      onChange={(e) => update({ server: { ...inputs.server, variables: { ...inputs.server.variables, [v.name]: e.target.value } } })}
                    >
                      {v.enum.map((o) => (
                        <option key={o}>{o}</option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={`${id}-var-${v.name}`}
                      className="tryit__input"
                      value={inputs.server.variables[v.name] ?? v.default}
                      onChange={(e) => update({ server: { ...inputs.server, variables: { ...inputs.server.variables, [v.name]: e.target.value } } })}
                    />
                  )}
                </div>
              ))}
            </fieldset>
          ) : null}
          {(['path', 'query', 'header', 'cookie'] as const).map((where) =>
            located(where).length ? (
              <fieldset className="tryit__group" key={where}>
                <legend className="tryit__legend">{where}</legend>
                {located(where).map((p) => (
                  <ParamField
                    key={parameterKey(p)}
                    p={p}
                    value={inputs.values[parameterKey(p)]}
                    onChange={(v) => update({ values: { ...inputs.values, [parameterKey(p)]: v } })}
                  />
                ))}
              </fieldset>
            ) : null,
          )}
          <BodyEditor bodies={data.bodies} body={inputs.body} onChange={(body) => update({ body })} />
          <div className="tryit__actions">
            <button type="submit" className="button button--primary tryit__execute" ref={executeRef} disabled={busy}>
              <L k="execute.button" />
            </button>
            {busy ? (
              <button type="button" className="button button--secondary tryit__cancel" ref={cancelRef} onClick={() => phase.controller.abort()}>
                <L k="execute.cancel" />
              </button>
            ) : null}
            {phase.kind === 'done' || phase.kind === 'failed' ? (
              <button type="button" className="button button--secondary tryit__clear" onClick={back}>
                <L k="execute.clear" />
              </button>
            ) : null}
          </div>
          <TryItOutcome
            id={id}
            phase={phase}
            data={data}
            server={server}
            site={site}
            holder={holderRef}
            onSend={() => void execute(true)}
            onBack={back}
            onProxy={(proxy) => void execute(true, proxy)}
          />
          {region}
        </AnnounceContext.Provider>
      </form>
    </>
  );
}
