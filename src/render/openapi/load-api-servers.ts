import type { SiteConfig } from '../../config/schema.js';
import type { ApiServer } from '../../shared/api-model.js';
import type { Diagnostic } from '../../shared/diagnostics.js';
import { findDocument } from './find-document.js';
import { capDiagnostics, loadApiModel, TIME_BOUND_MS } from './load-api.js';

// The CORS proxy's entry into this folder: the servers of the document `shipdocs build` reads (found,
// checked and modelled by the same code), the ones the try-it sends requests to: the document's and
// those of its paths and operations.

export interface LoadedApiServers {
  /** Undefined when there is no document (`openapi: false`, no file at the default path) or it has errors. */
  servers: ApiServer[] | undefined;
  /** The document's path, relative to the root. */
  file: string | undefined;
  diagnostics: Diagnostic[];
}

export async function loadApiServers(root: string, config: SiteConfig): Promise<LoadedApiServers> {
  if (config.openapi === false) return { servers: undefined, file: undefined, diagnostics: [] };
  const found = findDocument(root, config.openapi.path);
  if (!found.document) return { servers: undefined, file: undefined, diagnostics: found.diagnostics };
  const basePath = '/' + config.openapi.routeBasePath.replace(/^\/+|\/+$/g, '');
  const loaded = await loadApiModel(root, found.document, { basePath, deadline: Date.now() + TIME_BOUND_MS });
  const diagnostics = capDiagnostics([...found.diagnostics, ...loaded.diagnostics]);
  if (!loaded.model) return { servers: undefined, file: found.document.rel, diagnostics };
  const byUrl = new Map<string, ApiServer>();
  for (const server of [...loaded.model.servers, ...loaded.model.operations.flatMap((o) => o.servers)]) {
    const key = JSON.stringify([server.url, server.variables]);
    if (!byUrl.has(key)) byUrl.set(key, server);
  }
  return { servers: [...byUrl.values()], file: found.document.rel, diagnostics };
}
