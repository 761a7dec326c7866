import { posix } from 'node:path';
import GithubSlugger from 'github-slugger';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { CardItem, DocPage, SidebarItem } from '../../shared/model.js';
import type { NavLink } from '../../shared/content-model.js';
import { categoryKey, type CategoryMeta } from './categories.js';
import { isIndexDoc, stripNumberPrefixes } from './doc-ids.js';

/** A generated category page ("generated-index"). */
interface CategoryPage {
  route: string;
  label: string;
  title: string;
  description: string | undefined;
  file: string | undefined;
  items: CardItem[];
  breadcrumbs: NavLink[];
}

export interface DocsSidebar {
  items: SidebarItem[];
  categoryPages: CategoryPage[];
  /** Reading order: docs and category pages, as the sidebar lists them. */
  order: NavLink[];
  diagnostics: Diagnostic[];
}

interface Folder {
  /** Original folder path inside the docs folder ("" for the root). */
  dir: string;
  docs: DocPage[];
  folders: Map<string, Folder>;
}

export interface SidebarOptions {
  version: string;
  docsDir: string;
  routeBase: string;
  categories: ReadonlyMap<string, CategoryMeta>;
  categoryFiles: ReadonlyMap<string, string>;
  /** Whether a category starts closed when its `_category_` file does not say (`docs.sidebarCollapsed`). */
  collapsed: boolean;
}

/**
 * The docs sidebar, generated from the folder tree and `_category_` files. Unlisted docs are not in
 * it: a folder of unlisted docs alone has no category, and an unlisted index doc does not become
 * its category's page (the category gets a generated index, as a folder without one does).
 */
export function buildSidebar(docs: readonly DocPage[], options: SidebarOptions): DocsSidebar {
  const diagnostics: Diagnostic[] = [];
  const root: Folder = { dir: '', docs: [], folders: new Map() };
  const prefix = options.docsDir.replace(/\/$/, '') + '/';
  for (const doc of docs) {
    if (doc.frontMatter.unlisted) continue;
    const rel = doc.file.slice(prefix.length);
    const dirs = posix.dirname(rel) === '.' ? [] : posix.dirname(rel).split('/');
    let folder = root;
    dirs.forEach((name, i) => {
      const dir = dirs.slice(0, i + 1).join('/');
      let next = folder.folders.get(name);
      if (!next) folder.folders.set(name, (next = { dir, docs: [], folders: new Map() }));
      folder = next;
    });
    folder.docs.push(doc);
  }

  const slugger = new GithubSlugger();
  const categoryPages: CategoryPage[] = [];
  const docsById = new Map(docs.map((d) => [d.id, d]));
  const base = `/${options.routeBase.replace(/^\/|\/$/g, '')}`;

  const buildFolder = (folder: Folder, crumbs: NavLink[]): SidebarItem[] => {
    type Entry = { position: number | undefined; sortKey: string; item: SidebarItem };
    const entries: Entry[] = [];
    for (const doc of folder.docs) {
      if (folder.dir !== '' && isIndexDoc(stripNumberPrefixes(doc.file.slice(prefix.length).replace(/\.mdx?$/i, '')))) continue;
      entries.push({
        position: doc.position,
        sortKey: posix.basename(doc.file),
        item: {
          type: 'doc',
          id: doc.id,
          label: doc.sidebarLabel,
          href: doc.route,
          ...(doc.frontMatter.sidebar_class_name ? { className: doc.frontMatter.sidebar_class_name } : {}),
        },
      });
    }
    for (const [name, sub] of folder.folders) {
      const meta = options.categories.get(categoryKey(options.version, sub.dir)) ?? {};
      const indexDoc = sub.docs.find((d) => isIndexDoc(stripNumberPrefixes(d.file.slice(prefix.length).replace(/\.mdx?$/i, ''))));
      const label = meta.label ?? indexDoc?.sidebarLabel ?? stripNumberPrefixes(name);
      let href: string | undefined;
      let generated: CategoryPage | undefined;
      if (meta.link && meta.link.type === 'doc') {
        const target = docsById.get(meta.link.id);
        if (target) href = target.route;
        else
          diagnostics.push(
            diagnostic('SD2005', {
              message: `Category link to unknown doc id "${meta.link.id}".`,
              file: options.categoryFiles.get(categoryKey(options.version, sub.dir)),
              severity: 'warning',
            }),
          );
      } else if (meta.link !== null && !(meta.link === undefined && indexDoc)) {
        const link = meta.link ?? { type: 'generated-index' as const };
        const slug = link.slug ? link.slug.replace(/^\/+|\/+$/g, '') : `category/${slugger.slug(label)}`;
        href = `${base}/${slug}`;
        generated = {
          route: href,
          label,
          title: link.title ?? label,
          description: link.description ?? meta.description,
          file: options.categoryFiles.get(categoryKey(options.version, sub.dir)),
          items: [],
          breadcrumbs: crumbs,
        };
      } else if (indexDoc) {
        href = indexDoc.route;
      }
      const here = href ? [...crumbs, { title: label, href }] : crumbs;
      const items = buildFolder(sub, here);
      if (generated) {
        generated.items = items.map((it) => toCard(it, docsById));
        categoryPages.push(generated);
      }
      entries.push({
        position: meta.position ?? indexDoc?.position,
        sortKey: name,
        item: {
          type: 'category',
          label,
          href,
          items,
          collapsed: meta.collapsed ?? options.collapsed,
          ...(meta.collapsible === false ? { collapsible: false } : {}),
          ...(meta.className ? { className: meta.className } : {}),
        },
      });
    }
    entries.sort(
      (a, b) =>
        (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY) || a.sortKey.localeCompare(b.sortKey, 'en', { numeric: true }),
    );
    return entries.map((e) => e.item);
  };

  const items = buildFolder(root, []);
  const order: NavLink[] = [];
  const walk = (list: readonly SidebarItem[]): void => {
    for (const it of list) {
      if (it.type === 'doc') order.push({ title: it.label, href: it.href });
      else if (it.type === 'category') {
        if (it.href) order.push({ title: it.label, href: it.href });
        walk(it.items);
      }
    }
  };
  walk(items);
  return { items, categoryPages, order, diagnostics };
}

export function toCard(item: SidebarItem, docsById: ReadonlyMap<string, DocPage>): CardItem {
  if (item.type === 'doc') {
    return { kind: 'doc', title: item.label, href: item.href, description: docsById.get(item.id)?.description };
  }
  if (item.type === 'category') {
    return { kind: 'category', title: item.label, href: item.href ?? firstHref(item.items) ?? '#', description: undefined, count: countDocs(item.items) };
  }
  return { kind: 'doc', title: item.label, href: item.href, description: undefined };
}

function countDocs(items: readonly SidebarItem[]): number {
  return items.reduce((n, it) => n + (it.type === 'category' ? countDocs(it.items) : 1), 0);
}

function firstHref(items: readonly SidebarItem[]): string | undefined {
  for (const it of items) {
    if (it.type !== 'category') return it.href;
    const h = it.href ?? firstHref(it.items);
    if (h) return h;
  }
  return undefined;
}
