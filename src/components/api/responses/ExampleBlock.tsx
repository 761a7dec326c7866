import type { ApiExample } from '../../../shared/api-model.js';
import { T } from '../../layout/T.js';
import { Html } from '../Html.js';
import { escapeText } from '../../../shared/html-escape.js';
import { highlightJson } from '../../../shared/highlight-json.js';

/** One example: a titled, highlighted <pre><code>, with a note when it was shortened or generated. */
export function ExampleBlock({ example }: { example: ApiExample }): React.JSX.Element {
  const code = example.language === 'json' ? highlightJson(example.value) : escapeText(example.value);
  return (
    <figure className="api-example">
      <figcaption className="api-example__title">
        <T k="showApiData.jsonExample" />
        {example.summary || example.name ? <span className="api-example__name">{example.summary ?? example.name}</span> : null}
        {example.generated ? (
          <span className="api-example__note">
            <T k="apiContent.generatedExample" />
          </span>
        ) : null}
      </figcaption>
      <Html html={example.description} />
      <pre className="api-code" tabIndex={0}>
        <code className={`language-${example.language}`} dangerouslySetInnerHTML={{ __html: code }} />
      </pre>
      {example.truncated ? (
        <p className="api-example__truncated">
          <T k="apiContent.exampleTruncated" /> ({example.value.length} / {example.size})
        </p>
      ) : null}
      {example.externalValue ? (
        <p className="api-example__external">
          <a href={example.externalValue} target="_blank" rel="noopener noreferrer">
            {example.externalValue}
          </a>
        </p>
      ) : null}
    </figure>
  );
}
