import { basename, relative, resolve } from 'node:path';
import { diagnostic, hasErrors, type Diagnostic } from '../shared/diagnostics.js';
import { findDocument } from './load/find-document.js';
import { capDiagnostics, loadApiModel, TIME_BOUND_MS } from './load-api-model.js';

// `shipdocs init --openapi <file>`'s entry into this folder: the document is read, checked and
// modelled by the same code as `build` before the new site is written, so a site that init makes
// builds. What init copies into the new site is the file as written or, when it references other
// files, the document with them bundled in (one file that needs nothing else): the same file the
// site offers for download.

export interface InitApi {
  /** The document's `info.title` (the new site's default title); undefined when it has errors. */
  title: string | undefined;
  /** Its `info.summary`, the new site's tagline. */
  summary: string | undefined;
  /** The name to copy it under: the file's own. */
  fileName: string;
  /** The bundled document, when the file references others; undefined: copy the file itself. */
  contents: string | undefined;
  diagnostics: Diagnostic[];
}

/** Checks the OpenAPI file `file` (absolute, or relative to `root`); its references may reach files under `root` only. */
export async function loadInitApi(root: string, file: string): Promise<InitApi> {
  const abs = resolve(root, file);
  const none = (diagnostics: Diagnostic[]): InitApi => ({ title: undefined, summary: undefined, fileName: basename(abs), contents: undefined, diagnostics });
  const found = findDocument(root, relative(root, abs) || '.');
  if (!found.document) return none(found.diagnostics.length ? found.diagnostics : [diagnostic('SD3001', { message: `No OpenAPI document in "${file}".` })]);
  const loaded = await loadApiModel(root, found.document, { basePath: '/api', deadline: Date.now() + TIME_BOUND_MS });
  const diagnostics = capDiagnostics([...found.diagnostics, ...loaded.diagnostics]);
  if (!loaded.model || !loaded.download || hasErrors(diagnostics)) return none(diagnostics);
  const contents = 'contents' in loaded.download ? String(loaded.download.contents) : undefined;
  const { title, summary } = loaded.model.info;
  return { title, summary: summary?.trim() || undefined, fileName: basename(found.document.abs), contents, diagnostics };
}
