import type { ApiOperation } from '../shared/api-model.js';
import type { RequestValidators } from '../shared/mock-api.js';
import { essence, mediaMatches } from './choose-response.js';
import type { MockError, Problem } from './problems.js';

// The request body read by its `Content-Type` among the operation's media types and checked against
// that media type's schema: JSON parsed (invalid JSON is a 400), forms (urlencoded, multipart) read
// into objects of strings that the check converts to the schema's types, anything else kept as text.
// Its problems join the parameters' in one answer (request-error in problems.ts). JSON nested deeper
// than MAX_JSON_DEPTH is a 400 before it is parsed: the schema check recurses once per level, and a
// body of 100,000 brackets would exhaust the stack (no real API body is 64 levels deep).

/** The deepest JSON body the mock reads (objects and arrays within each other). */
export const MAX_JSON_DEPTH = 64;

export type BodyResult =
  | { kind: 'none' }
  /** Read: `problems` are the 422s of its check. */
  | { kind: 'read'; value: unknown; problems: Problem[] }
  /** Missing though required, or unreadable: 400 problems. */
  | { kind: 'unreadable'; problems: Problem[] }
  /** A media type the operation does not take: 415. */
  | { kind: 'unsupported'; error: MockError };

export async function readBody(operation: ApiOperation, raw: Buffer, contentType: string | undefined, validators: RequestValidators): Promise<BodyResult> {
  const body = operation.requestBody;
  if (!body || body.content.length === 0) return { kind: 'none' };
  if (raw.length === 0) {
    return body.required
      ? { kind: 'unreadable', problems: [{ status: 400, in: 'body', pointer: '', keyword: 'required', message: 'is required' }] }
      : { kind: 'none' };
  }
  // Without a Content-Type the body is taken as the operation's first media type.
  const type = contentType ? essence(contentType) : essence(body.content[0]!.mediaType);
  const media = body.content.find((m) => essence(m.mediaType) === type) ?? body.content.find((m) => mediaMatches(m.mediaType, type));
  if (!media) {
    const accepted = body.content.map((m) => m.mediaType).join(', ');
    return { kind: 'unsupported', error: { status: 415, message: `Unsupported Content-Type ${type}: this operation accepts ${accepted}.`, problems: [] } };
  }
  let value: unknown;
  try {
    value = await parse(raw, type, contentType ?? type);
  } catch (err) {
    return { kind: 'unreadable', problems: [{ status: 400, in: 'body', pointer: '', keyword: 'syntax', message: (err as Error).message }] };
  }
  const form = /^(application\/x-www-form-urlencoded|multipart\/form-data)$/.test(type);
  const check = validators.body(operation, media.mediaType, { coerce: form })?.(value);
  const problems: Problem[] = (check?.problems ?? []).map((p) => ({ status: 422, in: 'body', ...p }));
  return { kind: 'read', value: check ? check.value : value, problems };
}

async function parse(raw: Buffer, type: string, contentType: string): Promise<unknown> {
  if (/[/+]json$/.test(type)) {
    const text = raw.toString('utf8');
    if (exceedsDepth(text, MAX_JSON_DEPTH)) throw new Error(`is nested deeper than ${MAX_JSON_DEPTH} levels, the most the mock reads`);
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new Error(`is not valid JSON (${(err as Error).message})`);
    }
  }
  if (type === 'application/x-www-form-urlencoded') return fields(new URLSearchParams(raw.toString('utf8')));
  if (type === 'multipart/form-data') {
    let data: FormData;
    try {
      data = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw new Error('is not valid multipart/form-data (check the boundary in the Content-Type header)');
    }
    // A file part stands for itself by its name: the schema of an upload is a string (format binary).
    return fields([...data].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]));
  }
  return raw.toString('utf8');
}

/** Form fields as an object; a repeated field becomes an array. */
function fields(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of entries) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** Whether JSON text opens more than `max` objects and arrays within each other (brackets in strings do not count); one pass. */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
