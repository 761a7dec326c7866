import { createHash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import type { SiteConfig } from '../../config/schema.js';
import type { DocPage, DocsVersion, WholeFile, Route, SidebarItem } from '../../shared/model.js';
import type { BlogSidebar } from '../../shared/blog-model.js';
import type { SiteView } from '../../components/site-view.js';
import { closableLists, isLazySidebar, SidebarTemplate } from '../../components/layout/DocSidebar.js';
import { apiSidebarFiles, type ApiSidebarMemoEntry } from '../../components/api/layout/api-sidebar-files.js';
import type { RoutePlan } from '../routes/plan-routes.js';
import type { ApiModel, SiteApi } from '../../shared/api-model.js';
import type { ClientBundle } from '../assets/bundle-client.js';
import { inlineScript } from '../assets/inline-script.js';
import { withBase } from '../markdown/resolve-url.js';
import { connectSources } from './connect-sources.js';
import { oauthDefaults } from '../../config/openapi-schema.js';

/**
 * Fragments the same on many pages, rendered once per build and reused as is: on a large site,
 * rendering every sidebar category, navbar and footer again for each page was most of the
 * render time. Only what stays the same across pages is cached (the keys say what it is).
 */
function sharedMarkup(): SiteView['shared'] {
  const cache = new Map<string, string>();
  return (key, element) => {
    let html = cache.get(key);
    if (html === undefined) cache.set(key, (html = renderToStaticMarkup(element())));
    return html;
  };
}

/**
 * Markup of the large sidebars' shared files, kept between the site views of one site (the dev
 * server's, whose config does not change) by what it is made of: a docs list by its place and its
 * entries, an API's by its model (the same object while its document is unchanged). A title edit
 * then renders again only the lists that show it: rendering every list of a 4,000-page sidebar
 * again took about 60 ms an edit.
 */
export interface SidebarMemo {
  lists: Map<string, string>;
  apis: WeakMap<ApiModel, ApiSidebarMemoEntry>;
}

export const createSidebarMemo = (): SidebarMemo => ({ lists: new Map(), apis: new WeakMap() });

export interface SiteViewInput {
  config: SiteConfig;
  plan: RoutePlan;
  docs: readonly DocPage[];
  docsVersions: DocsVersion[];
  client: ClientBundle;
  blog: { base: string; sidebar: BlogSidebar; hasFeeds: boolean } | undefined;
  announcementHtml: string | undefined;
  /** The APIs loaded (none without an API reference). */
  apis: readonly SiteApi[];
  /** Sidebar markup of the site's previous view; it is left holding this view's. */
  memo?: SidebarMemo | undefined;
}

/**
 * What every page's shell is rendered from (`SiteView`), and the files it points at: one file per
 * large docs sidebar, holding the entries of its closed categories.
 */
export function createSiteView({ config, plan, docs, docsVersions, client, blog, announcementHtml, apis, memo }: SiteViewInput): {
  site: SiteView;
  files: WholeFile[];
} {
  const url = (path: string): string => withBase(path, config.baseUrl);
  const script = inlineScript(config);
  const firstOf = (kind: Route['data']['kind']): string | undefined => plan.routes.find((r) => r.data.kind === kind && !r.unlisted)?.path;
  const docsRoot = config.docs === false ? undefined : `/${config.docs.routeBasePath.replace(/^\/|\/$/g, '')}`;
  const docRoutes = new Map<string, Map<string, string>>();
  for (const d of docs) docRoutes.set(d.version, (docRoutes.get(d.version) ?? new Map<string, string>()).set(d.id, d.route));
  const site: SiteView = {
    config,
    url,
    assets: {
      css: url('/' + client.css),
      entry: url('/' + client.entry),
      earlyScript: url('/' + client.earlyScript),
      inlineScript: script.code,
      inlineScriptHash: script.hash,
    },
    docsSidebars: plan.docsSidebars,
    sidebarFragments: new Map(),
    apis: apis.map(({ id, label, basePath, proxyUrl, model, versions }) => ({
      id,
      label,
      basePath,
      proxyUrl,
      sidebar: undefined,
      versions: [model, ...versions].map((m) => ({ version: m.docsVersion ?? '', basePath: m.basePath, slugs: new Set(m.operations.map((o) => o.slug)) })),
    })),
    docsVersions,
    docRoutes,
    blogSidebar: blog?.sidebar,
    feeds: blog?.hasFeeds
      ? { rss: url(`${blog.base}/rss.xml`), atom: url(`${blog.base}/atom.xml`), title: config.blog === false ? '' : config.blog.title }
      : undefined,
    sections: {
      docs: docsRoot && plan.routes.some((r) => r.path === docsRoot) ? docsRoot : firstOf('doc'),
      blog: blog?.base,
      api: apis[0]?.basePath ?? firstOf('api'),
    },
    languages: config.ui.languages,
    announcementHtml,
    searchIndexUrl: undefined,
    connectSources: [
      ...new Set(
        apis.flatMap((a) =>
          [a.model, ...a.versions].flatMap((model) =>
            connectSources(
              model,
              a.proxyUrl,
              Object.values(oauthDefaults(config.openapi, a.basePath) ?? {}).flatMap((o) => (o.tokenUrl ? [o.tokenUrl] : [])),
            ),
          ),
        ),
      ),
    ].sort(),
    shared: sharedMarkup(),
  };
  const files: WholeFile[] = [];
  /** A sidebar's shared file, named after its contents; returns its URL. */
  const sidebarFile = (contents: string): string => {
    const path = `assets/sidebar/${createHash('sha256').update(contents).digest('hex').slice(0, 10)}.html`;
    files.push({ path, contents });
    return url(`/${path}`);
  };
  const lists = new Map<string, string>();
  const listMarkup = (path: number[], items: readonly SidebarItem[]): string => {
    const render = (): string => renderToStaticMarkup(createElement(SidebarTemplate, { site, path, items }));
    if (!memo) return render();
    const key = `${path.join('-')} ${JSON.stringify(items)}`;
    const html = memo.lists.get(key) ?? render();
    lists.set(key, html);
    return html;
  };
  for (const [version, items] of plan.docsSidebars) {
    if (isLazySidebar(items))
      site.sidebarFragments.set(
        version,
        sidebarFile(
          closableLists(items)
            .map(({ path, items: entries }) => `${listMarkup(path, entries)}\n`)
            .join(''),
        ),
      );
  }
  apis.forEach((api, i) => {
    site.apis[i]!.sidebar = apiSidebarFiles(site, api.model, sidebarFile, memo?.apis);
  });
  // Only this view's lists are kept: the memo does not grow with the edits.
  if (memo) memo.lists = lists;
  return { site, files };
}
