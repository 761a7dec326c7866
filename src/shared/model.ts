// Types that flow between the pipeline's stages. No node, no DOM.
import type { Diagnostic } from './diagnostics.js';
import type { ApiPageData } from './api-model.js';
import type { BlogRouteData } from './blog-model.js';
import type { NavLink, RenderedMarkdown } from './content-model.js';

/** A text source read from the project. Paths are relative to the root, with "/". */
export interface SourceFile {
  relPath: string;
  contents: string;
}

export interface CategorySource {
  /** The docs version it belongs to ("" for the current docs). */
  version: string;
  /** Folder of the category, relative to its docs folder ("" for the root). */
  dir: string;
  relPath: string;
  contents: string;
}

export interface StaticFile {
  /** Output path, relative to the site root ("img/logo.svg"). */
  outPath: string;
  absPath: string;
}

/** A .tsx page, already compiled and loaded by collectSources. */
export interface ReactPageSource {
  relPath: string;
  /** Route relative to the pages folder, without extension: "index", "about/team". */
  name: string;
  component: (props: Record<string, never>) => unknown;
  meta: PageMeta;
}

export interface PageMeta {
  title?: string;
  description?: string;
  hideFooter?: boolean;
  /** Render without the navbar/footer chrome wrapper (the page renders its own main). */
  wrapper?: 'default' | 'full-width';
}

/** A set of docs: the current ones ("Next" when versions exist) or a snapshot in versioned_docs/. */
export interface DocsVersion {
  /** "" for the current docs, else the version name ("1.0"). */
  name: string;
  label: string;
  /** Folder of the set, relative to the root. */
  path: string;
  /** Route base without slashes: "docs" or "docs/1.0". */
  routeBase: string;
  /** The version readers are sent to (`docs.lastVersion`; by default the newest in versions.json): no banner over it. */
  latest?: boolean | undefined;
}

export interface Sources {
  root: string;
  /** Every docs set: the current docs first, then versions.json's order (newest first). */
  docsVersions: DocsVersion[];
  /** Docs of every set; `version` says which. */
  docs: (SourceFile & { version: string })[];
  /** Blog posts (.md/.mdx), and the authors.yml / tags.yml files when present. */
  blog: SourceFile[];
  blogAuthors: SourceFile | undefined;
  blogTags: SourceFile | undefined;
  categories: CategorySource[];
  pages: SourceFile[];
  reactPages: ReactPageSource[];
  /** Non-markdown files inside content folders, usable as images ("content/docs/img/a.png"). */
  assetFiles: Set<string>;
  /** Absolute paths of assetFiles, by relative path. */
  assetAbsPaths: Map<string, string>;
  staticFiles: StaticFile[];
  diagnostics: Diagnostic[];
}

export interface DocFrontMatter {
  id?: string;
  title?: string;
  description?: string;
  slug?: string;
  sidebar_position?: number;
  sidebar_label?: string;
  sidebar_class_name?: string;
  hide_title?: boolean;
  hide_table_of_contents?: boolean;
  hide_footer?: boolean;
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
  tags?: string[];
  keywords?: string[];
  image?: string;
  draft?: boolean;
  /** Built at its route, but listed nowhere: not in the sidebar, previous/next, search, sitemap or llms.txt, and no Markdown twin. */
  unlisted?: boolean;
  pagination_prev?: string | null;
  pagination_next?: string | null;
}

export interface DocPage {
  /** "tutorial-basics/create-a-page" (number prefixes removed, or front matter id in its folder). */
  id: string;
  /** The docs version ("" for the current docs). */
  version: string;
  file: string;
  route: string;
  title: string;
  sidebarLabel: string;
  description: string | undefined;
  position: number | undefined;
  frontMatter: DocFrontMatter;
  content: RenderedMarkdown;
}

export interface MarkdownPage {
  file: string;
  route: string;
  title: string;
  description: string | undefined;
  frontMatter: DocFrontMatter;
  content: RenderedMarkdown;
}

export type SidebarItem =
  | { type: 'doc'; id: string; label: string; href: string; className?: string }
  | {
      type: 'category';
      label: string;
      href: string | undefined;
      items: SidebarItem[];
      className?: string;
      collapsed: boolean;
      /** false: always expanded, no toggle (`collapsible: false` in _category_). */ collapsible?: boolean;
    }
  | { type: 'link'; label: string; href: string };

export interface CardItem {
  title: string;
  href: string;
  description: string | undefined;
  kind: 'doc' | 'category';
  count?: number;
}

type RouteData =
  | { kind: 'doc'; doc: DocPage; prev: NavLink | undefined; next: NavLink | undefined }
  | {
      kind: 'doc-index';
      version: string;
      heading: string;
      intro: string | undefined;
      items: CardItem[];
      prev: NavLink | undefined;
      next: NavLink | undefined;
      breadcrumbs: NavLink[];
    }
  | { kind: 'markdown-page'; page: MarkdownPage }
  | { kind: 'react-page'; page: ReactPageSource }
  | { kind: 'api'; page: ApiPageData }
  | BlogRouteData
  | { kind: 'home' }
  | { kind: 'not-found' }
  /** The page the service worker shows for a page it did not keep (config `offline`). */
  | { kind: 'offline' };

export interface Route {
  /** "/docs/intro"; "/" for the home page; "/404.html" for the not-found page. */
  path: string;
  /** Title of the page alone; the site title is appended by the layout. */
  title: string;
  description: string | undefined;
  /** Source of the route, for diagnostics. */
  file: string | undefined;
  sidebar: 'docs' | 'api' | 'blog' | undefined;
  hideFooter: boolean;
  /**
   * A page of front matter `unlisted`: rendered (with `noindex`) and reachable at its path, but in
   * no listing (sidebars, previous/next, blog lists and feeds, search, sitemap, the site index).
   */
  unlisted?: boolean;
  data: RouteData;
}

/**
 * A file of the output tree: text/bytes in memory, a file to copy, or text or bytes in parts
 * written one after another, iterated once (a whole API's exports for assistants run to hundreds of MB on the
 * largest APIs: joined into one string, each would be held twice).
 */
export type OutputFile = WholeFile | { path: string; parts: Iterable<string> | Iterable<Uint8Array> };

/** An output file not in parts. */
export type WholeFile = { path: string; contents: string | Uint8Array } | { path: string; copyFrom: string };

/** The file with its parts joined: for those that keep files in memory (a build returning its files, the dev server). */
export function joinedParts(file: OutputFile): WholeFile {
  if (!('parts' in file)) return file;
  const parts: (string | Uint8Array)[] = [...file.parts];
  if (parts.every((p) => typeof p === 'string')) return { path: file.path, contents: parts.join('') };
  const bytes = new Uint8Array(parts.reduce((sum, p) => sum + (p as Uint8Array).length, 0));
  let at = 0;
  for (const p of parts as Uint8Array[]) {
    bytes.set(p, at);
    at += p.length;
  }
  return { path: file.path, contents: bytes };
}

/** Takes an output file as it is made (a build writes it and lets it go). */
export type Emit = (file: OutputFile) => Promise<void>;

export interface BuildTimings {
  [stage: string]: number;
}

/** Runs one stage of a build under its name, adding its time to the build's timings. */
export type Timed = <T>(name: string, fn: () => T | Promise<T>) => Promise<T>;
