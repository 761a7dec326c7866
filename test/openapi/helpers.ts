import { join } from 'node:path';
import { validateConfig } from '../../src/config/load-config.js';
import type { SiteConfig } from '../../src/config/schema.js';
import { loadApi, type LoadedApi } from '../../src/openapi/load-api.js';
import type { ApiModel, ApiOperation } from '../../src/shared/api-model.js';
import { FIXTURES } from '../helpers/fixtures.js';

export const OPENAPI_FIXTURES = join(FIXTURES, 'openapi');

export function configFor(path = 'openapi', extra: Record<string, unknown> = {}): SiteConfig {
  const { config, diagnostics } = validateConfig({ openapi: { path, routeBasePath: 'api' }, ...extra });
  if (!config) throw new Error(JSON.stringify(diagnostics));
  return config;
}

/** Loads a fixture case (its openapi.yaml, or its openapi/ folder). */
export async function loadCase(name: string, path = 'openapi.yaml'): Promise<LoadedApi & { model: ApiModel }> {
  const loaded = await loadApi(join(OPENAPI_FIXTURES, name), configFor(path));
  const first = loaded.routes[0];
  if (!first || first.data.kind !== 'api') throw new Error(`no API routes for ${name}: ${JSON.stringify(loaded.diagnostics, null, 2)}`);
  return { ...loaded, model: first.data.page.api };
}

export function op(model: ApiModel, method: string, path: string): ApiOperation {
  const found = model.operations.find((o) => o.method === method && o.path === path);
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
}
