import type { z } from 'zod';
import { editDistance } from '../shared/edit-distance.js';

// Turns zod issues into plain problems with a readable path and a "did you mean" for unknown keys.
// Shared by the config and the front matter schemas.

export interface SchemaProblem {
  kind: 'unknown-key' | 'invalid';
  /** Path of the offending value (for unknown keys: including the key). */
  path: (string | number)[];
  message: string;
}

function formatPath(path: readonly (string | number)[]): string {
  return path.reduce<string>((acc, seg) => (typeof seg === 'number' ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg), '');
}

function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  const lower = word.toLowerCase();
  for (const c of candidates) {
    const score = editDistance(lower, c.toLowerCase());
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best !== undefined && bestScore <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

type AnySchema = z.ZodType;

/** The keys an object schema accepts at `path`, looking through optional/default/union/array. */
function keysAt(schema: AnySchema, path: readonly (string | number)[]): string[] {
  let current: AnySchema[] = [schema];
  for (const seg of path) current = current.flatMap((s) => childSchemas(s, seg));
  return [...new Set(current.flatMap((s) => objectKeys(s)))];
}

function unwrap(s: AnySchema): AnySchema[] {
  const def = (s as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
    case 'readonly':
      return unwrap(def.innerType as AnySchema);
    case 'union':
      return (def.options as AnySchema[]).flatMap(unwrap);
    case 'pipe':
      return unwrap(def.in as AnySchema);
    default:
      return [s];
  }
}

function objectKeys(s: AnySchema): string[] {
  return unwrap(s).flatMap((u) => {
    const def = (u as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    return def.type === 'object' ? Object.keys(def.shape as object) : [];
  });
}

function childSchemas(s: AnySchema, seg: string | number): AnySchema[] {
  return unwrap(s).flatMap((u) => {
    const def = (u as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    if (def.type === 'object' && typeof seg === 'string') {
      const child = (def.shape as Record<string, AnySchema>)[seg];
      return child ? [child] : [];
    }
    if (def.type === 'array' && typeof seg === 'number') return [def.element as AnySchema];
    if (def.type === 'record') return [def.valueType as AnySchema];
    return [];
  });
}

/** Every problem of a failed parse, unknown keys split one per key. */
export function schemaProblems(schema: AnySchema, error: z.ZodError, input?: unknown): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  for (const issue of error.issues.flatMap(unionBranch)) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      const known = keysAt(schema, path);
      for (const key of issue.keys) {
        const suggestion = closest(key, known);
        const where = path.length ? ` in "${formatPath(path)}"` : '';
        out.push({
          kind: 'unknown-key',
          path: [...path, key],
          message: `Unknown key "${key}"${where}.` + (suggestion ? ` Did you mean "${suggestion}"?` : known.length ? ` Known keys: ${known.join(', ')}.` : ''),
        });
      }
      continue;
    }
    const where = path.length ? `"${formatPath(path)}"` : 'The value';
    out.push({ kind: 'invalid', path, message: `${where}: ${describeIssue(issue, valueAt(input, path))}` });
  }
  return out;
}

/**
 * A union none of whose forms fit: when only one form takes this kind of value (a list where the
 * others want `false` or an object), its problems are the ones to report, at their own paths.
 */
function unionBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return [issue];
  const fits = issue.errors.filter((branch) => !branch.some((i) => i.path.length === 0 && (i.code === 'invalid_type' || i.code === 'invalid_value')));
  if (fits.length !== 1) return [issue];
  return fits[0]!.flatMap((i) => unionBranch({ ...i, path: [...issue.path, ...i.path] } as z.core.$ZodIssue));
}

function valueAt(input: unknown, path: readonly (string | number)[]): unknown {
  let v = input;
  for (const seg of path) v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[seg] : undefined;
  return v;
}

function describeIssue(issue: z.core.$ZodIssue, got: unknown): string {
  if (issue.code === 'invalid_type') {
    return `expected ${issue.expected}, received ${got === undefined ? 'nothing' : Array.isArray(got) ? 'array' : got === null ? 'null' : typeof got}.`;
  }
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
  const msg = issue.message.replace(/^Invalid input: /, '');
  return msg.endsWith('.') ? msg : `${msg}.`;
}
