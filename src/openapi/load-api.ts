import type { SiteConfig } from '../config/schema.js';
import { diagnostic, type Diagnostic } from '../shared/diagnostics.js';
import type { ChangelogRelease } from '../config/openapi-schema.js';
import type { ApiHistory } from '../shared/api-history.js';
import type { Emit, OutputFile, Route, Timed } from '../shared/model.js';
import type { LinkRef } from '../shared/content-model.js';
import { type ApiModel, type SiteApi } from '../shared/api-model.js';
import type { ApiMarkdownSection, ApiPageEntry, ApiSection } from '../shared/site-index.js';
import { summaryText } from '../shared/html-text.js';
import { findApis, type ApiSource } from './load/find-apis.js';
import { findApiVersions, versionTaken } from './load/find-api-versions.js';
import { clientExports } from './exports/client-exports.js';
import { apiMarkdown, assistantExports, type ApiPagesMarkdown } from './exports/assistant-exports.js';
import { planApiRoutes } from './plan-api-routes.js';
import { capDiagnostics, loadApiModel, TIME_BOUND_MS, untimed, type ModelledApi } from './load-api-model.js';
import { pause } from '../render/workers/pause.js';
import { historyMarkdown } from '../shared/api-history.js';
import { loadHistory } from './changelog/load-history.js';
import type { Obj } from './model/model-context.js';

export interface LoadedApi {
  /** API routes (each API's overview first, then its operations), each with its page data. */
  routes: Route[];
  /** Extra output files: the downloadable documents. */
  files: OutputFile[];
  /**
   * Makes the exports (for assistants and API clients), handing each file to `emit` (without it,
   * they are returned), and the Markdown of each overview and operation (their twins and llms.txt:
   * one section per API): `build` asks once the pages are written, `serve` when a browser asks for
   * one of them.
   */
  exports?: ((emit?: Emit) => Promise<ApiExports>) | undefined;
  /** The Markdown the exports give, without making their files (`shipdocs mcp`). */
  markdown?: (() => Promise<ApiMarkdownSection[]>) | undefined;
  diagnostics: Diagnostic[];
  /** The documents' links into the site's own pages (absolute URLs under the site's URL), for the link check. */
  links?: { file: string; links: LinkRef[] }[] | undefined;
  /** The first document's `info.title`, and its summary (or the start of its description): for a site without a title of its own. */
  title?: string | undefined;
  tagline?: string | undefined;
  /** The APIs loaded, in the config's order (the navbar's API menu, per-API settings of the pages). */
  apis?: SiteApi[];
  /** Each API's pages as llms.txt lists them (each older version's too), known before the exports: the site outline's API sections. */
  sections?: ApiSection[];
}

export interface ApiExports {
  /** The files, unless `emit` took them. */
  files: OutputFile[];
  markdown: ApiMarkdownSection[];
  /** What the exports warn of (an API past a vendor's limit). */
  diagnostics: Diagnostic[];
}

export interface LoadApiOptions {
  timeBoundMs?: number | undefined;
  /** Runs each step under its name (`loadApi.parse`, `.validate`, `.model`): the build's timings. */
  timed?: Timed | undefined;
  /** The config file, where problems of `openapi.changelog` are reported. */
  configFile?: { path: string; source?: string | undefined } | undefined;
  /** The site's docs versions, newest first: each may keep the documents as they were (versioned_api/). */
  docsVersions?: readonly string[] | undefined;
}

