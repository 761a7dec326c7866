// Parameter serialization as OpenAPI 3 defines it (`style`, `explode`), for the try-it and the code
// samples: a value (primitive, array or object) to what goes in the path, the query, a header or a
// cookie. Pure: no DOM.

export type ParameterValue = string | number | boolean | null | readonly (string | number | boolean)[] | Readonly<Record<string, string | number | boolean>>;
export type Location = 'path' | 'query' | 'header' | 'cookie';

/** The style a location uses when the document names none. */
const DEFAULT_STYLE: Record<Location, string> = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' };

/** `explode` defaults to true for the form style only. */
export function styleOf(location: Location, style: string | undefined, explode: boolean | undefined): { style: string; explode: boolean } {
  const s = style ?? DEFAULT_STYLE[location];
  return { style: s, explode: explode ?? s === 'form' };
}

const text = (v: string | number | boolean | null): string => (v === null ? '' : String(v));
/** Percent-encoding of a path or query component (RFC 3986 unreserved characters kept). */
const enc = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A path parameter's segment text, encoded (`simple` "3,4,5", `label` ".3.4.5", `matrix` ";id=3;id=4").
 */
export function serializePath(name: string, value: ParameterValue, style?: string, explode?: boolean): string {
  const { style: s, explode: x } = styleOf('path', style, explode);
  const parts = pairsOf(value);
  if (s === 'label') {
    if (parts.kind === 'primitive') return `.${enc(parts.value)}`;
    if (parts.kind === 'array') return `.${parts.items.map(enc).join(x ? '.' : ',')}`;
    return `.${parts.entries.map(([k, v]) => (x ? `${enc(k)}=${enc(v)}` : `${enc(k)},${enc(v)}`)).join(x ? '.' : ',')}`;
  }
  if (s === 'matrix') {
    if (parts.kind === 'primitive') return `;${enc(name)}${parts.value === '' ? '' : `=${enc(parts.value)}`}`;
    if (parts.kind === 'array') return x ? parts.items.map((v) => `;${enc(name)}=${enc(v)}`).join('') : `;${enc(name)}=${parts.items.map(enc).join(',')}`;
    return x
      ? parts.entries.map(([k, v]) => `;${enc(k)}=${enc(v)}`).join('')
      : `;${enc(name)}=${parts.entries.map(([k, v]) => `${enc(k)},${enc(v)}`).join(',')}`;
  }
  return simple(parts, x, enc);
}

/**
 * A query parameter as `name=value` pairs, encoded (`form` "id=3&id=4", `spaceDelimited` "id=3%204",
 * `pipeDelimited` "id=3|4", `deepObject` "id[role]=admin"; brackets and pipes stay as the specification writes them).
 */
export function serializeQuery(name: string, value: ParameterValue, style?: string, explode?: boolean): string[] {
  const { style: s, explode: x } = styleOf('query', style, explode);
  const parts = pairsOf(value);
  const n = enc(name);
  if (parts.kind === 'primitive') return [`${n}=${enc(parts.value)}`];
  if (s === 'deepObject') {
    const entries = parts.kind === 'object' ? parts.entries : parts.items.map((v, i): [string, string] => [String(i), v]);
    return entries.map(([k, v]) => `${n}[${enc(k)}]=${enc(v)}`);
  }
  const flat = parts.kind === 'array' ? parts.items : parts.entries.flat();
  if (s === 'spaceDelimited') return [`${n}=${flat.map(enc).join('%20')}`];
  if (s === 'pipeDelimited') return [`${n}=${flat.map(enc).join('|')}`];
  if (!x) return [`${n}=${flat.map(enc).join(',')}`];
  return parts.kind === 'array' ? parts.items.map((v) => `${n}=${enc(v)}`) : parts.entries.map(([k, v]) => `${enc(k)}=${enc(v)}`);
}

/** A header's value (`simple`: "3,4,5", "role=admin,firstName=Alex" exploded). Not encoded. */
export function serializeHeader(value: ParameterValue, explode?: boolean): string {
  return simple(pairsOf(value), explode ?? false, (s) => s);
}

/** A cookie parameter as `name=value` pairs (`form`; an exploded array: one pair a value). */
export function serializeCookie(name: string, value: ParameterValue, explode?: boolean): string[] {
  const parts = pairsOf(value);
  const v = (s: string): string => enc(s);
  if (parts.kind === 'primitive') return [`${name}=${v(parts.value)}`];
  if (parts.kind === 'array') return explode ? parts.items.map((item) => `${name}=${v(item)}`) : [`${name}=${parts.items.map(v).join(',')}`];
  return explode ? parts.entries.map(([k, val]) => `${k}=${v(val)}`) : [`${name}=${parts.entries.map(([k, val]) => `${v(k)},${v(val)}`).join(',')}`];
}

type Parts = { kind: 'primitive'; value: string } | { kind: 'array'; items: string[] } | { kind: 'object'; entries: [string, string][] };

function pairsOf(value: ParameterValue): Parts {
  if (Array.isArray(value)) return { kind: 'array', items: value.map(text) };
  if (value !== null && typeof value === 'object') return { kind: 'object', entries: Object.entries(value).map(([k, v]): [string, string] => [k, text(v)]) };
  return { kind: 'primitive', value: text(value as string | number | boolean | null) };
}

function simple(parts: Parts, explode: boolean, encode: (s: string) => string): string {
  if (parts.kind === 'primitive') return encode(parts.value);
  if (parts.kind === 'array') return parts.items.map(encode).join(',');
  return parts.entries.map(([k, v]) => (explode ? `${encode(k)}=${encode(v)}` : `${encode(k)},${encode(v)}`)).join(',');
}
