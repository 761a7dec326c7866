import { cpSync, existsSync, lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SiteConfig } from '../../config/schema.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { isInside, walkFiles } from '../sources/walk.js';
import { parseVersionsFile, VERSION_NAME, versionDir, VERSIONS_FILE } from '../sources/read-versions.js';
import { collidingRoute, readCurrentDocRoutes } from '../docs/current-doc-routes.js';
import { rewriteSnapshotPaths } from '../docs/snapshot-paths.js';

const NAME_HINT =
  'A version is named after its release (`1.0`, `2.0`): letters, digits, ".", "_" and "-". It is published at /docs/<name>, so the name may not be a route of the current docs.';

/**
 * Snapshots the current docs (with their `_category_` files and images) into
 * versioned_docs/version-<name>/ and records the name first in versions.json. Paths that leave
 * the docs folder are rewritten for the copy's place (see snapshot-paths.ts).
 */
export function createDocsVersion(root: string, config: SiteConfig, name: string): { diagnostics: Diagnostic[]; target: string | undefined } {
  const fail = (message: string, hint = NAME_HINT): { diagnostics: Diagnostic[]; target: undefined } => ({
    diagnostics: [diagnostic('SD2018', { message, hint })],
    target: undefined,
  });
  if (config.docs === false)
    return fail(
      'Docs are disabled in the config (docs: false); there is nothing to version.',
      'Set `docs` in site.config.ts, or leave it out for the defaults.',
    );
  if (!VERSION_NAME.test(name) || ['next', 'current'].includes(name.toLowerCase())) {
    return fail(`"${name}" is not a valid version name: use letters, digits, ".", "_" and "-" (and not "next" or "current").`);
  }
  const docsDir = config.docs.path.replace(/\/$/, '');
  const source = resolve(root, docsDir);
  if (!existsSync(source)) return fail(`There are no docs to version: ${docsDir} does not exist.`);
  const file = join(root, VERSIONS_FILE);
  let versions: string[] = [];
  if (existsSync(file)) {
    const parsed = parseVersionsFile(readFileSync(file, 'utf8'));
    if (parsed.diagnostics.length) return { diagnostics: parsed.diagnostics, target: undefined };
    versions = parsed.names;
  }
  if (versions.includes(name)) return fail(`Version ${name} already exists (see ${VERSIONS_FILE}).`);
  const base = `/${config.docs.routeBasePath.replace(/^\/|\/$/g, '')}`.replace(/^\/$/, '');
  const taken = collidingRoute(name, readCurrentDocRoutes(root, docsDir));
  if (taken) return fail(`A version named "${name}" would live at ${base}/${name}, where the current docs already have ${base}${taken}: pick another name.`);
  const rel = versionDir(name);
  const target = join(root, rel);
  if (existsSync(target)) return fail(`${rel} already exists; remove it or pick another name.`);
  cpSync(source, target, {
    recursive: true,
    dereference: true,
    filter: (src) => !lstatSync(src).isSymbolicLink() || isInside(src, root),
  });
  for (const f of walkFiles(target, root).files) {
    if (!/\.mdx?$/i.test(f.relPath)) continue;
    const text = readFileSync(f.absPath, 'utf8');
    const moved = rewriteSnapshotPaths(text, { from: `${docsDir}/${f.relPath}`, to: `${rel}/${f.relPath}`, docsDir });
    if (moved !== text) writeFileSync(f.absPath, moved);
  }
  writeFileSync(file, `${JSON.stringify([name, ...versions], null, 2)}\n`);
  return { diagnostics: [], target };
}
