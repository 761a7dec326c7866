import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import type { ApiPanelSite, RequestData } from '../../shared/api-request.js';
import { buildRequest } from '../../shared/request/build-request.js';
import { snippetRequest } from '../../shared/snippets/snippet-request.js';
import { authParts } from '../../shared/request/apply-auth.js';
import { initialInputs } from '../../shared/request/initial-inputs.js';
import { curlSample } from '../../shared/snippets/curl.js';
import { loadTarget, SAMPLE_LANGUAGE_KEY, SNIPPET_TARGETS } from '../../shared/snippets/targets.js';
import { useCredentials } from './auth-store.js';
import { useInputs } from './inputs-store.js';
import { L, useText } from './Label.js';

// Code samples that follow the try-it's inputs and the authorization panel (secrets masked unless
// the reader reveals them), in the language the reader chose last (remembered: a preference, not
// a credential), plus the document's own `x-codeSamples` as given.

const DOCUMENT_PREFIX = 'doc:';
const CURL = SNIPPET_TARGETS[0]!.id;

function rememberedLanguage(data: RequestData): string {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(SAMPLE_LANGUAGE_KEY);
  } catch {
    // Storage denied: curl.
  }
  const known = SNIPPET_TARGETS.some((x) => x.id === chosen) || data.codeSamples.some((_, i) => `${DOCUMENT_PREFIX}${i}` === chosen);
  return known ? chosen! : CURL;
}

const never = (): (() => void) => () => undefined;

/**
 * The address relative server URLs resolve against: the page's, once in the browser; the site's on
 * the server and while hydrating (so that the first render is the server's).
 */
const usePageUrl = (site: ApiPanelSite): string =>
  useSyncExternalStore(
    never,
    () => location.href,
    () => site.siteUrl,
  );

export function CodeSamples({ data, site }: { data: RequestData; site: ApiPanelSite }): React.JSX.Element {
  const id = useId();
  const t = useText();
  // curl first, as the server renders it (readable without JavaScript); then the reader's language.
  const [language, setLanguage] = useState<string>(CURL);
  const [reveal, setReveal] = useState(false);
  const [loaded, setLoaded] = useState<{ language: string; code: string } | undefined>(undefined);
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>(undefined);
  const tried = useInputs(data.id);
  const credentials = useCredentials(site.authKey);
  const pageUrl = usePageUrl(site);
  const inputs = useMemo(() => tried ?? initialInputs(data), [tried, data]);

  const request = useMemo(() => {
    const auth = authParts({ security: data.security, schemes: site.schemes }, credentials, reveal ? 'send' : 'mask', true);
    return snippetRequest(buildRequest(data, { ...inputs, auth }, pageUrl));
  }, [data, site.schemes, credentials, reveal, inputs, pageUrl]);

  const fromDocument = language.startsWith(DOCUMENT_PREFIX);
  // curl is written at once (it is the server's sample too); another language's writer loads first.
  const code =
    language === CURL
      ? curlSample(request)
      : fromDocument
        ? (data.codeSamples[Number(language.slice(DOCUMENT_PREFIX.length))]?.source ?? '')
        : loaded?.language === language
          ? loaded.code
          : undefined;
  /** The sample in another language, once its writer has loaded. */
  const write = (): Promise<string> => loadTarget(language).then((generate) => generate(request), String);
  useEffect(() => {
    if (language === CURL || fromDocument) return;
    let current = true;
    void write().then((text) => current && setLoaded({ language, code: text }));
    return () => {
      current = false;
    };
  }, [language, fromDocument, request]);

  const choose = (next: string): void => {
    setLanguage(next);
    setCopied(undefined);
    try {
      localStorage.setItem(SAMPLE_LANGUAGE_KEY, next);
    } catch {
      // Not remembered: the choice holds for this page.
    }
  };
  // Hydrated: the language chosen last time. One picked in the server's markup while the code
  // loaded is entered after this (islands/replay.ts gives it to the panel once mounted).
  useEffect(() => setLanguage(rememberedLanguage(data)), [data]);
  const copy = async (): Promise<void> => {
    try {
      // Pressed while the language's writer loads: the sample is copied once written.
      await navigator.clipboard.writeText(code ?? (await write()));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <>
      <div className="samples__bar">
        <label className="samples__label" htmlFor={`${id}-lang`}>
          <L k="curl.language" />
        </label>
        <select id={`${id}-lang`} className="tryit__input samples__select" value={language} onChange={(e) => choose(e.target.value)}>
          {SNIPPET_TARGETS.map((x) => (
            <option key={x.id} value={x.id}>
              {x.label}
            </option>
          ))}
          {data.codeSamples.length ? (
            <optgroup label={t('curl.fromDocument')}>
              {data.codeSamples.map((s, i) => (
                <option key={i} value={`${DOCUMENT_PREFIX}${i}`}>
                  {s.label}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
        <button type="button" className="button button--sm button--secondary samples__copy" onClick={() => void copy()} aria-live="polite">
          {copied === 'yes' ? <L k="curl.copied" /> : copied === 'failed' ? <L k="curl.copyFailed" /> : <L k="curl.copy" />}
        </button>
      </div>
      <pre className="api-code api-code--curl samples__code" tabIndex={0} aria-busy={code === undefined ? true : undefined}>
        <code>{code ?? ''}</code>
      </pre>
      {fromDocument ? null : (
        <label className="samples__reveal">
          <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} /> <L k="curl.showSecrets" />
        </label>
      )}
    </>
  );
}