/** Finds the OpenAPI documents `config.openapi` names, loads each and plans its pages. */
export async function loadApi(
  root: string,
  config: SiteConfig,
  { timeBoundMs = TIME_BOUND_MS, timed = untimed, configFile, docsVersions = [] }: LoadApiOptions = {},
): Promise<LoadedApi> {
  const found = findApis(root, config);
  if (!found.apis.length) return { routes: [], files: [], diagnostics: found.diagnostics };
  const siteUrl = config.url.replace(/\/+$/, '') + config.baseUrl;
  const deadline = Date.now() + timeBoundMs;
  const several = found.apis.length > 1;
  const result = {
    routes: [] as Route[],
    files: [] as OutputFile[],
    diagnostics: [...found.diagnostics],
    links: [] as { file: string; links: LinkRef[] }[],
    title: undefined as string | undefined,
    tagline: undefined as string | undefined,
    apis: [] as SiteApi[],
  };
  /** Each API's section of llms.txt, with its exports and its Markdown. */
  const exporters: ({ section: ApiSection } & Pick<LoadedOne, 'exports' | 'markdown'>)[] = [];
  const changelogs = changelogsOf(config, found.apis);
  result.diagnostics.push(...changelogs.diagnostics);
  for (const source of found.apis) {
    // The reference of each docs version that kept this document (under <basePath>/<version>), loaded
    // first: the changelog's releases are often the same files, and are not loaded again.
    const kept = findApiVersions(root, source.document.rel, docsVersions);
    result.diagnostics.push(...kept.diagnostics);
    const older: { name: string; loaded: LoadedOne }[] = [];
    for (const { name, document } of kept.versions) {
      const base = `${source.basePath.replace(/\/$/, '')}/${name}`;
      older.push({ name, loaded: await load(root, { ...source, basePath: base, document }, siteUrl, deadline, timed, undefined, name) });
    }
    const documents = new Map(older.flatMap(({ loaded }) => (loaded.document ? [[loaded.links.file, loaded.document] as const] : [])));
    const changelog = changelogs.bySource.get(source);
    const loaded = await load(root, source, siteUrl, deadline, timed, changelog && { changelog, configFile, loaded: documents });
    result.diagnostics.push(...loaded.diagnostics);
    if (!loaded.api) continue;
    const label = source.label ?? loaded.api.info.title;
    const api: SiteApi = { id: source.id, label, basePath: source.basePath, proxyUrl: source.proxyUrl, model: loaded.api, versions: [] };
    result.apis.push(api);
    result.routes.push(...loaded.routes);
    result.files.push(...loaded.files);
    const { exports, markdown } = loaded;
    exporters.push({ section: { name: several ? `API: ${label}` : 'API', api, pages: loaded.pages }, exports, markdown });
    result.links.push(loaded.links);
    result.title ??= loaded.api.info.title;
    result.tagline ??= loaded.tagline;
    for (const { name, loaded: version } of older) {
      result.diagnostics.push(...version.diagnostics);
      if (!version.api) continue;
      const taken = versionTaken(name, loaded.api);
      if (taken) {
        result.diagnostics.push(taken);
        continue;
      }
      api.versions.push(version.api);
      result.routes.push(...version.routes);
      result.files.push(...version.files);
      const { exports, markdown } = version;
      exporters.push({ section: { name: `${several ? `API: ${label}` : 'API'} ${name}`, api, docsVersion: name, pages: version.pages }, exports, markdown });
      result.links.push(version.links);
    }
  }
  const exports = async (emit?: Emit): Promise<ApiExports> => {
    const made: ApiExports = { files: [], markdown: [], diagnostics: [] };
    for (const { section, exports } of exporters) {
      const { files, markdown, diagnostics } = await exports(emit);
      made.files.push(...files);
      made.markdown.push({ ...section, pages: markdown });
      made.diagnostics.push(...diagnostics);
    }
    return made;
  };
  const markdown = async (): Promise<ApiMarkdownSection[]> => {
    const made: ApiMarkdownSection[] = [];
    for (const { section, markdown } of exporters) made.push({ ...section, pages: await markdown() });
    return made;
  };
  const sections = exporters.map((e) => e.section);
  return { ...result, sections, exports, markdown, diagnostics: capDiagnostics(result.diagnostics) };
}

interface LoadedOne {
  api?: ApiModel;
  /** The OpenAPI 3.x document the model was made from (ModelledApi.document). */
  document?: Obj | undefined;
  routes: Route[];
  files: OutputFile[];
  /** Its pages as llms.txt lists them: the overview, the operations, the changelog. */
  pages: ApiPageEntry[];
  exports: (emit?: Emit) => Promise<{ files: OutputFile[]; markdown: ApiMarkdownSection['pages']; diagnostics: Diagnostic[] }>;
  markdown: () => Promise<ApiMarkdownSection['pages']>;
  diagnostics: Diagnostic[];
  links: { file: string; links: LinkRef[] };
  tagline?: string | undefined;
}

