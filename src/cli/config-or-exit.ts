import { loadConfig } from '../config/load-config.js';
import type { SiteConfig } from '../config/schema.js';
import { sortDiagnostics, type Diagnostic } from '../shared/diagnostics.js';
import { formatDiagnostics, type Logger } from './logger.js';
import { withSourceLines } from './source-lines.js';

export interface CommandConfig {
  config: SiteConfig;
  /** The config file and its text, as buildSite takes them (undefined without one). */
  configFile: { path: string; source: string | undefined } | undefined;
}

/**
 * The project's config, for every command. When it does not load, its diagnostics (sorted, with
 * their source lines) are printed with code frames, or handed to `report` by a command that shows
 * them its own way (build's summary and --json, serve's overlay), and the result is undefined: the
 * command exits 1.
 */
export async function configOrExit(root: string, report: Logger | ((diagnostics: Diagnostic[]) => void)): Promise<CommandConfig | undefined> {
  const loaded = await loadConfig(root);
  if (!loaded.config) {
    const diagnostics = withSourceLines(root, sortDiagnostics(loaded.diagnostics));
    if (typeof report === 'function') report(diagnostics);
    else report.error(formatDiagnostics(diagnostics, report.color));
    return undefined;
  }
  return { config: loaded.config, configFile: loaded.configFile ? { path: loaded.configFile, source: loaded.source } : undefined };
}
