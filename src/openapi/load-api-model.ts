import { stringify as stringifyYaml } from 'yaml';
import { diagnostic, hasErrors, type Diagnostic } from '../shared/diagnostics.js';
import type { Timed, WholeFile } from '../shared/model.js';
import type { ApiModel } from '../shared/api-model.js';
import type { FoundDocument } from './load/find-document.js';
import { parseDocumentText, type Position } from './load/parse-document.js';
import { checkVersion } from './load/check-version.js';
import { checkInternalRefs } from './load/check-refs.js';
import { getAtPointer } from './load/pointer.js';
import { resolveExternalRefs } from './load/resolve-external.js';
import { validateDocument } from './load/validate-document.js';
import { convertSwagger } from './load/convert-swagger.js';
import { toApiModel } from './model/to-api-model.js';
import type { Obj } from './model/model-context.js';
import { pause } from '../render/workers/pause.js';

// One document from its text to its model, the chain every entry shares (the build's loadApi, the
// mock, the proxy, init): parse → version → references → validation (and repair) → Swagger 2.0
// conversion → toApiModel, every problem placed at its file, line and column.

/**
 * The whole of the spec work (reading, resolving, validating, modelling) must end within this. The
 * work is synchronous, so the bound is checked by the work itself: between stages, per operation,
 * per media type and inside example generation (a timer could not interrupt it).
 */
export const TIME_BOUND_MS = 60_000;
/** Diagnostics of one code beyond this many are summarised: a broken generator can emit thousands. */
const MAX_PER_CODE = 30;

/** Runs a step without timing it (outside the build). */
export const untimed: Timed = async (_name, fn) => fn();

/** A document read, checked and modelled: what the API pages and the mock server start from. */
export interface ModelledApi {
  /** Undefined when the document has errors (they are in `diagnostics`). */
  model: ApiModel | undefined;
  /** The OpenAPI 3.x document the model was made from (Swagger 2.0 converted), references in place. */
  document: Obj | undefined;
  /** The document offered for download. */
  download: WholeFile | undefined;
  diagnostics: Diagnostic[];
  /** The document's http(s) links, with the pointers of the values that hold them. */
  links?: { url: string; pointer: string }[];
  /** Line and column of a pointer of the model's document, in the file as written. */
  place: (pointer: string | undefined) => { line: number; column: number; pointer?: string | undefined };
}

export interface LoadModelOptions {
  /** Route of the overview page ("/api"). */
  basePath: string;
  /** Date.now() after which the work stops with SD3009. */
  deadline: number;
  /** Examples longer than this are cut (default: what a page carries). */
  exampleChars?: number | undefined;
  /** Runs the parse, the validation and the modelling under their names (see LoadApiOptions). */
  timed?: Timed | undefined;
}

/** Parses, checks, resolves, validates and converts the document, then builds its model. */
export async function loadApiModel(root: string, document: FoundDocument, options: LoadModelOptions): Promise<ModelledApi> {
  const { basePath, deadline, timed = untimed } = options;
  const file = document.rel;
  const nowhere = (): { line: number; column: number } => ({ line: 1, column: 1 });
  const fail = (diagnostics: Diagnostic[]): ModelledApi => ({ model: undefined, document: undefined, download: undefined, diagnostics, place: nowhere });
  const late = (): ModelledApi =>
    fail([
      diagnostic('SD3009', {
        message: 'Processing the OpenAPI document took longer than the time bound; stopped before modelling it.',
        file,
        line: 1,
        column: 1,
      }),
    ]);
  const parsed = await timed('loadApi.parse', () => parseDocumentText(document.text, file));
  if (hasErrors(parsed.diagnostics)) return fail(parsed.diagnostics);
  const versionProblem = checkVersion(parsed, file);
  if (versionProblem) return fail([versionProblem]);
  // Between steps that each take a good part of a second on a large document: an interrupt waits for one, not all.
  await pause();
  const source = parsed.value as Obj;
  const locate = (pointer: string, key?: boolean): Position | undefined => parsed.locate(pointer, key);

  // Everything wrong with the document as written, in one pass: references, then the schema.
  const refs = checkInternalRefs(source, file, locate);
  await pause();
  const external = refs.external
    ? await resolveExternalRefs({ value: source, file: document.abs, root, locate, timeoutMs: Math.max(1000, deadline - Date.now()) })
    : { value: source, bundled: false, refNames: new Map<string, string>(), diagnostics: [] };
  const value = hasErrors(external.diagnostics) ? source : external.value;
  const validated = await timed('loadApi.validate', () => validateDocument({ value, file, locate, text: document.text }));
  const problems = [...refs.diagnostics, ...external.diagnostics, ...validated.diagnostics].sort(byPlace);
  if (hasErrors(problems)) return fail(problems);
  if (Date.now() > deadline) return late();
  await pause();

  const isSwagger = value.swagger !== undefined;
  // The download is the document as written; the model is made from it with its SD3016 repairs.
  const download = downloadFile(document, basePath, external.bundled ? value : undefined);
  let model3 = validated.value;
  if (isSwagger) {
    const converted = await convertSwagger(validated.value, file);
    if (!converted.value) return fail(converted.diagnostics);
    model3 = converted.value;
  }

  const result = await timed('loadApi.model', () =>
    toApiModel(model3, {
      basePath,
      download: { href: download.href, fileName: download.fileName },
      deadline,
      refNames: external.refNames,
      ...(options.exampleChars !== undefined ? { exampleChars: options.exampleChars } : {}),
    }),
  );
  const { model, diagnostics } = result;
  // A converted Swagger document's pointers name OpenAPI 3 places: translated back where they exist.
  const place = (pointer: string | undefined): ReturnType<ModelledApi['place']> => placeOf(pointer, isSwagger ? source : undefined, locate);
  const located = diagnostics.map((d) => ({ ...d, file, ...place(d.pointer) }));
  if (!model || hasErrors(located)) return fail([...problems, ...located]);
  // The document's warnings (unknown properties, repaired values) come with the model's; its links
  // are placed by the caller, only those it reports.
  return { model, document: model3, download: download.file, diagnostics: [...problems, ...located], links: result.links ?? [], place };
}

