import type { ParameterLocation } from '../shared/api-model.js';

// What is wrong with a request, before it is shaped into the document's error body (error-body.ts).

/** One thing wrong with a parameter or the body. */
export interface Problem {
  /** 400: missing or unreadable; 422: read, but against its schema. */
  status: 400 | 422;
  in: ParameterLocation | 'body';
  /** The parameter's name; undefined for the body. */
  name?: string | undefined;
  /** Where inside the value (a JSON pointer, "" for the value itself). */
  pointer: string;
  /** The JSON Schema keyword that failed, or what the mock checked ("required", "style", "json"). */
  keyword: string;
  message: string;
}

/** An error response to send: its status, its one-line message and the problems behind it. */
export interface MockError {
  status: number;
  message: string;
  problems: Problem[];
}

/** Machine-readable codes of the mock's own errors. */
export const ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  500: 'internal_error',
};

/** The field a problem is about, in dot and bracket notation: "parcels[0].weight_kg", "page", "filter.status". */
export function fieldOf(problem: Problem): string {
  const segments = problem.pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let field = problem.name ?? '';
  for (const segment of segments) field += /^\d+$/.test(segment) ? `[${segment}]` : field ? `.${segment}` : segment;
  return field || 'body';
}

/** The 400 or 422 error for a list of problems (400 when any value could not be read at all). */
export function requestError(problems: readonly Problem[]): MockError {
  const unreadable = problems.filter((p) => p.status === 400);
  const shown = unreadable.length ? unreadable : [...problems];
  const first = shown[0]!;
  const where = first.in === 'body' ? (first.pointer ? `body field ${fieldOf(first)}` : 'body') : `${first.in} parameter ${fieldOf(first)}`;
  const more = shown.length > 1 ? ` (and ${shown.length - 1} more problem${shown.length > 2 ? 's' : ''})` : '';
  return {
    status: unreadable.length ? 400 : 422,
    message: `${unreadable.length ? 'Malformed request' : 'Invalid request'}: ${where} ${first.message}${more}.`,
    problems: shown,
  };
}
