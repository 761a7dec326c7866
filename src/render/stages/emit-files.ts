import type { Emit, OutputFile, WholeFile } from '../../shared/model.js';
import type { Diagnostic } from '../../shared/diagnostics.js';
import { pause } from '../workers/pause.js';
import type { ApiMarkdownSection, SiteIndex } from '../../shared/site-index.js';
import { contentSecurityPolicy } from '../../components/layout/Document.js';
import { offlineWorkerFile, shellFiles, workerSettings } from '../assets/offline-worker.js';
import { blogFeeds } from '../blog/feeds.js';
import { apiChangeFeeds } from '../api/change-feeds.js';
import { renderRoute } from '../html/render-routes.js';
import { siteFiles } from '../html/site-files.js';
import { siteIndex } from '../llms/site-index.js';
import { siteTwins } from '../llms/site-twins.js';
import { withBase } from '../markdown/resolve-url.js';
import type { PreparedSite } from '../build-site.js';
import { needsOAuthRedirect } from '../html/oauth-redirect.js';

// Stage "emit": every output file that is not a page, each kind named where it is made.

/** The files pages load as they are shown (styles, scripts, images, static files), cheap to list. */
export function pageAssets({ loaded, viewed }: PreparedSite): WholeFile[] {
  const { sources, content } = loaded;
  const copies = new Map<string, string>();
  for (const a of [...content.docs, ...content.pages, ...content.posts].flatMap((p) => p.content.assets).concat(viewed.announcement?.assets ?? []))
    copies.set(a.outPath, sources.assetAbsPaths.get(a.relPath)!);
  return [
    ...viewed.viewFiles,
    ...viewed.client.files,
    ...sources.staticFiles.map((f) => ({ path: f.outPath, copyFrom: f.absPath })),
    ...[...copies].map(([path, copyFrom]) => ({ path, copyFrom })),
  ];
}

/**
 * The site index: the outline's pages with their Markdown, every API operation (the twins, llms.txt
 * and `shipdocs mcp` read it). The APIs' Markdown is the one their exports made, when they were
 * (`apis`); otherwise it is made alone.
 */
export async function indexSite({ loaded, planned }: PreparedSite, apis?: readonly ApiMarkdownSection[]): Promise<SiteIndex> {
  const { config, sources, content, api } = loaded;
  apis ??= (await api?.markdown?.()) ?? [];
  return siteIndex(planned.outline(), { config, sources, docs: content.docs, pages: content.pages, posts: content.posts, apis });
}

/**
 * Every output file that is not a page, each handed to `output` as it is made: the largest sites'
 * exports and twins add up to gigabytes, so none is kept once written. Returns their paths (for
 * the link check) and what the exports warn of.
 */
export async function emitFiles(prepared: PreparedSite, output: Emit): Promise<{ paths: Set<string>; diagnostics: Diagnostic[] }> {
  const { loaded, planned, viewed, timed } = prepared;
  const { config, api } = loaded;
  const paths = new Set<string>();
  const emit = async (file: OutputFile): Promise<void> => {
    paths.add(file.path);
    await output(file);
    await pause();
  };
  const emitAll = async (files: readonly OutputFile[]): Promise<void> => {
    for (const file of files) await emit(file);
  };
  const url = (path: string): string => config.url.replace(/\/+$/, '') + withBase(path, config.baseUrl);
  const searchIndex = viewed.search ? { path: viewed.search.path, contents: await timed('searchIndex', () => viewed.search!.contents()) } : undefined;
  if (searchIndex) await emit(searchIndex);
  await emitAll(pageAssets(prepared));
  await emitAll(await timed('offlineWorker', () => serviceWorker(prepared, searchIndex)));
  // sitemap.xml, robots.txt, _headers; the OAuth redirect page when an API sends readers to an authorization server.
  await emitAll(
    siteFiles(config, planned.plan.routes, contentSecurityPolicy(viewed.site), {
      oauthRedirect: (api?.apis ?? []).some((a) => needsOAuthRedirect(a.model)),
    }),
  );
  // The OpenAPI documents as downloads.
  await emitAll(api?.files ?? []);
  const exported = api?.exports ? await timed('apiExports', () => api.exports!(emit)) : undefined;
  if (planned.blog && loaded.blog) await emitAll(blogFeeds(loaded.content.posts, loaded.blog.base, config, viewed.site.url));
  // Each API's changes, beside its changelog page.
  await emitAll((api?.apis ?? []).flatMap((a) => apiChangeFeeds(a, config, viewed.site.url)));
  await timed('twins', async () => emitAll(siteTwins(await indexSite(prepared, exported?.markdown ?? []), url)));
  return { paths, diagnostics: exported?.diagnostics ?? [] };
}

/**
 * sw.js: with `offline` on, the worker of this build's shell; off, one that removes itself (unless
 * the static folder has a worker of the site's own).
 */
async function serviceWorker({ loaded, planned, viewed }: PreparedSite, searchIndex: OutputFile | undefined): Promise<OutputFile[]> {
  const { config, staticWorker } = loaded;
  if (!config.offline) return staticWorker ? [] : [await offlineWorkerFile(workerSettings(config.baseUrl, undefined))];
  const page = renderRoute(
    planned.plan.routes.find((r) => r.data.kind === 'offline')!,
    viewed.site,
  );
  const { client } = viewed;
  const shell = shellFiles(
    [client.css, client.earlyScript, ...client.shell, ...(searchIndex ? [searchIndex.path] : [])],
    [...client.files, ...(searchIndex ? [searchIndex] : [])],
  );
  return [await offlineWorkerFile(workerSettings(config.baseUrl, [...shell, { path: page.path, contents: page.html }]))];
}
