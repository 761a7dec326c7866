import { resolve } from 'node:path';
import type { SiteConfig } from '../../config/schema.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { CategorySource, DocsVersion, Sources, SourceFile, StaticFile } from '../../shared/model.js';
import { walkFiles, type WalkResult } from './walk.js';
import { readUtf8 } from './read-utf8.js';
import { loadReactPages, type ReactPageEntry } from './load-react-pages.js';
import { checkLastVersion, checkVersionNames, docsVersionList, readVersionsFile } from './read-versions.js';
import { currentDocRoutes } from '../docs/current-doc-routes.js';
import { pause } from '../workers/pause.js';

const MARKDOWN = /\.mdx?$/i;
const REACT_PAGE = /\.[jt]sx$/i;
const CATEGORY = /(^|\/)_category_\.(json|ya?ml)$/;
/** Files in a folder or with a name starting with "_" are partials, never pages of their own. */
const isPartial = (relPath: string): boolean => relPath.split('/').some((seg) => seg.startsWith('_'));

/** Texts already read (the dev server's last sources) and the files changed since (relative paths). */
export interface KnownTexts {
  previous: Sources;
  changed: ReadonlySet<string>;
}

/**
 * Reads every source of the site: docs, categories, pages, assets and static files. With `known`,
 * the folders are walked again but a file that has not changed keeps the text read before.
 */