async function load(
  root: string,
  source: ApiSource,
  siteUrl: string,
  deadline: number,
  timed: Timed,
  history: { changelog: ChangelogRelease[]; configFile: LoadApiOptions['configFile']; loaded: ReadonlyMap<string, Obj> } | undefined,
  docsVersion?: string,
): Promise<LoadedOne> {
  // What the closures below keep (the pages', the exports') is named apart: V8 gives a function's
  // closures one shared context, so a closure here that named the document or `loaded` would keep
  // the document and its text alive for the whole build (Microsoft Graph's: over 100 MB).
  const { document, basePath } = source;
  const file = document.rel;
  const links = { file, links: [] };
  const loaded = await loadApiModel(root, document, { basePath, deadline, timed });
  if (!loaded.model || !loaded.download)
    return {
      routes: [],
      files: [],
      pages: [],
      exports: async () => ({ files: [], markdown: [], diagnostics: [] }),
      markdown: async () => [],
      diagnostics: loaded.diagnostics,
      links,
    };
  // The releases compared once here, with the model: every page, feed and twin reads the result.
  const made = history && (await timedHistory(timed, { root, document, model: loaded.model, current: loaded.document!, ...history }));
  if (made) loaded.diagnostics.push(...made.diagnostics);
  const model = {
    ...loaded.model,
    ...(made?.history ? { history: made.history } : {}),
    ...(docsVersion !== undefined ? { docsVersion } : {}),
  };
  const tagline = model.info.summary?.trim() || summaryText(model.info.description, 160);
  const site = { url: siteUrl };
  const overview: ApiPageEntry = { route: model.basePath, title: model.info.title, description: tagline };
  const operations = model.operations.map((op): ApiPageEntry => ({ route: op.href, title: op.title, description: summaryText(op.description, 160) }));
  const releases = model.history;
  const changelog = releases && changelogEntry(model, releases);
  // An operation page's Markdown twin says what its universal export says; the overview's lists the operations, as the page does.
  const withMarkdown = ({ markdown, tools }: ApiPagesMarkdown): ApiMarkdownSection['pages'] => [
    { ...overview, markdown: markdown.api },
    ...model.operations.map((op, i) => ({ ...operations[i]!, markdown: markdown.operations.get(op.slug)!, tool: tools.get(op.slug) })),
    ...(releases && changelog ? [{ ...changelog, markdown: changelogMarkdown(changelog, releases, siteUrl) }] : []),
  ];
  const exports = async (emit?: Emit): Promise<{ files: OutputFile[]; markdown: ApiMarkdownSection['pages']; diagnostics: Diagnostic[] }> => {
    // The collections first, while little else is held: the assistant files leave every operation's Markdown held for the twins.
    const client = await clientExports(model, emit);
    const assistant = await assistantExports(model, site, emit);
    await pause();
    return {
      files: [...client, ...assistant.files],
      markdown: withMarkdown(assistant),
      diagnostics: assistant.diagnostics.map((d) => ({ ...d, file })),
    };
  };
  return {
    api: model,
    document: loaded.document,
    routes: planApiRoutes(model, file),
    files: [loaded.download],
    pages: [overview, ...operations, ...(changelog ? [changelog] : [])],
    exports,
    markdown: async () => withMarkdown(await apiMarkdown(model, site)),
    diagnostics: loaded.diagnostics,
    links: { file, links: siteLinks(loaded.links ?? [], siteUrl, loaded.place) },
    tagline,
  };
}

/** The releases compared with the model, under their stage's name: apart from `load`, whose closures must not keep the documents. */
function timedHistory(timed: Timed, input: Parameters<typeof loadHistory>[0]): ReturnType<typeof loadHistory> {
  return timed('loadApi.history', () => loadHistory(input));
}

/**
 * The links that lead into the site itself ("https://docs.example.com/docs/intro" on a site at
 * https://docs.example.com/): checked like the links of its pages, a page that does not exist is a
 * broken link (SD4001) at the place in the document.
 */
function siteLinks(links: readonly { url: string; pointer: string }[], siteUrl: string, place: ModelledApi['place']): LinkRef[] {
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  return links.flatMap(({ url, pointer }) => {
    if (url !== base.slice(0, -1) && !url.startsWith(base)) return [];
    const rest = url.slice(base.length).replace(/\?[^#]*/, '');
    // Placed when read: the link check reads a link's place only to report it, and placing one in
    // a YAML document means reading the document again with positions.
    let where: { line: number; column: number } | undefined;
    const placed = (): { line: number; column: number } => (where ??= place(pointer));
    return [
      {
        target: `/${rest}`,
        written: url,
        get line() {
          return placed().line;
        },
        get column() {
          return placed().column;
        },
      },
    ];
  });
}

/** The `changelog` of each API: the list entry's own, or the single object's when it names one document. */
function changelogsOf(config: SiteConfig, apis: readonly ApiSource[]): { bySource: Map<ApiSource, ChangelogRelease[]>; diagnostics: Diagnostic[] } {
  const bySource = new Map<ApiSource, ChangelogRelease[]>();
  const openapi = config.openapi;
  if (openapi === false) return { bySource, diagnostics: [] };
  if (Array.isArray(openapi)) {
    for (const api of apis) {
      const changelog = openapi.find((a) => a.id === api.id)?.changelog;
      if (changelog?.length) bySource.set(api, changelog);
    }
    return { bySource, diagnostics: [] };
  }
  if (!openapi.changelog?.length) return { bySource, diagnostics: [] };
  if (apis.length > 1)
    return {
      bySource,
      diagnostics: [
        diagnostic('SD1001', {
          message: `openapi.changelog needs one document, but "${openapi.path}" holds ${apis.length}: name the file in \`path\`, or list the APIs, each with its own changelog.`,
          pointer: '/openapi/changelog',
        }),
      ],
    };
  if (apis[0]) bySource.set(apis[0], openapi.changelog);
  return { bySource, diagnostics: [] };
}

/** The changelog page as llms.txt lists it. */
function changelogEntry(model: ApiModel, history: ApiHistory): ApiPageEntry {
  return {
    route: history.href,
    title: `${model.info.title}: changelog`,
    description: `What changed in each release of the ${model.info.title}, newest first.`,
  };
}

/** The changelog page's Markdown (its twin, llms-full.txt). */
function changelogMarkdown(page: ApiPageEntry, history: ApiHistory, siteUrl: string): string {
  const link = (route: string): string => siteUrl.replace(/\/$/, '') + route;
  return `# ${page.title}\n\n> ${page.description}\n\n${historyMarkdown(history.releases, { heading: 2, link })}`;
}
