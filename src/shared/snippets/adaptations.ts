// What each target needs of its input to write the request correctly (snippet-request.ts applies
// it). Each entry says why; test/shared/snippets/ runs or decodes every target's output to hold it.
import type { Adaptation } from './snippet-request.js';

/** A media type that the targets below write as plain text, with no branch of their own for it. */
const RAW = 'application/octet-stream';

export const ADAPTATIONS = {
  // A body goes out with `--data-binary` (the octet-stream branch) byte for byte: the JSON branch
  // re-prints it through JSON.parse, which rounds numbers past 2^53.
  'shell-curl': { query: 'curl', json: 'text', form: 'params', textType: RAW },
  // The JSON branch writes `json=` (a Python dict); a form goes as `data=b"…"` (octet-stream
  // branch: url-encoded text is ASCII without quotes); other text as `data="…"`, which the target
  // writes for an `application/json` body that is not JSON.
  'python-requests': { query: 'url', json: 'json', form: 'text', formType: RAW, textType: 'application/json' },
  // The JSON branch sends the text as written; a form as text (the form branch reads params only).
  'js-jquery': { query: 'url', json: 'json', form: 'text', textType: RAW },
  // A form as url-encoded text, which needs no escaping in a single-quoted string.
  'js-fetch': { query: 'url', json: 'json', form: 'text', textType: RAW },
  'node-fetch': { query: 'url', json: 'json', form: 'text', textType: RAW },
  'go-native': { query: 'url', json: 'text', form: 'text', textType: RAW },
  'java-nethttp': { query: 'url', json: 'text', form: 'text', textType: RAW },
  'csharp-restsharp': { query: 'url', json: 'text', form: 'text', textType: RAW },
  // The JSON branch re-writes the body as a PHP array, with keys unescaped; as text it is `'body' => '…'`.
  'php-guzzle': { query: 'url', json: 'text', form: 'text', textType: RAW },
  // The body is a double-quoted Ruby string: `#` in JSON strings as `\u0023` keeps `#{…}` from interpolating.
  'ruby-native': { query: 'url', json: 'text', jsonEscapes: '#', form: 'text', textType: RAW },
  // The form branch writes values unescaped; url-encoded text has nothing to escape.
  'swift-nsurlsession': { query: 'url', json: 'json', form: 'text', textType: RAW },
  // The body's media type becomes OkHttp's (so the body's own); `$` in JSON strings as `\u0024`
  // keeps Kotlin from interpolating; form fields go to `addEncoded`, so they are given encoded.
  'kotlin-okhttp': { query: 'url', json: 'text', jsonEscapes: '$', form: 'encoded-params', textType: 'own' },
  // The body is a single-quoted PowerShell string, which the ASCII quote and the typographic single
  // quotes end: those in JSON strings as `\u0027`, `\u2019`…
  'powershell-restmethod': { query: 'url', json: 'text', jsonEscapes: "'\u2018\u2019\u201a\u201b", form: 'text', textType: 'own' },
  'shell-httpie': { query: 'url', json: 'text', form: 'params', textType: 'own' },
  // `--body-data` turns raw line breaks into `\n`: the JSON body on one line.
  'shell-wget': { query: 'url', json: 'text', jsonOneLine: true, form: 'text', textType: RAW },
} as const satisfies Record<string, Adaptation>;

export type SnippetTargetId = keyof typeof ADAPTATIONS;
