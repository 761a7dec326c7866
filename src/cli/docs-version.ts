import { relative, resolve } from 'node:path';
import { configOrExit } from './config-or-exit.js';
import { createDocsVersion } from '../render/write/create-docs-version.js';
import { formatDiagnostics, style, type Logger } from './logger.js';

/** `shipdocs docs version <name>`: true on success. */
export async function runDocsVersion(rootDir: string, name: string, logger: Logger): Promise<boolean> {
  const root = resolve(rootDir);
  const project = await configOrExit(root, logger);
  if (!project) return false;
  const result = createDocsVersion(root, project.config, name);
  if (result.diagnostics.length) {
    logger.error(formatDiagnostics(result.diagnostics, logger.color));
    return false;
  }
  logger.info(
    `${style.green(logger.color, 'done')}  docs version ${name} created in ${relative(root, result.target!)}; the current docs are now labelled "Next"`,
  );
  return true;
}
