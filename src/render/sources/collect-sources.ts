import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SiteConfig } from '../../config/schema.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { CategorySource, Sources, SourceFile, StaticFile } from '../../shared/model.js';
import { walkFiles } from './walk.js';
import { loadReactPages, type ReactPageEntry } from './load-react-pages.js';
import { readVersions } from './read-versions.js';

const MARKDOWN = /\.mdx?$/i;
const REACT_PAGE = /\.[jt]sx$/i;
const CATEGORY = /(^|\/)_category_\.(json|ya?ml)$/;

/** Reads every source of the site: docs, categories, pages, assets and static files. */
export async function collectSources(root: string, config: SiteConfig): Promise<Sources> {
  const diagnostics: Diagnostic[] = [];
  const docs: (SourceFile & { version: string })[] = [];
  const categories: CategorySource[] = [];
  const pages: SourceFile[] = [];
  const reactEntries: ReactPageEntry[] = [];
  const assetFiles = new Set<string>();
  const assetAbsPaths = new Map<string, string>();

  const read = (absPath: string, relPath: string): string | undefined => {
    try {
      return readFileSync(absPath, 'utf8');
    } catch (err) {
      diagnostics.push(diagnostic('SD2004', { message: `Cannot read ${relPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`, file: relPath }));
      return undefined;
    }
  };
  const escapedLink = (relPath: string): void => {
    diagnostics.push(diagnostic('SD2008', { message: `${relPath} is a symlink to a file outside the project; it was not read.`, file: relPath, severity: 'warning' }));
  };

  const docsVersions = config.docs === false ? [] : readVersions(root, config.docs.path, config.docs.routeBasePath, diagnostics);
  for (const set of docsVersions) {
    const docsDir = set.path.replace(/\/$/, '');
    const walked = walkFiles(resolve(root, docsDir), root);
    walked.escaped.forEach((f) => escapedLink(`${docsDir}/${f.relPath}`));
    for (const f of walked.files) {
      const relPath = `${docsDir}/${f.relPath}`;
      if (CATEGORY.test(f.relPath)) {
        const contents = read(f.absPath, relPath);
        if (contents !== undefined) categories.push({ version: set.name, dir: f.relPath.replace(/\/?_category_\.\w+$/, ''), relPath, contents });
      } else if (MARKDOWN.test(f.relPath)) {
        if (f.relPath.split('/').some((seg) => seg.startsWith('_'))) continue; // partials
        const contents = read(f.absPath, relPath);
        if (contents !== undefined) docs.push({ relPath, contents, version: set.name });
      } else {
        assetFiles.add(relPath);
        assetAbsPaths.set(relPath, f.absPath);
      }
    }
  }

  const blog: SourceFile[] = [];
  let blogAuthors: SourceFile | undefined;
  let blogTags: SourceFile | undefined;
  if (config.blog !== false) {
    const blogDir = config.blog.path.replace(/\/$/, '');
    const walked = walkFiles(resolve(root, blogDir), root);
    walked.escaped.forEach((f) => escapedLink(`${blogDir}/${f.relPath}`));
    for (const f of walked.files) {
      const relPath = `${blogDir}/${f.relPath}`;
      if (/^authors\.ya?ml$/.test(f.relPath) || /^tags\.ya?ml$/.test(f.relPath)) {
        const contents = read(f.absPath, relPath);
        if (contents === undefined) continue;
        if (f.relPath.startsWith('authors')) blogAuthors = { relPath, contents };
        else blogTags = { relPath, contents };
      } else if (MARKDOWN.test(f.relPath)) {
        if (f.relPath.split('/').some((seg) => seg.startsWith('_'))) continue;
        const contents = read(f.absPath, relPath);
        if (contents !== undefined) blog.push({ relPath, contents });
      } else {
        assetFiles.add(relPath);
        assetAbsPaths.set(relPath, f.absPath);
      }
    }
  }

  const pagesDir = config.pages.path.replace(/\/$/, '');
  const walkedPages = walkFiles(resolve(root, pagesDir), root);
  walkedPages.escaped.forEach((f) => escapedLink(`${pagesDir}/${f.relPath}`));
  for (const f of walkedPages.files) {
    const relPath = `${pagesDir}/${f.relPath}`;
    if (f.relPath.split('/').some((seg) => seg.startsWith('_'))) continue;
    if (MARKDOWN.test(f.relPath)) {
      const contents = read(f.absPath, relPath);
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
  const walkedStatic = walkFiles(resolve(root, config.staticDir), root);
  for (const f of walkedStatic.escaped) {
    diagnostics.push(diagnostic('SD5002', { message: `static/${f.relPath} links outside the project and was not copied.`, file: join(config.staticDir, f.relPath) }));
  }
  for (const f of walkedStatic.files) staticFiles.push({ outPath: f.relPath, absPath: f.absPath });

  return { root, docsVersions, docs, blog, blogAuthors, blogTags, categories, pages, reactPages: react.pages, assetFiles, assetAbsPaths, staticFiles, diagnostics };
}
