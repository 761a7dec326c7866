// The request a code sample writes out, and its conversion to the HAR request the snippet library
// (@scalar/snippetz) reads. The library writes the code; what we adapt is only what we hand it, so
// that each target's output means the request exactly: characters percent-encoded in the URL,
// a JSON body given as text or with some characters as JSON `\u` escapes, a form given as
// url-encoded text, each under the media type that takes the target down its correct path.
// Which target needs what is in adaptations.ts. Pure: no node, no DOM.
import type { BuiltRequest } from '../request/build-request.js';

interface SnippetParam {
  name: string;
  value?: string;
  fileName?: string;
  contentType?: string;
}

export interface SnippetRequest {
  method: string;
  /** Absolute, with the query already serialized (buildRequest with the page's origin as base). */
  url: string;
  headers: [string, string][];
  /** `params` for `application/x-www-form-urlencoded` and `multipart/form-data`, `text` otherwise. */
  body?: { mediaType: string; text?: string; params?: SnippetParam[] };
}

/** The HAR request (the subset the library reads). */
export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  headers: { name: string; value: string }[];
  queryString: { name: string; value: string }[];
  cookies: { name: string; value: string }[];
  headersSize: number;
  bodySize: number;
  postData?: { mimeType: string; text?: string; params?: SnippetParam[] };
}

/** What a target needs of its input to write the request correctly. */
export interface Adaptation {
  /**
   * `url`: the query stays in the URL. `curl`: curl's target quotes the URL for the shell only when
   * it is given query pairs or sees a `%` (among a few others), so a URL that holds `?`, `&` or `;`
   * and no `%` has its query given as pairs.
   */
  query: 'url' | 'curl';
  /** A valid JSON body: as JSON (the target re-writes the value in its language) or as its text. */
  json: 'json' | 'text';
  /** Characters written as `\uXXXX` inside the JSON body's strings: the ones the target's string literal would interpolate or end on. */
  jsonEscapes?: string;
  /** Line breaks between the JSON body's tokens written as spaces (the target mangles raw line breaks). */
  jsonOneLine?: boolean;
  /** A url-encoded form: as params, as params already encoded (the target writes them to an "add encoded" call), or as its text. */
  form: 'params' | 'encoded-params' | 'text';
  /**
   * The media type given with a body passed as text (JSON as text, a form as text, any other body),
   * or `own` for the body's own. Targets branch on it: the one named here is the branch that writes
   * the text as it is.
   */
  textType: string | 'own';
  /** The media type given with a form passed as text, when not `textType`. */
  formType?: string;
}

/**
 * A `SnippetRequest` from the request the try-it's inputs make: a form body (url-encoded, or
 * multipart with its files by name) as fields, any other body as its text.
 */
export function snippetRequest(built: BuiltRequest): SnippetRequest {
  const mediaType = built.mediaType ?? built.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  const base = { method: built.method, url: built.url, headers: built.headers };
  if (built.form)
    return {
      ...base,
      body: {
        mediaType: mediaType ?? 'multipart/form-data',
        params: built.form.map((f) => (f.fileName ? { name: f.name, fileName: f.fileName } : { name: f.name, value: f.value })),
      },
    };
  if (built.body === undefined) return base;
  if (isType(mediaType, 'application/x-www-form-urlencoded'))
    return { ...base, body: { mediaType: mediaType!, params: [...new URLSearchParams(built.body)].map(([name, value]) => ({ name, value })) } };
  return { ...base, body: { mediaType: mediaType ?? 'application/octet-stream', text: built.body } };
}

/** The library's input for a target that needs `a`. */
export function toHar(req: SnippetRequest, a: Adaptation): HarRequest {
  const multipart = isType(req.body?.mediaType, 'multipart/form-data');
  let url = snippetUrl(req.url);
  let queryString: HarRequest['queryString'] = [];
  if (a.query === 'curl' && /[?&;]/.test(url) && !url.includes('%')) {
    const at = url.indexOf('?');
    if (at >= 0) {
      queryString = queryPairs(url.slice(at + 1));
      url = url.slice(0, at);
    }
  }
  // A multipart body's Content-Type carries the boundary, which the client makes: the header is its.
  const headers = mergeHeaders(req.headers.filter(([name]) => !(multipart && name.toLowerCase() === 'content-type')));
  const postData = req.body && bodyOf(req.body, a);
  return {
    method: req.method.toUpperCase(),
    url,
    httpVersion: 'HTTP/1.1',
    headers,
    queryString,
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    ...(postData ? { postData } : {}),
  };
}

