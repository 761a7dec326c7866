import { relative, resolve } from 'node:path';
import { configOrExit } from './config-or-exit.js';
import { createDocsVersion } from '../render/write/create-docs-version.js';
import { apiVersionDir } from '../render/sources/read-versions.js';
import { formatDiagnostics, style, type Logger } from './logger.js';

/** `shipdocs docs version <name>`: true on success. */
export async function runDocsVersion(rootDir: string, name: string, logger: Logger): Promise<boolean> {
  const root = resolve(rootDir);
  const project = await configOrExit(root, logger);
  if (!project) return false;
  // The API documents are read (and checked) first: one with errors stops the command before any copy.
  const { apiDocumentsToKeep, writeKeptDocuments } = await import('../openapi/keep-api-version.js');
  const api = project.config.openapi === false ? { documents: [], diagnostics: [] } : await apiDocumentsToKeep(root, project.config, name);
  if (api.diagnostics.some((d) => d.severity === 'error')) {
    logger.error(formatDiagnostics(api.diagnostics, logger.color));
    logger.error(`Version ${name} was not created: fix the OpenAPI document first, so that the version keeps one that builds.`);
    return false;
  }
  const result = createDocsVersion(root, project.config, name);
  if (result.diagnostics.length) {
    logger.error(formatDiagnostics(result.diagnostics, logger.color));
    return false;
  }
  writeKeptDocuments(root, api.documents);
  const apiNote = api.documents.length
    ? ` and its API reference in ${apiVersionDir(name)}/ (${api.documents.length === 1 ? 'the OpenAPI document' : `${api.documents.length} OpenAPI documents`})`
    : '';
  logger.info(
    `${style.green(logger.color, 'done')}  docs version ${name} created in ${relative(root, result.target!)}${apiNote}; the current docs are now labelled "Next"`,
  );
  return true;
}