export async function collectSources(root: string, config: SiteConfig, known?: KnownTexts): Promise<Sources> {
  const diagnostics: Diagnostic[] = [];
  const docs: (SourceFile & { version: string })[] = [];
  const categories: CategorySource[] = [];
  const pages: SourceFile[] = [];
  const reactEntries: ReactPageEntry[] = [];
  const assetFiles = new Set<string>();
  const assetAbsPaths = new Map<string, string>();

  const before = known && textsOf(known.previous);
  // Reading thousands of files takes seconds: the event loop turns between them, so an interrupt is not kept waiting.
  const read = async (absPath: string, relPath: string): Promise<string | undefined> => {
    await pause();
    const kept = known?.changed.has(relPath) ? undefined : before?.get(relPath);
    if (kept !== undefined) return kept;
    const text = readUtf8(absPath, relPath);
    if (typeof text === 'string') return text;
    diagnostics.push(text);
    return undefined;
  };
  /**
   * Walks a folder and reports what the walk could not see: symlinks leaving the project (in the
   * static folder, files not copied), folders it could not list.
   */
  const walk = (dir: string, folder: 'content' | 'static' = 'content'): WalkResult => {
    const walked = walkFiles(resolve(root, dir), root);
    for (const f of walked.escaped) {
      const relPath = `${dir}/${f.relPath}`;
      diagnostics.push(
        folder === 'static'
          ? diagnostic('SD5002', {
              message: `${relPath} is a symlink to a file outside the project; it was not copied. Copy the file into ${dir}/ instead.`,
              file: relPath,
            })
          : diagnostic('SD2008', {
              message: `${relPath} is a symlink to a file outside the project; it was not read. Copy the file into the project instead.`,
              file: relPath,
            }),
      );
    }
    for (const f of walked.unreadable) {
      const relPath = f.relPath ? `${dir}/${f.relPath}` : dir;
      diagnostics.push(
        diagnostic('SD2004', {
          message: `Cannot read the folder ${relPath}: ${f.reason}. Its files are missing from the site.`,
          file: relPath,
          hint: `Check the folder is readable (its permissions), or move it out of the ${folder === 'static' ? 'static folder' : 'content folders'}.`,
        }),
      );
    }
    return walked;
  };

  /** Reads one docs set (the current docs, or a version's snapshot) into docs, categories and assets. */
  const readDocs = async (version: string, path: string): Promise<void> => {
    const docsDir = path.replace(/\/$/, '');
    for (const f of walk(docsDir).files) {
      const relPath = `${docsDir}/${f.relPath}`;
      if (CATEGORY.test(f.relPath)) {
        const contents = await read(f.absPath, relPath);
        if (contents !== undefined) categories.push({ version, dir: f.relPath.replace(/\/?_category_\.\w+$/, ''), relPath, contents });
      } else if (MARKDOWN.test(f.relPath)) {
        if (isPartial(f.relPath)) continue;
        const contents = await read(f.absPath, relPath);
        if (contents !== undefined) docs.push({ relPath, contents, version });
      } else {
        assetFiles.add(relPath);
        assetAbsPaths.set(relPath, f.absPath);
      }
    }
  };

  let docsVersions: DocsVersion[] = [];
  if (config.docs !== false) {
    const { path, routeBasePath } = config.docs;
    const listed = readVersionsFile(root);
    diagnostics.push(...(listed?.diagnostics ?? []));
    // The current docs are read first: a version's name is checked against their routes.
    await readDocs('', path);
    let names: string[] = [];
    if (listed && !listed.diagnostics.length && listed.names.length) {
      const problems = checkVersionNames(root, listed, routeBasePath, currentDocRoutes(docs, categories, path.replace(/\/$/, '')));
      diagnostics.push(...problems);
      if (!problems.length) names = listed.names;
    }
    const lastVersion = checkLastVersion(config.docs.lastVersion, names);
    if (lastVersion) diagnostics.push(lastVersion);
    docsVersions = docsVersionList(path, routeBasePath, names, lastVersion ? undefined : config.docs.lastVersion);
    for (const set of docsVersions.slice(1)) await readDocs(set.name, set.path);
  }

  const blog: SourceFile[] = [];
  let blogAuthors: SourceFile | undefined;
  let blogTags: SourceFile | undefined;
  if (config.blog !== false) {
    const blogDir = config.blog.path.replace(/\/$/, '');
    const walked = walk(blogDir);
    for (const f of walked.files) {
      const relPath = `${blogDir}/${f.relPath}`;
      if (/^authors\.ya?ml$/.test(f.relPath) || /^tags\.ya?ml$/.test(f.relPath)) {
        const contents = await read(f.absPath, relPath);
        if (contents === undefined) continue;
        if (f.relPath.startsWith('authors')) blogAuthors = { relPath, contents };
        else blogTags = { relPath, contents };
      } else if (MARKDOWN.test(f.relPath)) {
        if (isPartial(f.relPath)) continue;
        const contents = await read(f.absPath, relPath);
        if (contents !== undefined) blog.push({ relPath, contents });
      } else {
        assetFiles.add(relPath);
        assetAbsPaths.set(relPath, f.absPath);
      }
    }
  }

  const pagesDir = config.pages.path.replace(/\/$/, '');
  const walkedPages = walk(pagesDir);
  for (const f of walkedPages.files) {
    const relPath = `${pagesDir}/${f.relPath}`;
    if (isPartial(f.relPath)) continue;
    if (MARKDOWN.test(f.relPath)) {
      const contents = await read(f.absPath, relPath);
      if (contents !== undefined) pages.push({ relPath, contents });
    } else if (REACT_PAGE.test(f.relPath)) {
      reactEntries.push({ relPath, absPath: f.absPath, name: f.relPath.replace(REACT_PAGE, '') });
    } else if (!/\.(ts|js|css)$/.test(f.relPath)) {
      assetFiles.add(relPath);
      assetAbsPaths.set(relPath, f.absPath);
    }
  }
  const react = await loadReactPages(root, reactEntries);
  diagnostics.push(...react.diagnostics);

  const staticFiles: StaticFile[] = [];
  const staticDir = config.staticDir.replace(/\/$/, '');
  const walkedStatic = walk(staticDir, 'static');
  for (const f of walkedStatic.files) staticFiles.push({ outPath: f.relPath, absPath: f.absPath });

  return {
    root,
    docsVersions,
    docs,
    blog,
    blogAuthors,
    blogTags,
    categories,
    pages,
    reactPages: react.pages,
    assetFiles,
    assetAbsPaths,
    staticFiles,
    diagnostics,
  };
}

/** Every text of the sources, by path. */
function textsOf(sources: Sources): Map<string, string> {
  const files = [...sources.docs, ...sources.blog, ...sources.pages, ...sources.categories, sources.blogAuthors, sources.blogTags];
  return new Map(files.flatMap((f) => (f ? [[f.relPath, f.contents] as const] : [])));
}
