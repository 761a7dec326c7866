import type { Diagnostic } from '../../shared/diagnostics.js';
import type { WholeFile, Timed } from '../../shared/model.js';
import type { SiteView } from '../../components/site-view.js';
import { bundleClient, type ClientBundle } from '../assets/bundle-client.js';
import { withCustomCss } from '../assets/site-stylesheet.js';
import { renderAnnouncement, type RenderedAnnouncement } from '../markdown/render-announcement.js';
import { createSiteView } from '../html/site-view.js';
import { renderPageBody } from '../html/render-routes.js';
import { siteSearch, type SiteSearchIndex } from '../search/site-search.js';
import { createLinkCheck, type LinkCheck } from '../check/check-site.js';
import type { WorkerPool } from '../workers/pool.js';
import type { LoadedSite } from './load-site.js';
import type { PlannedSite } from './plan-site.js';
import type { SiteCache } from './site-cache.js';

// Stage "view": what every page is drawn from. The client bundle and stylesheet, the announcement
// bar, the shell's view (navbar, sidebars, footer; shared files of large sidebars), the search
// index to come, and the link check the rendered pages feed.

export interface ViewedSite {
  /** Every page's view, with the search index's URL. */
  site: SiteView;
  client: ClientBundle;
  /** The shared files of large sidebars. */
  viewFiles: WholeFile[];
  announcement: RenderedAnnouncement | undefined;
  /** The search index (none when the navbar has no search box); made on the first call of `contents`. */
  search: SiteSearchIndex | undefined;
  linkCheck: LinkCheck;
  diagnostics: Diagnostic[];
}

export async function viewSite(
  root: string,
  loaded: LoadedSite,
  { plan, blog, outline }: PlannedSite,
  {
    pool,
    cache,
    configFile,
    timed,
  }: { pool: WorkerPool; cache: SiteCache; configFile: { path: string; source?: string | undefined } | undefined; timed: Timed },
): Promise<ViewedSite> {
  const { config, sources, content, api } = loaded;
  const diagnostics: Diagnostic[] = [];
  const bundled = await timed('bundleClient', () => (cache.bundleClient ?? bundleClient)([...content.islands.values()]));
  const styled = await timed('stylesheet', () => withCustomCss(bundled, root, config.customCss));
  diagnostics.push(...styled.diagnostics);
  const { client } = styled;

  const contentPages = [...content.docs, ...content.pages, ...content.posts];
  const staticFiles = new Set(sources.staticFiles.map((f) => f.outPath));
  const fileRoutes = new Map(contentPages.map((p) => [p.file, p.route]));
  const announcement = config.announcementBar
    ? await renderAnnouncement(config.announcementBar.content, { config, fileRoutes, assetFiles: sources.assetFiles, staticFiles, configFile })
    : undefined;
  diagnostics.push(...(announcement?.diagnostics ?? []));
  const view = await timed('siteView', () =>
    createSiteView({
      config,
      plan,
      docs: content.docs,
      docsVersions: sources.docsVersions,
      client,
      blog: blog && loaded.blog ? { base: loaded.blog.base, sidebar: blog.sidebar, hasFeeds: content.posts.some((p) => !p.unlisted) } : undefined,
      announcementHtml: announcement?.html,
      apis: api?.apis ?? [],
      memo: cache.sidebars,
    }),
  );
  const search = config.navbar.search ? siteSearch(outline, plan.routes, view.site, (route) => renderPageBody(route, view.site), pool) : undefined;

  const links = [
    ...contentPages.map((p) => ({ file: p.file, links: p.content.links })),
    ...(announcement ? [{ file: announcement.file, links: announcement.links }] : []),
    ...(api?.links ?? []),
  ];
  const linkCheck = await timed('links', () => createLinkCheck(links, new Map(contentPages.map((p) => [p.route, new Set(p.content.ids)]))));
  return { site: { ...view.site, searchIndexUrl: search?.href }, client, viewFiles: view.files, announcement, search, linkCheck, diagnostics };
}
