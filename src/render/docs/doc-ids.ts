import { posix } from 'node:path';
import type { DocFrontMatter } from '../../shared/model.js';

// Pure rules that give a doc its id and route (Docusaurus-compatible, so content moves over).

const NUMBER_PREFIX = /^\d+\s*[-_.]\s*(?=.)/;

/** "01-guides/02-setup.md" → "guides/setup". */
export function stripNumberPrefixes(path: string): string {
  // Most paths have no number prefix: called for every doc on every update of the dev server.
  if (!/(?:^|\/)\d/.test(path)) return path;
  return path
    .split('/')
    .map((seg) => seg.replace(NUMBER_PREFIX, ''))
    .join('/');
}

/** The doc's path inside the docs folder, without extension or number prefixes. */
export function docBaseId(relToDocs: string): string {
  return stripNumberPrefixes(relToDocs.replace(/\.mdx?$/i, ''));
}

/** True for files that stand for their folder (the category's own page). */
export function isIndexDoc(baseId: string): boolean {
  const name = posix.basename(baseId).toLowerCase();
  const dir = posix.basename(posix.dirname(baseId)).toLowerCase();
  return name === 'index' || name === 'readme' || (dir !== '.' && name === dir);
}

export function docId(baseId: string, fm: DocFrontMatter): string {
  if (!fm.id) return baseId;
  const dir = posix.dirname(baseId);
  return dir === '.' ? fm.id : `${dir}/${fm.id}`;
}

/** Route of a doc under `/<routeBasePath>`. */
export function docRoute(routeBase: string, baseId: string, id: string, fm: DocFrontMatter): string {
  const base = routeBase ? `/${routeBase.replace(/^\/|\/$/g, '')}` : '';
  const join = (p: string): string => (p === '' || p === '/' ? base || '/' : `${base}/${p.replace(/^\/+|\/+$/g, '')}`);
  if (fm.slug !== undefined) {
    const slug = fm.slug.trim();
    if (slug.startsWith('/')) return join(slug);
    const dir = posix.dirname(baseId);
    return join(dir === '.' ? slug : `${dir}/${slug}`);
  }
  if (isIndexDoc(baseId)) {
    const dir = posix.dirname(baseId);
    return join(dir === '.' ? '' : dir);
  }
  return join(id);
}

/** "create-a-page" → "Create a page" for docs without any title. */
export function titleFromId(id: string): string {
  const name = posix.basename(id).replace(/[-_]+/g, ' ').trim();
  return name.charAt(0).toUpperCase() + name.slice(1);
}
