import type { ApiExample, ApiMediaType, ApiOperationCore, ApiResponse } from '../shared/api-model.js';

// Which documented response answers a valid request: the first 2xx, unless a `Prefer` header asks
// for another status (`code=404`) or a named example (`example=zplLabel`), as Prism does. The media
// type follows `Accept` when the response has several; the example is the document's (or the one
// generated from the schema when it has none).

export interface Prefer {
  code?: string;
  example?: string;
}

export interface ChosenResponse {
  status: number;
  response: ApiResponse | undefined;
  media: ApiMediaType | undefined;
  example: ApiExample | undefined;
}

/** `Prefer: code=404, example=notFound` (one header or several; `;` also separates). */
export function parsePrefer(header: string | string[] | undefined): Prefer {
  const prefer: Prefer = {};
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(/[,;]/)) {
    const m = /^\s*([a-z]+)\s*=\s*"?([^"]*)"?\s*$/i.exec(part);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    if (key === 'code' || key === 'example') prefer[key] = m[2]!.trim();
  }
  return prefer;
}

/** The response documented for a status: exactly, else its range ("4XX"), else `default`. */
export function responseFor(operation: ApiOperationCore, status: number): ApiResponse | undefined {
  const exact = String(status);
  return (
    operation.responses.find((r) => r.status === exact) ??
    operation.responses.find((r) => r.status.toUpperCase() === `${exact[0]}XX`) ??
    operation.responses.find((r) => r.status === 'default')
  );
}

/** The response to send, or a message saying what the `Prefer` header asked for that the document lacks. */
export function chooseResponse(operation: ApiOperationCore, prefer: Prefer, accept: string | undefined): ChosenResponse | { missing: string } {
  let status: number;
  let response: ApiResponse | undefined;
  const documented = operation.responses.map((r) => r.status).join(', ') || 'none';
  if (prefer.code !== undefined) {
    status = Number(prefer.code);
    response = /^[1-5]\d\d$/.test(prefer.code) ? responseFor(operation, status) : undefined;
    if (!response)
      return { missing: `No ${prefer.code} response is documented for this operation (asked for by Prefer: code=${prefer.code}); it documents ${documented}.` };
  } else {
    response = operation.responses.find((r) => /^2/.test(r.status)) ?? operation.responses.find((r) => r.status === 'default');
    status = response && /^2\d\d$/.test(response.status) ? Number(response.status) : 200;
  }
  const media = pickMedia(response?.content ?? [], accept);
  // An example given only by URL (`externalValue`) is not fetched: the mock reads nothing from the network.
  const usable = (media?.examples ?? []).filter((e) => !e.externalValue);
  let example = usable[0];
  if (prefer.example !== undefined) {
    example = usable.find((e) => e.name === prefer.example);
    if (!example) {
      const names = usable.map((e) => e.name).filter((n): n is string => !!n);
      return {
        missing: `The ${status} response has no example named "${prefer.example}" (asked for by Prefer: example=${prefer.example}); ${names.length ? `its examples are ${names.join(', ')}` : 'it has no named examples'}.`,
      };
    }
  }
  return { status, response, media, example };
}

/** The media type `Accept` prefers among a response's (its q-values honoured), else the first. */
export function pickMedia(content: readonly ApiMediaType[], accept: string | undefined): ApiMediaType | undefined {
  if (!accept || content.length < 2) return content[0];
  const ranges = accept
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
      const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? 1);
      return { range, q: Number.isFinite(q) ? q : 1, index };
    })
    .filter((r) => r.range && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of ranges) {
    const found = content.find((m) => mediaMatches(range, m.mediaType));
    if (found) return found;
  }
  return content[0];
}

/** Whether a media range ("application/*", "*\/*", "text/plain") covers a media type. */
export function mediaMatches(range: string, mediaType: string): boolean {
  const [type, subtype] = essence(mediaType).split('/');
  const [rangeType, rangeSubtype] = essence(range).split('/');
  if (rangeType === '*' || type === '*') return true;
  return rangeType === type && (rangeSubtype === '*' || subtype === '*' || rangeSubtype === subtype);
}

/** "Application/JSON; charset=utf-8" → "application/json". */
export function essence(mediaType: string): string {
  return mediaType.split(';')[0]!.trim().toLowerCase();
}