const isType = (mediaType: string | undefined, type: string): boolean => (mediaType ?? '').split(';')[0]!.trim().toLowerCase() === type;
const isJsonType = (mediaType: string): boolean => /^application\/([\w.+-]+\+)?json$/i.test(mediaType.split(';')[0]!.trim());

/**
 * The URL with every character of its path and query that is not an unreserved character, a
 * delimiter (`/ ? # & = + , ; : @`) or a percent-escape percent-encoded (UTF-8). Quotes,
 * backslashes, `$`, backticks, brackets, parentheses and the like are where targets mis-quote a URL;
 * encoded, the URL means the same to a server, which decodes its parts.
 */
export function snippetUrl(url: string): string {
  const m = /^([a-z][a-z\d+.-]*:\/\/[^/?#]*)?([\s\S]*)$/i.exec(url)!;
  const rest = m[2]!.replace(/%(?![\da-f]{2})|[^\w\-.~%/?#&=+,;:@]/giu, (c) =>
    [...new TextEncoder().encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
  return (m[1] ?? '') + rest;
}

/** `a=1&b=2` (no percent-escapes in it) as name/value pairs; `+` is a space, as servers read a query. */
function queryPairs(query: string): HarRequest['queryString'] {
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
      return { name: name.replace(/\+/g, ' '), value: value.replace(/\+/g, ' ') };
    });
}

/**
 * Headers as HAR pairs: a line break in a value becomes a space (HTTP has no line breaks in field
 * values; a folded line reads as a space), and headers of the same name are joined into one, with
 * `; ` for Cookie and `, ` otherwise, as HTTP reads them: most targets keep headers in a map.
 */
function mergeHeaders(headers: readonly [string, string][]): HarRequest['headers'] {
  const out: HarRequest['headers'] = [];
  for (const [name, raw] of headers) {
    const value = raw.replace(/\r\n|[\r\n]/g, ' ');
    const same = out.find((h) => h.name.toLowerCase() === name.toLowerCase());
    if (same) same.value += (name.toLowerCase() === 'cookie' ? '; ' : ', ') + value;
    else out.push({ name, value });
  }
  return out;
}

function bodyOf(body: NonNullable<SnippetRequest['body']>, a: Adaptation): HarRequest['postData'] {
  const textType = a.textType === 'own' ? body.mediaType : a.textType;
  if (isType(body.mediaType, 'multipart/form-data')) return { mimeType: 'multipart/form-data', params: body.params ?? [] };
  if (isType(body.mediaType, 'application/x-www-form-urlencoded')) {
    const params = body.params ?? [...new URLSearchParams(body.text ?? '')].map(([name, value]) => ({ name, value }));
    if (a.form === 'params') return { mimeType: 'application/x-www-form-urlencoded', params };
    if (a.form === 'encoded-params') {
      const encoded = params.map((p) => new URLSearchParams([[p.name, p.value ?? '']]).toString().split('='));
      return { mimeType: 'application/x-www-form-urlencoded', params: encoded.map(([name, value]) => ({ name: name!, value: value! })) };
    }
    const text = body.params ? new URLSearchParams(params.map((p): [string, string] => [p.name, p.value ?? ''])).toString() : (body.text ?? '');
    return { mimeType: a.formType ?? textType, text };
  }
  const text = body.text ?? '';
  if (isJsonType(body.mediaType) && isJson(text)) {
    const json = rewriteJson(text, a.jsonEscapes ?? '', a.jsonOneLine ?? false);
    return a.json === 'json' ? { mimeType: 'application/json', text: json } : { mimeType: textType, text: json };
  }
  return { mimeType: textType, text };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The same JSON text with `escapes` inside strings written as `\uXXXX`, and, `oneLine`, line breaks
 * between tokens as spaces. The value is unchanged: JSON reads `\u0024` as `$`.
 */
export function rewriteJson(text: string, escapes: string, oneLine: boolean): string {
  if (!escapes && !oneLine) return text;
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') {
        out += c + text[++i];
        continue;
      }
      if (c === '"') inString = false;
      out += inString && escapes.includes(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c;
    } else {
      if (c === '"') inString = true;
      if (oneLine && (c === '\r' || c === '\n')) {
        if (!(c === '\n' && text[i - 1] === '\r')) out += ' ';
      } else out += c;
    }
  }
  return out;
}
