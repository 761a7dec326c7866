import type { Ref } from 'react';
import type { ApiPanelSite, RequestData } from '../../shared/api-request.js';
import { L } from './Label.js';
import { ResponseView } from './ResponseView.js';
import { TokenOffer } from './TokenOffer.js';
import { CAUSE, type Phase, type Words } from './try-it-phase.js';

// What the try-it shows under its form, for each step of a request: the missing parameters, a
// body that is not JSON, the question before writing to a live server, the request running, the
// response, or why it failed. What the reader needs to hear of it is said by the try-it's live
// region (`Said`, from try-it-phase.ts); the block that holds a result takes the focus (`holder`).

/** A sentence of try-it-phase.ts, as the live region says it. */
export function Said({ words }: { words: Words }): React.JSX.Element {
  return <>{words.map((w, i) => (typeof w === 'string' ? w : <L key={i} k={w.k} />))}</>;
}

export function TryItOutcome({
  id,
  phase,
  data,
  server,
  site,
  holder,
  onSend,
  onBack,
  onProxy,
}: {
  id: string;
  phase: Phase;
  data: RequestData;
  server: RequestData['servers'][number] | undefined;
  site: ApiPanelSite;
  /** The block that holds the result, which takes the focus. */
  holder: Ref<HTMLDivElement>;
  onSend: () => void;
  onBack: () => void;
  onProxy: (proxy: string) => void;
}): React.JSX.Element {
  return (
    <div className="tryit__outcome">
      {phase.kind === 'executing' ? (
        <p className="tryit__executing">
          <L k="execute.executing" />
        </p>
      ) : null}
      {phase.kind === 'missing' ? (
        <div className="tryit__alert tryit__alert--error">
          <p className="tryit__alert-title">
            <L k="execute.missingRequired" />: {phase.names.join(', ')}
          </p>
          <p>
            <L k="execute.requiredHint" />
          </p>
        </div>
      ) : null}
      {phase.kind === 'invalid' ? (
        <div className="tryit__alert tryit__alert--error">
          <p className="tryit__alert-title">
            <L k="execute.invalidJson" />
          </p>
        </div>
      ) : null}
      {phase.kind === 'confirm' ? (
        <div className="tryit__alert tryit__alert--warning" ref={holder} tabIndex={-1} role="group" aria-labelledby={`${id}-confirm`}>
          <p className="tryit__alert-title" id={`${id}-confirm`}>
            <L k="execute.confirmLive" />
          </p>
          <p>
            <code>
              {data.method.toUpperCase()} {server?.url}
            </code>
          </p>
          <div className="tryit__actions">
            <button type="button" className="button button--primary tryit__confirm" onClick={onSend}>
              <L k="execute.send" />
            </button>
            <button type="button" className="button button--secondary" onClick={onBack}>
              <L k="execute.cancel" />
            </button>
          </div>
        </div>
      ) : null}
      {phase.kind === 'failed' ? <Failure id={id} phase={phase} proxyUrl={site.proxyUrl} holder={holder} onProxy={onProxy} /> : null}
      {phase.kind === 'done' ? (
        <div className="tryit__result" ref={holder} tabIndex={-1} role="group" aria-labelledby={`${id}-response`}>
          <p className="tryit__result-title" id={`${id}-response`}>
            <L k="execute.response" />
          </p>
          <ResponseView result={phase.result} />
          <TokenOffer result={phase.result} site={site} />
        </div>
      ) : null}
    </div>
  );
}

function Failure({
  id,
  phase,
  proxyUrl,
  holder,
  onProxy,
}: {
  id: string;
  phase: Extract<Phase, { kind: 'failed' }>;
  proxyUrl: string | undefined;
  holder: Ref<HTMLDivElement>;
  onProxy: (proxy: string) => void;
}): React.JSX.Element {
  const { reason: cause, message } = phase.failure;
  // The request did not reach the server, or the browser kept its answer from the page.
  const network = cause === 'unreachable' || cause === 'cors';
  const offerProxy = proxyUrl !== undefined && !phase.proxied && network;
  return (
    <div className="tryit__alert tryit__alert--error" ref={holder} tabIndex={-1} role="group" aria-labelledby={`${id}-failure`}>
      <p className="tryit__alert-title" id={`${id}-failure`}>
        <L k="execute.requestError" /> · <L k="execute.fetchError" />
      </p>
      <p>
        <L k={CAUSE[cause]} />
        {cause === 'timeout' ? ` ${message}` : null}
      </p>
      {network ? (
        <ul className="tryit__hints">
          <li>
            <L k="execute.hintMock" />
          </li>
          <li>
            <L k="execute.hintCors" />
          </li>
        </ul>
      ) : null}
      {network ? <p className="tryit__detail">{message}</p> : null}
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
