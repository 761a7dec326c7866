import type { SiteConfig } from '../../config/schema.js';
import { trimBase } from '../../config/openapi-schema.js';
import type { Diagnostic } from '../../shared/diagnostics.js';
import { findDocument, findDocuments, type FoundDocument } from './find-document.js';

// Which APIs the site documents, and where each one's pages go. `openapi` as one object names a
// file (one API under its route base) or a folder: one document in it is one API under the route
// base, several are one API each, under `<routeBasePath>/<id>` with the id made from the file name
// (what the default `openapi/` folder does with two documents). As a list, each entry is one API
// (a folder holding several documents: the first by name, SD3002).

export interface ApiSource {
  /** The API's id (from the list, or the file name); undefined for a site's only API under the single-object form. */
  id: string | undefined;
  /** Route of its overview: "/api", "/api/shipping". */
  basePath: string;
  /** Its name in the navbar and in search results, when the config gives one (else the document's title). */
  label: string | undefined;
  proxyUrl: string | undefined;
  document: FoundDocument;
}

export function findApis(root: string, config: SiteConfig): { apis: ApiSource[]; diagnostics: Diagnostic[] } {
  const openapi = config.openapi;
  if (openapi === false) return { apis: [], diagnostics: [] };
  if (Array.isArray(openapi)) {
    const diagnostics: Diagnostic[] = [];
    const apis: ApiSource[] = [];
    for (const entry of openapi) {
      const found = findDocument(root, entry.path);
      diagnostics.push(...found.diagnostics);
      if (found.document)
        apis.push({ id: entry.id, basePath: `/${entry.routeBasePath}`, label: entry.label, proxyUrl: entry.proxyUrl, document: found.document });
    }
    return { apis, diagnostics };
  }
  const { documents, diagnostics } = findDocuments(root, openapi.path);
  const base = trimBase(openapi.routeBasePath);
  if (documents.length === 1)
    return { apis: [{ id: undefined, basePath: `/${base}`, label: undefined, proxyUrl: openapi.proxyUrl, document: documents[0]! }], diagnostics };
  const ids = new Set<string>();
  const apis = documents.map((document): ApiSource => {
    const id = uniqueId(fileId(document.rel), ids);
    return { id, basePath: `/${[base, id].filter(Boolean).join('/')}`, label: undefined, proxyUrl: openapi.proxyUrl, document };
  });
  return { apis, diagnostics };
}

/** "specs/Tracking API.v2.yaml" → "tracking-api-v2". */
export function fileId(rel: string): string {
  const name = rel.slice(rel.lastIndexOf('/') + 1).replace(/\.(ya?ml|json)$/i, '');
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'api'
  );
}

function uniqueId(id: string, taken: Set<string>): string {
  let unique = id;
  for (let n = 2; taken.has(unique); n++) unique = `${id}-${n}`;
  taken.add(unique);
  return unique;
}
