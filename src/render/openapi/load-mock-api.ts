import type { SiteConfig } from '../../config/schema.js';
import type { Diagnostic } from '../../shared/diagnostics.js';
import type { MockApi } from '../../shared/mock-api.js';
import { findDocument } from './find-document.js';
import { capDiagnostics, loadApiModel, TIME_BOUND_MS } from './load-api.js';
import { createRequestValidators } from './request-validators.js';

// The mock server's entry into this folder: the same document `shipdocs build` reads (found,
// checked and modelled by the same code, so the mock answers for exactly what the reference shows),
// with its examples whole (pages cut long ones, a mock serves them as written) and the checks of
// request values against its schemas.

export interface LoadedMockApi {
  /** Undefined when there is no document (`openapi: false`, no file at the default path) or it has errors. */
  api: MockApi | undefined;
  diagnostics: Diagnostic[];
}

export async function loadMockApi(root: string, config: SiteConfig, options: { onWarning?: (message: string) => void } = {}): Promise<LoadedMockApi> {
  if (config.openapi === false) return { api: undefined, diagnostics: [] };
  const found = findDocument(root, config.openapi.path);
  if (!found.document) return { api: undefined, diagnostics: found.diagnostics };
  const basePath = '/' + config.openapi.routeBasePath.replace(/^\/+|\/+$/g, '');
  const loaded = await loadApiModel(root, found.document, {
    basePath,
    deadline: Date.now() + TIME_BOUND_MS,
    exampleChars: Number.POSITIVE_INFINITY,
  });
  const diagnostics = capDiagnostics([...found.diagnostics, ...loaded.diagnostics]);
  if (!loaded.model || !loaded.document) return { api: undefined, diagnostics };
  const validators = createRequestValidators(loaded.document, options.onWarning ? { onWarning: options.onWarning } : {});
  return { api: { model: loaded.model, validators, file: found.document.rel }, diagnostics };
}
