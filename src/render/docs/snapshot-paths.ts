import { posix } from 'node:path';
import { createProcessor } from '@mdx-js/mdx';
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { parseFrontMatter } from '../markdown/front-matter.js';

// A version snapshot moves every doc two folders deeper (content/docs/a.md →
// versioned_docs/version-1.0/a.md). Paths that stay inside the docs folder move with it; paths
// that leave it (an MDX import of content/components/X, an image in static/) must be rewritten,
// or the frozen docs stop building.

export interface SnapshotFile {
  /** Project-relative path of the doc before the snapshot (content/docs/guide/a.mdx). */
  from: string;
  /** Project-relative path of its copy (versioned_docs/version-1.0/guide/a.mdx). */
  to: string;
  /** The docs folder, project-relative (content/docs). */
  docsDir: string;
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/|#|@site\/)/i;

/** Where a relative path written in `from` points, if it leaves the docs folder (project-relative). */
function leavesDocs(path: string, file: SnapshotFile): string | undefined {
  if (!path || EXTERNAL.test(path)) return undefined;
  const target = posix.normalize(posix.join(posix.dirname(file.from), path));
  const docs = file.docsDir.replace(/\/$/, '');
  if (target === docs || target.startsWith(`${docs}/`) || target.startsWith('../')) return undefined;
  return target;
}

/**
 * The doc's text with the paths that leave the docs folder fixed for its new place: MDX imports
 * become `@site/…` imports, links and images get a path relative to the copy. Paths inside code
 * (fences, inline code) are text, not paths, and are left alone.
 */
export function rewriteSnapshotPaths(text: string, file: SnapshotFile): string {
  const { body } = parseFrontMatter(text, file.from);
  const start = text.length - body.length;
  const mdx = /\.mdx$/i.test(file.from);
  let tree: Root;
  try {
    tree = createProcessor({ format: mdx ? 'mdx' : 'md' }).parse(body) as Root;
  } catch {
    return text; // the build reports the syntax error; the copy stays as written
  }
  const edits: { from: number; to: number; text: string }[] = [];
  visit(tree, (node) => {
    if (node.type === 'mdxjsEsm') {
      const stmts = ((node.data as { estree?: { body: { source?: { value: string; start: number; end: number; raw?: string } }[] } } | undefined)?.estree?.body ?? []);
      for (const stmt of stmts) {
        const src = stmt.source;
        const target = src && leavesDocs(src.value, file);
        if (!src || !target) continue;
        const quote = body[src.start] === '"' ? '"' : "'";
        edits.push({ from: src.start, to: src.end, text: `${quote}@site/${target}${quote}` });
      }
      return;
    }
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.position) {
      const url = (node as { url: string }).url;
      const [path, suffix = ''] = splitSuffix(url);
      const target = leavesDocs(path, file);
      if (!target) return;
      const moved = posix.relative(posix.dirname(file.to), target);
      const from = node.position.start.offset!;
      const source = body.slice(from, node.position.end.offset);
      // The url as written sits after "](" (links, images) or ":" (definitions).
      const index = source.lastIndexOf(url);
      if (index < 0) return;
      edits.push({ from: from + index, to: from + index + url.length, text: moved + suffix });
    }
  });
  if (edits.length === 0) return text;
  edits.sort((a, b) => b.from - a.from);
  let out = body;
  for (const e of edits) out = out.slice(0, e.from) + e.text + out.slice(e.to);
  return text.slice(0, start) + out;
}

function splitSuffix(url: string): [string, string?] {
  const i = url.search(/[?#]/);
  return i < 0 ? [url] : [url.slice(0, i), url.slice(i)];
}
