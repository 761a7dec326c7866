import { resolve } from 'node:path';
import type { SourceFile, Sources } from '../../shared/model.js';
import { readUtf8 } from '../sources/read-utf8.js';

// The dev site's sources brought up to date by the texts of the markdown files an edit changed,
// without walking the folders again: each file is found in its list by an index made once per
// preparation.

type SourceKind = 'docs' | 'pages' | 'blog';

/** Where a markdown file of the sources is: its list and its place in it. */
export interface SourcePlace {
  kind: SourceKind;
  at: number;
}

export interface EditedSources {
  sources: Sources;
  /** The changed files, with their new texts. */
  files: { kind: SourceKind; file: SourceFile }[];
}

/** Each markdown file of the sources (docs, pages, blog posts) by path. */
export const indexSources = (sources: Sources): Map<string, SourcePlace> =>
  new Map((['docs', 'pages', 'blog'] as const).flatMap((kind) => sources[kind].map((f, at): [string, SourcePlace] => [f.relPath, { kind, at }])));

/**
 * The sources with the new text of the changed files, when every changed file is a markdown page
 * of the site (a doc, a page or a blog post) that still exists; else undefined (read everything again).
 */
export function withTexts(sources: Sources, index: ReadonlyMap<string, SourcePlace>, changed: readonly string[]): EditedSources | undefined {
  const next = { ...sources, docs: [...sources.docs], pages: [...sources.pages], blog: [...sources.blog] };
  const files: EditedSources['files'] = [];
  for (const relPath of new Set(changed)) {
    const place = index.get(relPath);
    if (!place) return undefined;
    const contents = readUtf8(resolve(sources.root, relPath), relPath);
    if (typeof contents !== 'string') return undefined;
    const list: SourceFile[] = next[place.kind];
    const file = (list[place.at] = { ...list[place.at]!, contents });
    files.push({ kind: place.kind, file });
  }
  return { sources: next, files };
}
