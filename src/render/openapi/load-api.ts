import { stringify as stringifyYaml } from 'yaml';
import type { SiteConfig } from '../../config/schema.js';
import { diagnostic, hasErrors, type Diagnostic } from '../../shared/diagnostics.js';
import type { OutputFile, Route } from '../../shared/model.js';
import { findDocument, type FoundDocument } from './find-document.js';
import { parseDocumentText, type ParsedDocument } from './parse-document.js';
import { resolveExternalRefs } from './resolve-external.js';
import { validateDocument } from './validate-document.js';
import { convertSwagger } from './convert-swagger.js';
import { toApiModel } from './to-api-model.js';
import { planApiRoutes } from './plan-api-routes.js';
import { isObj, type Obj } from './model-context.js';

export interface LoadedApi {
  /** API routes (overview first), each with its page data. */
  routes: Route[];
  /** Extra output files (the downloadable document, exports). */
  files: OutputFile[];
  diagnostics: Diagnostic[];
}

/** The whole of the spec work (reading, resolving, validating, modelling) must end within this. */
export const TIME_BOUND_MS = 60_000;
/** Diagnostics of one code beyond this many are summarised: a broken generator can emit thousands. */
const MAX_PER_CODE = 30;

/** Finds the OpenAPI document under `config.openapi.path`, loads it and plans its pages. */
export async function loadApi(root: string, config: SiteConfig, timeBoundMs = TIME_BOUND_MS): Promise<LoadedApi> {
  if (config.openapi === false) return { routes: [], files: [], diagnostics: [] };
  const found = findDocument(root, config.openapi.path);
  if (!found.document) return { routes: [], files: [], diagnostics: found.diagnostics };
  const basePath = '/' + config.openapi.routeBasePath.replace(/^\/+|\/+$/g, '');
  const document = found.document;
  const deadline = Date.now() + timeBoundMs;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<LoadedApi>((resolve) => {
    timer = setTimeout(() => resolve({ routes: [], files: [], diagnostics: [diagnostic('SD3009', { message: `Processing the OpenAPI document took longer than ${timeBoundMs / 1000} s.`, file: document.rel })] }), timeBoundMs);
    timer.unref();
  });
  try {
    const loaded = await Promise.race([load(root, document, basePath, deadline), timeout]);
    return { ...loaded, diagnostics: capDiagnostics([...found.diagnostics, ...loaded.diagnostics]) };
  } finally {
    clearTimeout(timer);
  }
}

async function load(root: string, document: FoundDocument, basePath: string, deadline: number): Promise<LoadedApi> {
  const file = document.rel;
  const fail = (diagnostics: Diagnostic[]): LoadedApi => ({ routes: [], files: [], diagnostics });
  const parsed = parseDocumentText(document.text, file);
  if (hasErrors(parsed.diagnostics)) return fail(parsed.diagnostics);
  const versionProblem = checkVersion(parsed, file);
  if (versionProblem) return fail([versionProblem]);
  let value = parsed.value as Obj;
  const at = (pointer: string, key?: boolean): { line: number; column: number } => parsed.locate(pointer, key) ?? { line: 1, column: 1 };

  const external = await resolveExternalRefs({ value, file: document.abs, root, locate: (p) => parsed.locate(p), timeoutMs: Math.max(1000, deadline - Date.now()) });
  if (hasErrors(external.diagnostics)) return fail(external.diagnostics);
  value = external.value;

  const invalid = validateDocument({ value, file, locate: (p, key) => parsed.locate(p, key) });
  if (hasErrors(invalid)) return fail(invalid);

  const isSwagger = value.swagger !== undefined;
  const download = downloadFile(document, basePath, external.bundled ? value : undefined);
  if (isSwagger) {
    const converted = await convertSwagger(value, file);
    if (!converted.value) return fail(converted.diagnostics);
    value = converted.value;
  }

  const { model, diagnostics } = toApiModel(value, { basePath, download: { href: download.href, fileName: download.fileName }, deadline });
  // Pointers of a converted Swagger document name OpenAPI 3 places; only the file is certain then.
  const located = diagnostics.map((d) => ({ ...d, file, ...(d.pointer !== undefined && !isSwagger ? at(d.pointer) : { line: 1, column: 1 }) }));
  if (!model || hasErrors(located)) return fail(located);
  return { routes: planApiRoutes(model, file), files: [download.file], diagnostics: located };
}

function checkVersion(parsed: ParsedDocument, file: string): Diagnostic | undefined {
  const value = parsed.value;
  const where = (pointer: string): { line: number; column: number } => parsed.locate(pointer) ?? { line: 1, column: 1 };
  if (!isObj(value)) return diagnostic('SD3004', { message: 'The OpenAPI document must be an object (key: value pairs) at its top level.', file, line: 1, column: 1 });
  if (value.openapi !== undefined) {
    if (typeof value.openapi === 'string' && /^3\.[01]\.\d+$/.test(value.openapi)) return undefined;
    return diagnostic('SD3004', { message: `Unsupported OpenAPI version ${JSON.stringify(value.openapi)}: shipdocs reads 3.0.x, 3.1.x and Swagger 2.0 (write the version as a string, e.g. "3.1.0").`, file, pointer: '/openapi', ...where('/openapi') });
  }
  if (value.swagger !== undefined) {
    if (value.swagger === '2.0') return undefined;
    return diagnostic('SD3004', { message: `Unsupported Swagger version ${JSON.stringify(value.swagger)}: only "2.0" (as a string) is read.`, file, pointer: '/swagger', ...where('/swagger') });
  }
  return diagnostic('SD3004', { message: 'This is not an OpenAPI document: it has no "openapi" (3.x) or "swagger" (2.0) field.', file, line: 1, column: 1 });
}

/** The document offered for download: the file as written, or the bundle when it spans several files. */
function downloadFile(document: FoundDocument, basePath: string, bundled: Obj | undefined): { href: string; fileName: string; file: OutputFile } {
  const json = /\.json$/i.test(document.abs);
  const fileName = `openapi.${json ? 'json' : 'yaml'}`;
  const href = `${basePath === '/' ? '' : basePath}/${fileName}`;
  const path = href.slice(1);
  const file: OutputFile = bundled ? { path, contents: json ? JSON.stringify(bundled, null, 2) : stringifyYaml(bundled, { aliasDuplicateObjects: false }) } : { path, copyFrom: document.abs };
  return { href, fileName, file };
}

function capDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
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
      out.push(diagnostic(sample.code, { message: `… and ${n - MAX_PER_CODE} more ${code} problems like the ones above.`, severity: sample.severity, ...(sample.file ? { file: sample.file } : {}) }));
    }
  }
  return out;
}
