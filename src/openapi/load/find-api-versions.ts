import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { isInside, MAX_BYTES, realRoot, type FoundDocument } from './find-document.js';
import { apiVersionDir, VERSIONS_FILE } from '../../render/sources/read-versions.js';
import { RESERVED_ROUTES } from '../model/slugs.js';

// The API reference of each docs version. `shipdocs docs version <name>` keeps the site's OpenAPI
// documents as they are at that release beside the docs' snapshot: at the same project-relative
// path, under versioned_api/version-<name>/ (openapi/shipping.yaml → versioned_api/version-1.3/
// openapi/shipping.yaml). The build pairs /docs/<name>/… with that document's pages under
// <the API's route base>/<name>. A version made before the API existed (or by a tool that keeps
// docs only) has no such file: its docs pair with the current API reference.

/** The project-relative path of the document `rel` as kept by version `name`. */
export function versionedDocumentPath(name: string, rel: string): string {
  return `${apiVersionDir(name)}/${rel}`;
}

export interface ApiVersionSource {
  /** The docs version's name ("1.3"). */
  name: string;
  document: FoundDocument;
}

/** The documents that versions `names` (newest first) keep of the current document `rel`. */
export function findApiVersions(root: string, rel: string, names: readonly string[]): { versions: ApiVersionSource[]; diagnostics: Diagnostic[] } {
  const versions: ApiVersionSource[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of names) {
    const kept = versionedDocumentPath(name, rel);
    const abs = join(root, kept);
    if (!existsSync(abs)) continue;
    if (!isInside(realRoot(root), realpathSync(abs))) {
      diagnostics.push(diagnostic('SD3006', { message: `${kept} is a link to a file outside the project; it was not read.`, file: kept }));
      continue;
    }
    if (statSync(abs).size > MAX_BYTES) {
      diagnostics.push(diagnostic('SD3013', { message: `The OpenAPI document ${kept} is larger than 200 MB.`, file: kept }));
      continue;
    }
    versions.push({ name, document: { abs, rel: kept, text: readFileSync(abs, 'utf8') } });
  }
  return { versions, diagnostics };
}

/**
 * A docs version whose API reference would live where the current API has a page: an operation's
 * (`/api/v2` for GET /v2), or a route kept for one (`/api/changelog`, see model/slugs.ts).
 * Undefined when the name is free.
 */
export function versionTaken(
  name: string,
  api: { basePath: string; operations: readonly { method: string; path: string; slug: string }[] },
): Diagnostic | undefined {
  const op = api.operations.find((o) => o.slug === name);
  const page = op ? `the page of ${op.method.toUpperCase()} ${op.path}` : RESERVED_ROUTES.includes(name) ? `the route of its ${name} page` : undefined;
  if (!page) return undefined;
  return diagnostic('SD2018', {
    message: `Version "${name}" would publish its API reference at ${api.basePath.replace(/\/$/, '')}/${name}, where the current API has ${page}: rename the version (its entry in versions.json and its folders).`,
    file: VERSIONS_FILE,
  });
}
