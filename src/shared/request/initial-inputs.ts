// The inputs an operation starts with, before the reader changes anything: the first server with
// its variables' defaults, each parameter's default or example, the first media type's example.
// The try-it starts from them and the server-rendered curl sample is written from them.
import type { RequestData, RequestParameter } from '../api-request.js';
import type { FormEntry, RequestInputs } from './build-request.js';
import type { ParameterValue } from './serialize.js';
import { parameterKey } from './build-request.js';

const isScalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** A parameter's starting value: its default, else its example (arrays and objects from their JSON). */
export function initialValue(p: RequestParameter): ParameterValue | undefined {
  if (p.schema?.default !== undefined && p.schema.default !== null) return toValue(p.schema.default);
  if (p.example === undefined) return undefined;
  if (
    p.schema?.type === 'array' ||
    p.schema?.type === 'object' ||
    p.schema?.type === 'integer' ||
    p.schema?.type === 'number' ||
    p.schema?.type === 'boolean'
  ) {
    try {
      return toValue(JSON.parse(p.example));
    } catch {
      return p.example;
    }
  }
  return stringExample(p.example);
}

/** A string example as the reader types it: the model writes examples as JSON, `"He said \"hi\""` for `He said "hi"`. */
function stringExample(example: string): string {
  if (!/^".*"$/s.test(example)) return example;
  try {
    const value: unknown = JSON.parse(example);
    return typeof value === 'string' ? value : example;
  } catch {
    return example.slice(1, -1);
  }
}

function toValue(v: unknown): ParameterValue | undefined {
  if (isScalar(v)) return v;
  if (Array.isArray(v)) return v.filter(isScalar);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).filter((e): e is [string, string | number | boolean] => isScalar(e[1])));
  return undefined;
}

/** The starting form entries of a form body: each field's example. */
export function initialForm(fields: RequestData['bodies'][number]['fields']): FormEntry[] {
  return fields.filter((f) => !f.file).map((f) => ({ name: f.name, value: f.example ?? '' }));
}

export function initialInputs(data: RequestData, serverIndex = 0): RequestInputs {
  const server = data.servers[serverIndex] ?? data.servers[0];
  const values: Record<string, ParameterValue | undefined> = {};
  for (const p of data.parameters) values[parameterKey(p)] = initialValue(p);
  const body = data.bodies[0];
  return {
    server: { url: server?.url ?? '', variables: Object.fromEntries((server?.variables ?? []).map((v) => [v.name, v.default])) },
    values,
    body: !body
      ? undefined
      : body.fields.length
        ? { mediaType: body.mediaType, form: initialForm(body.fields) }
        : { mediaType: body.mediaType, text: body.example ?? '' },
  };
}
