import type { SiteConfig } from '../config/schema.js';
import type { ApiServer } from '../shared/api-model.js';
import type { Diagnostic } from '../shared/diagnostics.js';
import { findApis } from './load/find-apis.js';
import { capDiagnostics, loadApiModel, TIME_BOUND_MS } from './load-api-model.js';

// The CORS proxy's entry into this folder: the servers of the documents `shipdocs build` reads
// (found, checked and modelled by the same code), the ones the try-it sends requests to: each
// document's and those of its paths and operations, for every API of the site.

export interface LoadedApiServers {
  /** Undefined when there is no document (`openapi: false`, no file at the default path) or one has errors. */
  servers: ApiServer[] | undefined;
  /** The documents' paths, relative to the root, joined by ", ". */
  file: string | undefined;
  diagnostics: Diagnostic[];
}

export async function loadApiServers(root: string, config: SiteConfig): Promise<LoadedApiServers> {
  const found = findApis(root, config);
  if (!found.apis.length) return { servers: undefined, file: undefined, diagnostics: found.diagnostics };
  const diagnostics = [...found.diagnostics];
  const byUrl = new Map<string, ApiServer>();
  let failed = false;
  for (const api of found.apis) {
    const loaded = await loadApiModel(root, api.document, { basePath: api.basePath, deadline: Date.now() + TIME_BOUND_MS });
    diagnostics.push(...loaded.diagnostics);
    if (!loaded.model) {
      failed = true;
      continue;
    }
    for (const server of [...loaded.model.servers, ...loaded.model.operations.flatMap((o) => o.servers)]) {
      const key = JSON.stringify([server.url, server.variables]);
      if (!byUrl.has(key)) byUrl.set(key, server);
    }
  }
  const file = found.apis.map((a) => a.document.rel).join(', ');
  return { servers: failed ? undefined : [...byUrl.values()], file, diagnostics: capDiagnostics(diagnostics) };
}
