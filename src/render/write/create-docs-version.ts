import { cpSync, existsSync, lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SiteConfig } from '../../config/schema.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { isInside } from '../sources/walk.js';
import { VERSION_NAME, VERSIONED_DOCS, VERSIONS_FILE } from '../sources/read-versions.js';

/**
 * Snapshots the current docs (with their `_category_` files and images) into
 * versioned_docs/version-<name>/ and records the name first in versions.json.
 */
export function createDocsVersion(root: string, config: SiteConfig, name: string): { diagnostics: Diagnostic[]; target: string | undefined } {
  const fail = (message: string): { diagnostics: Diagnostic[]; target: undefined } => ({ diagnostics: [diagnostic('SD2018', { message })], target: undefined });
  if (config.docs === false) return fail('Docs are disabled in the config (docs: false); there is nothing to version.');
  if (!VERSION_NAME.test(name) || ['next', 'current'].includes(name.toLowerCase())) {
    return fail(`"${name}" is not a valid version name: use letters, digits, ".", "_" and "-" (and not "next" or "current").`);
  }
  const source = resolve(root, config.docs.path);
  if (!existsSync(source)) return fail(`There are no docs to version: ${config.docs.path} does not exist.`);
  const file = join(root, VERSIONS_FILE);
  const versions: string[] = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : [];
  if (!Array.isArray(versions)) return fail(`${VERSIONS_FILE} is not an array of version names.`);
  if (versions.includes(name)) return fail(`Version ${name} already exists (see ${VERSIONS_FILE}).`);
  const target = join(root, VERSIONED_DOCS, `version-${name}`);
  if (existsSync(target)) return fail(`${VERSIONED_DOCS}/version-${name} already exists; remove it or pick another name.`);
  cpSync(source, target, {
    recursive: true,
    dereference: true,
    filter: (src) => !lstatSync(src).isSymbolicLink() || isInside(src, root),
  });
  writeFileSync(file, `${JSON.stringify([name, ...versions], null, 2)}\n`);
  return { diagnostics: [], target };
}
