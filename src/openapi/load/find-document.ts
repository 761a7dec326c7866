import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { isDefaultOpenApiPath } from '../../config/schema.js';

// Which file is the OpenAPI document: `openapi.path` is a file, or a folder whose top-level
// .yaml/.yml/.json files are candidates (the others may be files its `$ref`s point to).

export interface FoundDocument {
  /** Absolute path, inside the root. */
  abs: string;
  /** Relative to the root, with "/". */
  rel: string;
  text: string;
}

export const DOCUMENT_EXTENSIONS = /\.(ya?ml|json)$/i;
export const MAX_BYTES = 200 * 1024 * 1024;
const ROOT_KEY = /^\s*["']?(openapi|swagger)["']?\s*:|"(openapi|swagger)"\s*:\s*"/m;

export function findDocument(root: string, configPath: string): { document: FoundDocument | undefined; diagnostics: Diagnostic[] } {
  const found = findDocuments(root, configPath);
  const [first, ...others] = found.documents;
  if (others.length) {
    const names = found.documents.map((d) => d.rel.slice(d.rel.lastIndexOf('/') + 1));
    found.diagnostics.push(
      diagnostic('SD3002', {
        message: `Found ${names.length} OpenAPI documents in ${configPath} (${names.join(', ')}); using ${names[0]}.`,
        file: first!.rel,
      }),
    );
  }
  return { document: first, diagnostics: found.diagnostics };
}

/** Every OpenAPI document `configPath` names: the file, or each root document of the folder, by name. */
export function findDocuments(root: string, configPath: string): { documents: FoundDocument[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const target = resolve(root, configPath);
  const none = { documents: [], diagnostics };
  if (!existsSync(target)) {
    // The default folder is optional: a site without an API simply has no API reference.
    if (!isDefaultOpenApiPath(configPath)) diagnostics.push(diagnostic('SD3001', { message: `The OpenAPI path "${configPath}" does not exist.` }));
    return none;
  }
  let files = [target];
  if (statSync(target).isDirectory()) {
    const names = readdirSync(target)
      .filter((n) => DOCUMENT_EXTENSIONS.test(n) && !n.startsWith('.') && !n.startsWith('_') && statSync(join(target, n)).isFile())
      .sort();
    if (names.length === 0) return none;
    const roots = names.length === 1 ? names : names.filter((n) => ROOT_KEY.test(readHead(join(target, n))));
    files = (roots.length ? roots : names.slice(0, 1)).map((n) => join(target, n));
  }
  const documents: FoundDocument[] = [];
  for (const file of files) {
    const rel = toRel(root, file);
    if (!isInside(realRoot(root), realpathSync(file))) {
      diagnostics.push(diagnostic('SD3006', { message: `The OpenAPI document ${rel} is a link to a file outside the project; it was not read.`, file: rel }));
    } else if (statSync(file).size > MAX_BYTES) {
      diagnostics.push(diagnostic('SD3013', { message: `The OpenAPI document ${rel} is larger than 200 MB.`, file: rel }));
    } else documents.push({ abs: file, rel, text: readFileSync(file, 'utf8') });
  }
  return { documents, diagnostics };
}

function readHead(file: string): string {
  // JSON keys may come in any order, so JSON files are read whole; YAML roots say so early.
  const text = readFileSync(file, 'utf8');
  return /\.json$/i.test(file) ? text : text.slice(0, 4096);
}

export function toRel(root: string, abs: string): string {
  return relative(root, abs).split(sep).join('/');
}

export function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return resolve(root);
  }
}

export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-z]:/i.test(rel);
}
