// The request an operation's inputs make: the URL (server, its variables, the path and query
// parameters serialized by their style), headers, cookies and body. Shared by the try-it, which
// sends it, and the code samples, which write it out. Pure: no DOM.
import type { RequestData, RequestParameter } from '../api-request.js';
import { serializeCookie, serializeHeader, serializePath, serializeQuery, type ParameterValue } from './serialize.js';

export interface RequestInputs {
  /** The chosen server's URL template and the values of its variables. */
  server: { url: string; variables: Readonly<Record<string, string>> };
  /** Parameter values by `parameterKey`; an absent or empty one is not sent. */
  values: Readonly<Record<string, ParameterValue | undefined>>;
  /** The body as written (text), or a form's fields (urlencoded and multipart media types). */
  body?: { mediaType: string; text: string } | { mediaType: string; form: readonly FormEntry[] } | undefined;
  /** What the authorization panel adds: headers, query parameters and cookies. */
  auth?: { headers?: readonly [string, string][]; query?: readonly [string, string][]; cookies?: readonly [string, string][] } | undefined;
}

/** A form field: text, or a file the reader picked (`file` holds the browser's File; `fileName` names it). */
export interface FormEntry {
  name: string;
  value: string;
  fileName?: string | undefined;
  file?: unknown;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: [string, string][];
  /** The body as text (urlencoded forms encoded), when there is one. */
  body: string | undefined;
  /** A multipart body's entries (its Content-Type, with the boundary, is the sender's). */
  form?: FormEntry[] | undefined;
  /** The body's media type (also for multipart, whose header the sender writes). */
  mediaType?: string | undefined;
}

const isMultipart = (mediaType: string): boolean => /^multipart\//i.test(mediaType);

/** The key of a parameter's value: parameters of different locations may share a name. */
export const parameterKey = (p: Pick<RequestParameter, 'in' | 'name'>): string => `${p.in}:${p.name}`;

const isEmpty = (v: ParameterValue | undefined): boolean =>
  v === undefined ||
  v === '' ||
  v === null ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

/** The required path and query parameters without a value (the try-it checks them first). */
export function missingParameters(data: RequestData, values: RequestInputs['values']): RequestParameter[] {
  return data.parameters.filter((p) => (p.in === 'path' || p.in === 'query') && p.required && isEmpty(values[parameterKey(p)]));
}

/** A server URL with its variables filled in (`{region}` → the value given, else left as written). */
export function serverUrl(url: string, variables: Readonly<Record<string, string>>): string {
  return url.replace(/\{([^}]+)\}/g, (whole, name: string) => variables[name] ?? whole);
}

/** The request the inputs make; `base` resolves a relative server URL (the page's origin). */
export function buildRequest(data: RequestData, inputs: RequestInputs, base?: string): BuiltRequest {
  const value = (p: RequestParameter): ParameterValue | undefined => (isEmpty(inputs.values[parameterKey(p)]) ? undefined : inputs.values[parameterKey(p)]);
  const path = data.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const p = data.parameters.find((x) => x.in === 'path' && x.name === name);
    const v = p && value(p);
    return v === undefined ? whole : serializePath(name, v, p!.style, p!.explode);
  });
  const query: string[] = [];
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  for (const p of data.parameters) {
    const v = value(p);
    if (v === undefined) continue;
    if (p.in === 'query') query.push(...serializeQuery(p.name, v, p.style, p.explode));
    else if (p.in === 'header') headers.push([p.name, serializeHeader(v, p.explode)]);
    else if (p.in === 'cookie') cookies.push(...serializeCookie(p.name, v, p.explode));
  }
  for (const [name, v] of inputs.auth?.query ?? []) query.push(`${encodeURIComponent(name)}=${encodeURIComponent(v)}`);
  for (const [name, v] of inputs.auth?.cookies ?? []) cookies.push(`${name}=${encodeURIComponent(v)}`);
  headers.push(...(inputs.auth?.headers ?? []));
  if (cookies.length) headers.push(['Cookie', cookies.join('; ')]);
  const given = inputs.body;
  const form = given && 'form' in given ? given.form.filter((f) => f.value !== '' || f.fileName) : undefined;
  const multipart = given && form && isMultipart(given.mediaType) && form.length ? form.map((f) => ({ ...f })) : undefined;
  const text = !given
    ? undefined
    : 'text' in given
      ? given.text || undefined
      : multipart || !form?.length
        ? undefined
        : form.map((f) => `${formEncode(f.name)}=${formEncode(f.value)}`).join('&');
  const mediaType = text !== undefined || multipart ? given?.mediaType : undefined;
  if (text !== undefined && mediaType && !headers.some(([n]) => n.toLowerCase() === 'content-type')) headers.push(['Content-Type', mediaType]);

  let root = serverUrl(inputs.server.url, inputs.server.variables).replace(/\/+$/, '');
  if (base && !/^[a-z][a-z\d+.-]*:/i.test(root)) root = new URL(root || '/', base).href.replace(/\/+$/, '');
  const url = `${root}${path}${query.length ? `?${query.join('&')}` : ''}`;
  return { method: data.method.toUpperCase(), url, headers, body: text, form: multipart, mediaType };
}

/** application/x-www-form-urlencoded encoding of a name or value (spaces as "+"). */
const formEncode = (s: string): string => encodeURIComponent(s).replace(/%20/g, '+');
