import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CategorySource, DocFrontMatter, SourceFile } from '../../shared/model.js';
import { walkFiles } from '../sources/walk.js';
import { parseFrontMatter } from '../markdown/front-matter.js';
import { parseCategories } from './categories.js';
import { docBaseId, docId, docRoute } from './doc-ids.js';

// A docs version lives at /docs/<name>: a name that is also the first segment of a route of the
// current docs (/docs/intro, /docs/category/…) would make two pages share a route. The check
// runs when a version is created and on every build of a versioned site (on the docs
// collectSources has read).

/**
 * Routes of the current docs below the docs base ("/intro", "/category"): `docs` are the current
 * docs' markdown files (partials left out, paths starting with `docsDir/`), `categories` their
 * `_category_` files; those in a partials folder (`_shared/`) are left out.
 */
export function currentDocRoutes(docs: readonly SourceFile[], categories: readonly CategorySource[], docsDir: string): string[] {
  const routes: string[] = [];
  for (const doc of docs) {
    const relToDocs = doc.relPath.slice(docsDir.length + 1);
    const fm = parseFrontMatter<DocFrontMatter>(doc.contents, relToDocs);
    const baseId = docBaseId(relToDocs);
    routes.push(docRoute('', baseId, docId(baseId, fm.data), fm.data));
  }
  routes.push('/category');
  const published = categories.filter((c) => !c.dir.split('/').some((seg) => seg.startsWith('_')));
  for (const meta of parseCategories(published).byDir.values()) {
    if (meta.link && meta.link.type === 'generated-index' && meta.link.slug) routes.push(`/${meta.link.slug.replace(/^\/+/, '')}`);
  }
  return routes;
}

/** currentDocRoutes from the files of the docs folder (for `shipdocs docs version`, which reads nothing else). */
export function readCurrentDocRoutes(root: string, docsDir: string): string[] {
  const docs: SourceFile[] = [];
  const categories: CategorySource[] = [];
  for (const f of walkFiles(resolve(root, docsDir), root).files) {
    if (f.relPath.split('/').some((seg) => seg.startsWith('_') && !/^_category_\./.test(seg))) continue;
    const relPath = `${docsDir}/${f.relPath}`;
    if (/(^|\/)_category_\.(json|ya?ml)$/.test(f.relPath)) {
      categories.push({ version: '', dir: f.relPath.replace(/\/?_category_\.\w+$/, ''), relPath, contents: readFileSync(f.absPath, 'utf8') });
    } else if (/\.mdx?$/i.test(f.relPath)) {
      docs.push({ relPath, contents: readFileSync(f.absPath, 'utf8') });
    }
  }
  return currentDocRoutes(docs, categories, docsDir);
}

/** The current doc route a version name would collide with, if any. */
export function collidingRoute(name: string, routes: readonly string[]): string | undefined {
  return routes.find((route) => route.split('/')[1] === name);
}
