import type { SiteConfig } from '../config/schema.js';
import type { Diagnostic } from '../shared/diagnostics.js';
import type { MockApi } from '../shared/mock-api.js';
import { findApis } from './load/find-apis.js';
import { capDiagnostics, loadApiModel, TIME_BOUND_MS } from './load-api-model.js';
import { createRequestValidators } from './requests/request-validators.js';

// The mock server's entry into this folder: the same document `shipdocs build` reads (found,
// checked and modelled by the same code, so the mock answers for exactly what the reference shows),
// with its examples whole (pages cut long ones, a mock serves them as written) and the checks of
// request values against its schemas. A site with several APIs mocks one: `apiId`, else the first.

export interface LoadedMockApi {
  /** Undefined when there is no document (`openapi: false`, no file at the default path), it has errors, or `apiId` names no API. */
  api: MockApi | undefined;
  diagnostics: Diagnostic[];
  /** The site's API ids (in the config's order; none for a site whose only API has no id). */
  ids: string[];
  /** The id of the API mocked, when it has one. */
  id?: string | undefined;
  /** `apiId` names none of the site's APIs. */
  unknownId?: boolean;
}

export interface MockApiOptions {
  onWarning?: (message: string) => void;
  /** Which API of a site with several (`shipdocs mock --api <id>`); the first when not given. */
  apiId?: string | undefined;
}

export async function loadMockApi(root: string, config: SiteConfig, options: MockApiOptions = {}): Promise<LoadedMockApi> {
  const found = findApis(root, config);
  const ids = found.apis.flatMap((a) => (a.id === undefined ? [] : [a.id]));
  const source = options.apiId === undefined ? found.apis[0] : found.apis.find((a) => a.id === options.apiId);
  if (!source) return { api: undefined, diagnostics: found.diagnostics, ids, unknownId: found.apis.length > 0 };
  const loaded = await loadApiModel(root, source.document, {
    basePath: source.basePath,
    deadline: Date.now() + TIME_BOUND_MS,
    exampleChars: Number.POSITIVE_INFINITY,
  });
  const diagnostics = capDiagnostics([...found.diagnostics, ...loaded.diagnostics]);
  if (!loaded.model || !loaded.document) return { api: undefined, diagnostics, ids, id: source.id };
  const validators = createRequestValidators(loaded.document, options.onWarning ? { onWarning: options.onWarning } : {});
  return { api: { model: loaded.model, validators, file: source.document.rel }, diagnostics, ids, id: source.id };
}
