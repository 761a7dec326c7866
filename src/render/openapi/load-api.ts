import type { SiteConfig } from '../../config/schema.js';
import type { Diagnostic } from '../../shared/diagnostics.js';
import type { OutputFile, Route } from '../../shared/model.js';

export interface LoadedApi {
  /** API routes (overview first), each with its page data. */
  routes: Route[];
  /** Extra output files (the downloadable document, exports). */
  files: OutputFile[];
  diagnostics: Diagnostic[];
}

/** Finds the OpenAPI document under `config.openapi.path`, loads it and plans its pages. */
export async function loadApi(_root: string, _config: SiteConfig): Promise<LoadedApi> {
  return { routes: [], files: [], diagnostics: [] };
}