/** Line and column of a model diagnostic; for Swagger 2.0, of the 2.0 place the pointer came from. */
function placeOf(
  pointer: string | undefined,
  swagger: Obj | undefined,
  locate: (pointer: string) => Position | undefined,
): { line: number; column: number; pointer?: string | undefined } {
  if (pointer === undefined) return { line: 1, column: 1 };
  if (!swagger) return { ...(locate(pointer) ?? { line: 1, column: 1 }), pointer };
  const translated = swaggerPointer(pointer);
  const exists = getAtPointer(swagger, translated) !== undefined;
  return { ...(locate(translated) ?? { line: 1, column: 1 }), pointer: exists ? translated : undefined };
}

/** An OpenAPI 3 pointer of a converted document → the Swagger 2.0 place it was converted from (as near as it maps). */
function swaggerPointer(pointer: string): string {
  return pointer
    .replace(/^\/components\/schemas\//, '/definitions/')
    .replace(/^\/components\/parameters\//, '/parameters/')
    .replace(/^\/components\/responses\//, '/responses/')
    .replace(/^\/components\/securitySchemes\//, '/securityDefinitions/')
    .replace(/^\/servers(\/.*)?$/, '/host')
    .replace(/\/(requestBody|content\/[^/]+)(?=\/|$)/g, '');
}

/** Diagnostics in reading order: by file, then line and column. */
function byPlace(a: Diagnostic, b: Diagnostic): number {
  const last = Number.MAX_SAFE_INTEGER; // summaries ("… and 12 more") have no place: after the rest
  return (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? last) - (b.line ?? last) || (a.column ?? 0) - (b.column ?? 0);
}

/** The document offered for download: the file as written, or the bundle when it spans several files. */
function downloadFile(document: FoundDocument, basePath: string, bundled: Obj | undefined): { href: string; fileName: string; file: WholeFile } {
  const json = /\.json$/i.test(document.abs);
  const fileName = `openapi.${json ? 'json' : 'yaml'}`;
  const href = `${basePath === '/' ? '' : basePath}/${fileName}`;
  const path = href.slice(1);
  const file: WholeFile = bundled
    ? { path, contents: json ? JSON.stringify(bundled, null, 2) : stringifyYaml(bundled, { aliasDuplicateObjects: false }) }
    : { path, copyFrom: document.abs };
  return { href, fileName, file };
}

export function capDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  const counts = new Map<string, number>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const n = (counts.get(d.code) ?? 0) + 1;
    counts.set(d.code, n);
    if (n <= MAX_PER_CODE) out.push(d);
  }
  for (const [code, n] of counts) {
    if (n > MAX_PER_CODE) {
      const sample = diagnostics.find((d) => d.code === code)!;
      out.push(
        diagnostic(sample.code, {
          message: `… and ${n - MAX_PER_CODE} more ${code} problems like the ones above.`,
          severity: sample.severity,
          ...(sample.file ? { file: sample.file } : {}),
        }),
      );
    }
  }
  return out;
}
