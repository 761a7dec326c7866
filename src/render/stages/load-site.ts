import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { isDefaultOpenApiPath, type SiteConfig } from '../../config/schema.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { DocsVersion, Sources, StaticFile, Timed } from '../../shared/model.js';
import type { LoadedApi } from '../../openapi/load-api.js';
import { collectSources, type KnownTexts } from '../sources/collect-sources.js';
import { readBlog, type BlogPlan } from '../blog/parse-blog.js';
import { createCodeHighlighter, type CodeHighlighter } from '../markdown/highlight-code.js';
import { parsePages, type ParsedContent } from '../markdown/parse-pages.js';
import { checkPageImages } from '../html/check-page-images.js';
import { WORKER_PATH } from '../assets/offline-worker.js';
import type { WorkerPool } from '../workers/pool.js';
import type { SiteCache } from './site-cache.js';

// Stage "load": the project read and parsed. Sources, blog posts, every markdown page (highlighted
// in the worker pool), the API reference; a site left with the default title named after its API.

export interface LoadSiteInput {
  root: string;
  config: SiteConfig;
  cacheDir: string | undefined;
  configFile: { path: string; source?: string | undefined } | undefined;
  /** The worker pool, for a site of this many pages. */
  pool: (pages: number) => WorkerPool;
  cache: SiteCache;
  /** The sources, when the caller has brought them up to date itself. */
  sources?: Sources | undefined;
  /** Otherwise, texts read before that have not changed since. */
  known?: KnownTexts | undefined;
  timed: Timed;
}

export interface LoadedSite {
  /** The config, named after its API when it has no title of its own. */
  config: SiteConfig;
  sources: Sources;
  blog: BlogPlan | undefined;
  content: ParsedContent;
  api: LoadedApi | undefined;
  highlighter: CodeHighlighter;
  pool: WorkerPool;
  /** A service worker of the site's own in its static folder. */
  staticWorker: StaticFile | undefined;
  diagnostics: Diagnostic[];
}

export async function loadSite({ root, config, cacheDir, configFile, pool, cache, timed, ...given }: LoadSiteInput): Promise<LoadedSite> {
  const diagnostics: Diagnostic[] = [];
  const report = <T extends { diagnostics: readonly Diagnostic[] } | undefined>(result: T): T => (diagnostics.push(...(result?.diagnostics ?? [])), result);

  const sources = report(given.sources ?? (await timed('collectSources', () => collectSources(root, config, given.known))));
  const blog = report(await timed('readBlog', () => readBlog(sources, config)));
  const workers = pool(sources.docs.length + sources.pages.length + sources.blog.length);
  const kept = cache.highlighter;
  const highlighter = (cache.highlighter ??= createCodeHighlighter({ pool: workers, cacheFile: cacheDir && join(cacheDir, 'highlight.json') }));
  const content = report(await timed('parsePages', () => parsePages(sources, config, highlighter, blog, cache.memo)));
  // A kept one was saved by the preparation that made it; writing it again at each edit would cost as much as the site's blocks.
  if (!kept) await highlighter.save();

  const staticFiles = new Set(sources.staticFiles.map((f) => f.outPath));
  diagnostics.push(...checkPageImages(content, sources, staticFiles, { image: config.image, configFile }));
  const staticWorker = sources.staticFiles.find((f) => f.outPath === WORKER_PATH);
  if (config.offline && staticWorker) {
    const file = relative(root, staticWorker.absPath).split(sep).join('/');
    diagnostics.push(diagnostic('SD5003', { message: `${file} would take the place of the service worker that \`offline: true\` writes.`, file }));
  }

  cache.api ??= { loaded: await timed('loadApi', () => loadApiIfAny(root, config, timed, configFile, sources.docsVersions)) };
  const api = report(cache.api.loaded);
  // A site the config gives no title (zero-config) is named after its API.
  if (api?.title && config.untitled) config = { ...config, title: api.title, tagline: config.tagline || (api.tagline ?? '') };
  return { config, sources, blog, content, api, highlighter, pool: workers, staticWorker, diagnostics };
}

/**
 * The API reference, when the site may have one: the OpenAPI stack (parsers, validators, sampler)
 * loads only then. The default folder may be absent (a site without an API); a configured path must exist.
 */
async function loadApiIfAny(
  root: string,
  config: SiteConfig,
  timed: Timed,
  configFile: LoadSiteInput['configFile'],
  docsVersions: readonly DocsVersion[],
): Promise<LoadedApi | undefined> {
  if (config.openapi === false) return undefined;
  if (!Array.isArray(config.openapi) && isDefaultOpenApiPath(config.openapi.path) && !existsSync(resolve(root, config.openapi.path))) return undefined;
  return (await import('../../openapi/load-api.js')).loadApi(root, config, { timed, configFile, docsVersions: docsVersions.slice(1).map((v) => v.name) });
}
