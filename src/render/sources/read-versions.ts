import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { diagnostic, positionAt, type Diagnostic } from '../../shared/diagnostics.js';
import type { DocsVersion } from '../../shared/model.js';
import { collidingRoute } from '../docs/current-doc-routes.js';

export const VERSIONS_FILE = 'versions.json';
export const VERSIONED_DOCS = 'versioned_docs';
export const VERSION_NAME = /^[\w][\w.-]*$/;

/** Where a version's snapshot lives: `versioned_docs/version-<name>`, as in Docusaurus. */
export function versionDir(name: string): string {
  return `${VERSIONED_DOCS}/version-${name}`;
}

/**
 * Where a version keeps the API documents as they were (`docs version` copies each beside the
 * docs' snapshot): `versioned_api/version-<name>`, each at its own project-relative path.
 */
export const VERSIONED_API = 'versioned_api';

export function apiVersionDir(name: string): string {
  return `${VERSIONED_API}/version-${name}`;
}

export interface VersionsFile {
  names: string[];
  diagnostics: Diagnostic[];
  /** A diagnostic at the line of a name. */
  report: (name: string, message: string) => Diagnostic;
}

/**
 * The version names of versions.json, newest first. Every problem is a diagnostic at its line:
 * JSON syntax, a value that is not an array, a name that is not a valid version name, a repeat.
 */
export function parseVersionsFile(text: string): VersionsFile {
  const lines = text.split(/\r?\n/);
  const at = (offset: number, message: string): Diagnostic => {
    const pos = positionAt(text, Math.max(0, Math.min(offset, text.length)));
    return diagnostic('SD2018', { message: `${VERSIONS_FILE}: ${message}`, file: VERSIONS_FILE, ...pos, lineText: lines[pos.line - 1] ?? '' });
  };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const position = /at position (\d+)/.exec(message);
    const yamlError = parseDocument(text).errors[0];
    const offset = position ? Number(position[1]) : yamlError ? yamlError.pos[0] : /end of JSON input/.test(message) ? text.trimEnd().length : 0;
    return { names: [], diagnostics: [at(offset, `invalid JSON: ${message.split('\n')[0]!.replace(/, "[\s\S]*$/, '')}.`)], report: (_n, m) => at(0, m) };
  }
  const doc = parseDocument(text);
  const offsetOf = (i: number): number => (doc.getIn([i], true) as { range?: [number, number, number] } | undefined)?.range?.[0] ?? 0;
  const report = (name: string, message: string): Diagnostic => at(Array.isArray(raw) ? offsetOf(raw.indexOf(name)) : 0, message);
  if (!Array.isArray(raw))
    return { names: [], diagnostics: [at(text.search(/\S/), 'expected an array of version names, newest first, like ["2.0", "1.0"].')], report };
  const names: string[] = [];
  const diagnostics: Diagnostic[] = [];
  raw.forEach((v: unknown, i) => {
    if (typeof v !== 'string' || !VERSION_NAME.test(v))
      diagnostics.push(at(offsetOf(i), `${JSON.stringify(v)} is not a version name: use letters, digits, ".", "_" and "-".`));
    else if (names.includes(v)) diagnostics.push(at(offsetOf(i), `version "${v}" is listed twice.`));
    else names.push(v);
  });
  return { names, diagnostics, report };
}

/** versions.json, parsed, when the project has one. */
export function readVersionsFile(root: string): VersionsFile | undefined {
  const file = join(root, VERSIONS_FILE);
  return existsSync(file) ? parseVersionsFile(readFileSync(file, 'utf8')) : undefined;
}

/**
 * Problems with the versions listed (in a versions.json without problems of its own): a version
 * without its folder, a name that is the first segment of a route of the current docs
 * (`currentRoutes`, from currentDocRoutes).
 */
export function checkVersionNames(root: string, listed: VersionsFile, routeBasePath: string, currentRoutes: readonly string[]): Diagnostic[] {
  const base = routeBasePath.replace(/^\/|\/$/g, '');
  const diagnostics: Diagnostic[] = [];
  for (const name of listed.names) {
    if (!existsSync(join(root, versionDir(name))))
      diagnostics.push(listed.report(name, `version "${name}" has no folder: ${versionDir(name)} does not exist. Restore the folder, or remove the entry.`));
    const taken = collidingRoute(name, currentRoutes);
    if (taken)
      diagnostics.push(
        listed.report(
          name,
          `version "${name}" would be published at /${base}/${name}, where the current docs already have /${base}${taken}: rename the version (its entry here and its folder ${versionDir(name)}).`,
        ),
      );
  }
  return diagnostics;
}

/**
 * The current docs ("Next" when versions exist) and the versions `names`, newest first; `latest`
 * (config `docs.lastVersion`: "current" or a name) marks the version readers are sent to, by
 * default the newest.
 */
export function docsVersionList(docsPath: string, routeBasePath: string, names: readonly string[], latest?: string): DocsVersion[] {
  const base = routeBasePath.replace(/^\/|\/$/g, '');
  const current: DocsVersion = { name: '', label: names.length ? 'Next' : '', path: docsPath, routeBase: base };
  const versions = [current, ...names.map((name) => ({ name, label: name, path: versionDir(name), routeBase: `${base}/${name}` }))];
  const last = latest === 'current' ? '' : (latest ?? names[0]);
  return names.length ? versions.map((v) => (v.name === last ? { ...v, latest: true } : v)) : versions;
}

/** A `docs.lastVersion` that names no version: the diagnostic, else undefined. */
export function checkLastVersion(lastVersion: string | undefined, names: readonly string[]): Diagnostic | undefined {
  if (lastVersion === undefined || lastVersion === 'current' || names.includes(lastVersion)) return undefined;
  const known = ['current', ...names].map((n) => `"${n}"`).join(', ');
  return diagnostic('SD1001', {
    message: `docs.lastVersion is "${lastVersion}", which is not a version of this site: use one of ${known}.`,
    pointer: '/docs/lastVersion',
  });
}
