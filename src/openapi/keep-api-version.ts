import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { hasErrors, type Diagnostic } from '../shared/diagnostics.js';
import { findApis } from './load/find-apis.js';
import { versionedDocumentPath, versionTaken } from './load/find-api-versions.js';
import { loadApiModel, TIME_BOUND_MS } from './load-api-model.js';

// `shipdocs docs version <name>` keeps, beside the docs' snapshot, each API's document as it is at
// that release (see load/find-api-versions.ts for where, and how the build pairs them).

export interface KeptDocument {
  /** Project-relative: versioned_api/version-<name>/<the document's path>. */
  path: string;
  contents: string | Uint8Array;
}

/**
 * The documents to keep for version `name`: each as written, or bundled into one file when it
 * references others (a later edit of a shared file must not change an old version). Nothing is
 * written here: a document with errors stops the command before the docs are copied.
 */
export async function apiDocumentsToKeep(root: string, config: SiteConfig, name: string): Promise<{ documents: KeptDocument[]; diagnostics: Diagnostic[] }> {
  const found = findApis(root, config);
  const diagnostics = [...found.diagnostics];
  const documents: KeptDocument[] = [];
  for (const source of found.apis) {
    const loaded = await loadApiModel(root, source.document, { basePath: source.basePath, deadline: Date.now() + TIME_BOUND_MS });
    diagnostics.push(...loaded.diagnostics.filter((d) => d.severity === 'error'));
    if (!loaded.download || !loaded.model) continue;
    const taken = versionTaken(name, loaded.model);
    if (taken) diagnostics.push(taken);
    const file = loaded.download;
    documents.push({ path: versionedDocumentPath(name, source.document.rel), contents: 'copyFrom' in file ? readFileSync(file.copyFrom) : file.contents });
  }
  return { documents: hasErrors(diagnostics) ? [] : documents, diagnostics };
}

/** Writes the kept documents under the project root. */
export function writeKeptDocuments(root: string, documents: readonly KeptDocument[]): void {
  for (const d of documents) {
    const abs = join(root, d.path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, d.contents);
  }
}
