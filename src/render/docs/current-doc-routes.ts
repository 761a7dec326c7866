import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DocFrontMatter } from '../../shared/model.js';
import { walkFiles } from '../sources/walk.js';
import { parseFrontMatter } from '../markdown/front-matter.js';
import { parseCategories } from './categories.js';
import { docBaseId, docId, docRoute } from './doc-ids.js';

// A docs version lives at /docs/<name>: a name that is also the first segment of a route of the
// current docs (/docs/intro, /docs/category/…) would make two pages share a route. The check
// runs when a version is created and on every build of a versioned site.

/** Routes of the current docs below the docs base ("/intro", "/category"), from their files. */
export function currentDocRoutes(root: string, docsDir: string): string[] {
  const routes: string[] = [];
  const categories: { version: string; dir: string; relPath: string; contents: string }[] = [];
  for (const f of walkFiles(resolve(root, docsDir), root).files) {
    if (f.relPath.split('/').some((seg) => seg.startsWith('_') && !/^_category_\./.test(seg))) continue;
    if (/(^|\/)_category_\.(json|ya?ml)$/.test(f.relPath)) {
      categories.push({ version: '', dir: f.relPath.replace(/\/?_category_\.\w+$/, ''), relPath: `${docsDir}/${f.relPath}`, contents: readFileSync(f.absPath, 'utf8') });
      continue;
    }
    if (!/\.mdx?$/i.test(f.relPath)) continue;
    const fm = parseFrontMatter<DocFrontMatter>(readFileSync(f.absPath, 'utf8'), f.relPath);
    const baseId = docBaseId(f.relPath);
    routes.push(docRoute('', baseId, docId(baseId, fm.data), fm.data));
  }
  routes.push('/category');
  for (const meta of parseCategories(categories).byDir.values()) {
    if (meta.link && meta.link.type === 'generated-index' && meta.link.slug) routes.push(`/${meta.link.slug.replace(/^\/+/, '')}`);
  }
  return routes;
}

/** The current doc route a version name would collide with, if any. */
export function collidingRoute(name: string, routes: readonly string[]): string | undefined {
  return routes.find((route) => route.split('/')[1] === name);
}
