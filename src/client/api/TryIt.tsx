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
import { ParamField } from './ParamField.js';
import { ResponseView } from './ResponseView.js';
import { RequestFailure, runRequest } from './run-request.js';
import type { RunResult } from './run-result.js';
import { TokenOffer } from './TokenOffer.js';

type Phase =
  | { kind: 'idle' }
  | { kind: 'missing'; names: string[] }
  | { kind: 'invalid' }
  | { kind: 'confirm' }
  | { kind: 'executing'; controller: AbortController }
  | { kind: 'done'; result: RunResult }
  | { kind: 'failed'; failure: RequestFailure; proxied: boolean };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function rememberedServer(site: ApiPanelSite, data: RequestData): number {
  try {
    const url = sessionStorage.getItem(serverChoiceKey(site.apiBase));
    const i = data.servers.findIndex((s) => s.url === url);
    return i < 0 ? 0 : i;
  } catch {
    return 0;
  }
}

/** The try-it: server, parameters, body, 'Execute API request', and the response or what went wrong. */
export function TryIt({ data, site }: { data: RequestData; site: ApiPanelSite }): React.JSX.Element {
  const id = useId();
  const t = useText();
  const [open, setOpen] = useState(false);
  const [serverIndex, setServerIndex] = useState(() => rememberedServer(site, data));
  const [inputs, setLocal] = useState<RequestInputs>(() => initialInputs(data, serverIndex));
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const credentials = useCredentials(site.authKey);
  const formRef = useRef<HTMLFormElement>(null);
  const server = data.servers[serverIndex];

  useEffect(() => setInputs(data.id, inputs), [data.id, inputs]);
  // Opened: the first field takes the focus the "Try it" button had.
  useEffect(() => {
    if (open) formRef.current?.querySelector<HTMLElement>('select, input, textarea, button')?.focus();
  }, [open]);

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

  const execute = async (confirmed: boolean, proxy?: string): Promise<void> => {
    const missing = missingParameters(data, inputs.values);
    if (missing.length) return setPhase({ kind: 'missing', names: missing.map((p) => p.name) });
    if (inputs.body && 'text' in inputs.body && /json/i.test(inputs.body.mediaType) && jsonProblem(inputs.body.text)) return setPhase({ kind: 'invalid' });
    if (!confirmed && !SAFE_METHODS.has(data.method.toUpperCase()) && server && !server.sandbox) return setPhase({ kind: 'confirm' });
    // An OAuth token about to expire is refreshed first, when the server gave a refresh token.
    const fresh = await freshCredentials(site, credentials);
    const request = buildRequest(data, { ...inputs, auth: authParts({ security: data.security, schemes: site.schemes }, fresh, 'send', false) }, location.href);
    const controller = new AbortController();
    setPhase({ kind: 'executing', controller });
    try {
      setPhase({ kind: 'done', result: await runRequest(request, controller.signal, proxy) });
    } catch (error) {
      const failure = error instanceof RequestFailure ? error : new RequestFailure('unreachable', String(error));
      setPhase({ kind: 'failed', failure, proxied: proxy !== undefined });
    }
  };

  if (!open)
    return (
      <div className="tryit">
        <button type="button" className="button button--primary tryit__open" onClick={() => setOpen(true)}>
          <L k="execute.tryIt" />
        </button>
      </div>
    );

  const busy = phase.kind === 'executing';
  const located = (where: string) => data.parameters.filter((p) => p.in === where);
  return (
    <form
      className="tryit tryit--open"
      ref={formRef}
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void execute(false);
      }}
    >
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
        <button type="submit" className="button button--primary tryit__execute" disabled={busy}>
          <L k="execute.button" />
        </button>
        {busy ? (
          <button type="button" className="button button--secondary" onClick={() => phase.controller.abort()}>
            <L k="execute.cancel" />
          </button>
        ) : null}
        {phase.kind === 'done' || phase.kind === 'failed' ? (
          <button type="button" className="button button--secondary" onClick={() => setPhase({ kind: 'idle' })}>
            <L k="execute.clear" />
          </button>
        ) : null}
      </div>
      <div className="tryit__outcome" aria-live="polite">
        {phase.kind === 'executing' ? (
          <p className="tryit__executing">
            <L k="execute.executing" />
          </p>
        ) : null}
        {phase.kind === 'missing' ? (
          <div className="tryit__alert tryit__alert--error" role="alert">
            <p className="tryit__alert-title">
              <L k="execute.missingRequired" />: {phase.names.join(', ')}
            </p>
            <p>
              <L k="execute.requiredHint" />
            </p>
          </div>
        ) : null}
        {phase.kind === 'invalid' ? (
          <div className="tryit__alert tryit__alert--error" role="alert">
            <p className="tryit__alert-title">
              <L k="execute.invalidJson" />
            </p>
          </div>
        ) : null}
        {phase.kind === 'confirm' ? (
          <div className="tryit__alert tryit__alert--warning" role="alert">
            <p className="tryit__alert-title">
              <L k="execute.confirmLive" />
            </p>
            <p>
              <code>
                {data.method.toUpperCase()} {server?.url}
              </code>
            </p>
            <div className="tryit__actions">
              <button type="button" className="button button--primary tryit__confirm" onClick={() => void execute(true)}>
                <L k="execute.send" />
              </button>
              <button type="button" className="button button--secondary" onClick={() => setPhase({ kind: 'idle' })}>
                <L k="execute.cancel" />
              </button>
            </div>
          </div>
        ) : null}
        {phase.kind === 'failed' ? <Failure phase={phase} proxyUrl={site.proxyUrl} onProxy={(proxy) => void execute(true, proxy)} /> : null}
        {phase.kind === 'done' ? (
          <>
            <p className="tryit__result-title">
              <L k="execute.response" />
            </p>
            <ResponseView result={phase.result} />
            <TokenOffer result={phase.result} site={site} />
          </>
        ) : null}
      </div>
    </form>
  );
}

function Failure({
  phase,
  proxyUrl,
  onProxy,
}: {
  phase: Extract<Phase, { kind: 'failed' }>;
  proxyUrl: string | undefined;
  onProxy: (proxy: string) => void;
}): React.JSX.Element {
  const { reason: cause, message } = phase.failure;
  const offerProxy = proxyUrl !== undefined && !phase.proxied && (cause === 'cors' || cause === 'unreachable');
  return (
    <div className="tryit__alert tryit__alert--error" role="alert">
      <p className="tryit__alert-title">
        <L k="execute.requestError" /> · <L k="execute.fetchError" />
      </p>
      <p>
        {cause === 'unreachable' ? <L k="execute.causeUnreachable" /> : null}
        {cause === 'cors' ? <L k="execute.causeCors" /> : null}
        {cause === 'timeout' ? (
          <>
            <L k="execute.causeTimeout" /> {message}
          </>
        ) : null}
        {cause === 'cancelled' ? <L k="execute.causeCancelled" /> : null}
      </p>
      {cause === 'unreachable' || cause === 'cors' ? (
        <ul className="tryit__hints">
          <li>
            <L k="execute.hintMock" />
          </li>
          <li>
            <L k="execute.hintCors" />
          </li>
        </ul>
      ) : null}
      {cause === 'unreachable' || cause === 'cors' ? <p className="tryit__detail">{message}</p> : null}
      {offerProxy ? (
        <div className="tryit__proxy">
          <p>
            <L k="execute.proxyNote" /> <code>{new URL(proxyUrl).host}</code>
          </p>
          <button type="button" className="button button--secondary tryit__use-proxy" onClick={() => onProxy(proxyUrl)}>
            <L k="execute.useProxy" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
