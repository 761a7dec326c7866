import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { DocsVersion } from '../../shared/model.js';

export const VERSIONS_FILE = 'versions.json';
export const VERSIONED_DOCS = 'versioned_docs';
export const VERSION_NAME = /^[\w][\w.-]*$/;

/** The current docs ("Next" when versions exist) and the versions listed in versions.json. */
export function readVersions(root: string, docsPath: string, routeBasePath: string, diagnostics: Diagnostic[]): DocsVersion[] {
  const base = routeBasePath.replace(/^\/|\/$/g, '');
  const file = join(root, VERSIONS_FILE);
  let names: string[] = [];
  if (existsSync(file)) {
    try {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (!Array.isArray(raw) || !raw.every((v) => typeof v === 'string' && VERSION_NAME.test(v))) throw new Error('expected an array of version names like ["2.0", "1.0"]');
      names = raw as string[];
    } catch (err) {
      diagnostics.push(diagnostic('SD2018', { message: `${VERSIONS_FILE}: ${(err as Error).message}`, file: VERSIONS_FILE, line: 1, column: 1 }));
    }
  }
  const current: DocsVersion = { name: '', label: names.length ? 'Next' : '', path: docsPath, routeBase: base };
  return [
    current,
    ...names.map((name) => ({ name, label: name, path: `${VERSIONED_DOCS}/version-${name}`, routeBase: `${base}/${name}` })),
  ];
}
