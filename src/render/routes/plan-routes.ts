import type { SiteConfig } from '../../config/schema.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { CategorySource, DocPage, DocsVersion, MarkdownPage, ReactPageSource, Route, SidebarItem } from '../../shared/model.js';
import type { NavLink } from '../../shared/content-model.js';
import type { ParsedContent } from '../markdown/parse-pages.js';
import { buildSidebar, toCard } from '../docs/build-sidebar.js';
import { categoryKey } from '../docs/categories.js';

export interface RoutePlan {
  routes: Route[];
  /** Sidebar of each docs version ("" for the current docs). */
  docsSidebars: Map<string, SidebarItem[]>;
  diagnostics: Diagnostic[];
}

export interface PlanInput {
  config: SiteConfig;
  content: ParsedContent;
  reactPages: readonly ReactPageSource[];
  /** The `_category_` files (their diagnostics name them). */
  categories: readonly CategorySource[];
  versions: readonly DocsVersion[];
  /** Routes of other sections (API reference, blog), planned by their own stages. */
  extraRoutes?: readonly Route[];
}

/** Every route of the site, with the data its page needs; duplicates warn and the first wins. */
export function planRoutes({ config, content, reactPages, categories, versions, extraRoutes = [] }: PlanInput): RoutePlan {
  const diagnostics: Diagnostic[] = [];
  const categoryFiles = new Map(categories.map((c) => [categoryKey(c.version, c.dir), c.relPath]));
  const routes: Route[] = [];

  const docsSidebars = new Map<string, SidebarItem[]>();
  for (const version of versions) {
    const docs = content.docs.filter((d) => d.version === version.name);
    const sidebar = buildSidebar(docs, {
      version: version.name,
      docsDir: version.path,
      routeBase: version.routeBase,
      categories: content.categories,
      categoryFiles,
      collapsed: config.docs === false || config.docs.sidebarCollapsed,
    });
    diagnostics.push(...sidebar.diagnostics);
    docsSidebars.set(version.name, sidebar.items);
    const position = new Map(sidebar.order.map((link, i) => [link.href, i]));
    const neighbours = (href: string): { prev: NavLink | undefined; next: NavLink | undefined } => {
      const i = position.get(href);
      if (i === undefined) return { prev: undefined, next: undefined };
      return { prev: sidebar.order[i - 1], next: sidebar.order[i + 1] };
    };
    const byId = new Map(docs.map((d) => [d.id, d]));
    const explicit = (value: string | null | undefined, fallback: NavLink | undefined): NavLink | undefined => {
      if (value === null) return undefined;
      if (value === undefined) return fallback;
      const doc = byId.get(value);
      // An unlisted doc is no one's previous or next page, even when named (as Docusaurus does).
      if (doc?.frontMatter.unlisted) return undefined;
      return doc ? { title: doc.sidebarLabel, href: doc.route } : fallback;
    };
    for (const doc of docs) {
      const n = neighbours(doc.route);
      routes.push({
        path: doc.route,
        title: version.name ? `${doc.title} (${version.label})` : doc.title,
        description: doc.description,
        file: doc.file,
        sidebar: 'docs',
        hideFooter: doc.frontMatter.hide_footer ?? false,
        unlisted: doc.frontMatter.unlisted ?? false,
        data: { kind: 'doc', doc, prev: explicit(doc.frontMatter.pagination_prev, n.prev), next: explicit(doc.frontMatter.pagination_next, n.next) },
      });
    }
    for (const page of sidebar.categoryPages) {
      routes.push({
        path: page.route,
        title: page.title,
        description: page.description ?? `${page.label}: ${page.items.map((i) => i.title).join(', ')}.`,
        file: page.file,
        sidebar: 'docs',
        hideFooter: false,
        data: {
          kind: 'doc-index',
          version: version.name,
          heading: page.title,
          intro: page.description,
          items: page.items,
          breadcrumbs: page.breadcrumbs,
          ...neighbours(page.route),
        },
      });
    }
    const docsRoot = `/${version.routeBase}`;
    if (sidebar.order.length && !routes.some((r) => r.path === docsRoot)) {
      routes.push({
        path: docsRoot,
        title: version.name ? `Documentation ${version.label}` : 'Documentation',
        description: `The ${config.title} documentation${version.name ? ` (version ${version.label})` : ''}: guides, tutorials and reference.`,
        file: undefined,
        sidebar: 'docs',
        hideFooter: false,
        data: {
          kind: 'doc-index',
          version: version.name,
          heading: 'Documentation',
          intro: config.tagline || undefined,
          items: sidebar.items.map((it) => toCard(it, byId)),
          breadcrumbs: [],
          prev: undefined,
          next: sidebar.order[0],
        },
      });
    }
  }

  for (const page of content.pages) {
    routes.push({
      path: page.route,
      title: page.title,
      description: page.description,
      file: page.file,
      sidebar: undefined,
      hideFooter: page.frontMatter.hide_footer ?? false,
      unlisted: page.frontMatter.unlisted ?? false,
      data: { kind: 'markdown-page', page },
    });
  }
  for (const page of reactPages) {
    const path = '/' + page.name.replace(/(^|\/)index$/, '').replace(/\/$/, '');
    routes.push({
      path,
      title: page.meta.title ?? (path === '/' ? config.tagline || config.title : page.name),
      description: page.meta.description,
      file: page.relPath,
      sidebar: undefined,
      hideFooter: page.meta.hideFooter ?? false,
      data: { kind: 'react-page', page },
    });
  }
  routes.push(...extraRoutes);
  if (!routes.some((r) => r.path === '/')) {
    routes.push({
      path: '/',
      title: config.tagline || config.title,
      description: config.tagline || undefined,
      file: undefined,
      sidebar: undefined,
      hideFooter: false,
      data: { kind: 'home' },
    });
  }
  routes.push({
    path: '/404.html',
    title: 'Page not found',
    description: undefined,
    file: undefined,
    sidebar: undefined,
    hideFooter: false,
    data: { kind: 'not-found' },
  });
  if (config.offline) {
    routes.push({
      path: '/offline.html',
      title: 'Offline',
      description: undefined,
      file: undefined,
      sidebar: undefined,
      hideFooter: false,
      data: { kind: 'offline' },
    });
  }

  const seen = new Map<string, Route>();
  const unique: Route[] = [];
  for (const route of routes) {
    const first = seen.get(route.path);
    if (first) {
      diagnostics.push(
        diagnostic('SD4003', {
          message: `Route ${route.path} is produced by both ${first.file ?? 'a generated page'} and ${route.file ?? 'a generated page'}; the first is kept.`,
          ...(route.file ? { file: route.file, line: 1, column: 1 } : {}),
        }),
      );
      continue;
    }
    seen.set(route.path, route);
    unique.push(route);
  }
  return { routes: unique, docsSidebars, diagnostics };
}

/**
 * The route of a doc or markdown page after an edit of its content alone (its body): the route it
 * had, holding the new page. Undefined when the edit changed anything else planRoutes reads (the
 * title, label, description, front matter, id or route), which the sidebars, neighbours and index
 * pages are made from: every route is planned again then.
 */
export function withEditedContent(route: Route, page: DocPage | MarkdownPage): Route | undefined {
  const { data } = route;
  if (data.kind === 'doc' && sameButContent(data.doc, page)) return { ...route, data: { ...data, doc: page as DocPage } };
  if (data.kind === 'markdown-page' && sameButContent(data.page, page)) return { ...route, data: { ...data, page } };
  return undefined;
}

function sameButContent(a: DocPage | MarkdownPage, b: DocPage | MarkdownPage): boolean {
  const { content: _a, frontMatter: fmA, ...restA } = a as DocPage;
  const { content: _b, frontMatter: fmB, ...restB } = b as DocPage;
  const keys = Object.keys(restA) as (keyof typeof restA)[];
  // Front matter is plain data read from YAML: the same text gives the same JSON.
  return keys.length === Object.keys(restB).length && keys.every((k) => restA[k] === restB[k]) && JSON.stringify(fmA) === JSON.stringify(fmB);
}
