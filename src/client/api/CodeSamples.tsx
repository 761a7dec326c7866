import { useEffect, useId, useMemo, useState } from 'react';
import type { ApiPanelSite, RequestData } from '../../shared/api-request.js';
import { buildRequest } from '../../shared/request/build-request.js';
import { snippetRequest } from '../../shared/snippets/snippet-request.js';
import { authParts } from '../../shared/request/apply-auth.js';
import { initialInputs } from '../../shared/request/initial-inputs.js';
import { loadTarget, SAMPLE_LANGUAGE_KEY, SNIPPET_TARGETS } from '../../shared/snippets/targets.js';
import { useCredentials } from './auth-store.js';
import { useInputs } from './inputs-store.js';
import { L, useText } from './Label.js';

// Code samples that follow the try-it's inputs and the authorization panel (secrets masked unless
// the reader reveals them), in the language the reader chose last (remembered: a preference, not
// a credential), plus the document's own `x-codeSamples` as given.

const DOCUMENT_PREFIX = 'doc:';

function rememberedLanguage(): string {
  try {
    return localStorage.getItem(SAMPLE_LANGUAGE_KEY) ?? SNIPPET_TARGETS[0]!.id;
  } catch {
    return SNIPPET_TARGETS[0]!.id;
  }
}

export function CodeSamples({ data, site }: { data: RequestData; site: ApiPanelSite }): React.JSX.Element {
  const id = useId();
  const t = useText();
  const [language, setLanguage] = useState(() => {
    const chosen = rememberedLanguage();
    const known = SNIPPET_TARGETS.some((x) => x.id === chosen) || data.codeSamples.some((_, i) => `${DOCUMENT_PREFIX}${i}` === chosen);
    return known ? chosen : SNIPPET_TARGETS[0]!.id;
  });
  const [reveal, setReveal] = useState(false);
  const [code, setCode] = useState<string | undefined>(undefined);
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>(undefined);
  const tried = useInputs(data.id);
  const credentials = useCredentials(site.authKey);
  const inputs = useMemo(() => tried ?? initialInputs(data), [tried, data]);

  const request = useMemo(() => {
    const auth = authParts({ security: data.security, schemes: site.schemes }, credentials, reveal ? 'send' : 'mask', true);
    const built = buildRequest(data, { ...inputs, auth }, location.href);
    return snippetRequest(built);
  }, [data, site.schemes, credentials, reveal, inputs]);

  useEffect(() => {
    let current = true;
    if (language.startsWith(DOCUMENT_PREFIX)) {
      setCode(data.codeSamples[Number(language.slice(DOCUMENT_PREFIX.length))]?.source ?? '');
      return;
    }
    loadTarget(language).then(
      (generate) => current && setCode(generate(request)),
      (error: unknown) => current && setCode(String(error)),
    );
    return () => {
      current = false;
    };
  }, [language, request, data.codeSamples]);

  const choose = (next: string): void => {
    setLanguage(next);
    setCopied(undefined);
    try {
      localStorage.setItem(SAMPLE_LANGUAGE_KEY, next);
    } catch {
      // Not remembered: the choice holds for this page.
    }
  };
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(code ?? '');
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
      <pre className="api-code api-code--curl samples__code" tabIndex={0} aria-busy={code === undefined}>
        <code>{code ?? ''}</code>
      </pre>
      {language.startsWith(DOCUMENT_PREFIX) ? null : (
        <label className="samples__reveal">
          <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} /> <L k="curl.showSecrets" />
        </label>
      )}
    </>
  );
}
