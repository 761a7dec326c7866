import { posix } from 'node:path';
import { parseFrontMatter } from '../markdown/front-matter.js';
import { pathsIn } from '../markdown/mdx-paths.js';

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
  const paths = pathsIn(body, /\.mdx$/i.test(file.from));
  if (!paths) return text; // the build reports the syntax error; the copy stays as written
  const edits: { from: number; to: number; text: string }[] = [];
  for (const p of paths) {
    if (p.kind === 'import') {
      // Only relative specifiers are paths: `react` or `@scope/pkg` name packages.
      const target = /^\.\.?\//.test(p.value) ? leavesDocs(p.value, file) : undefined;
      const quote = body[p.start] === '"' ? '"' : "'";
      if (target) edits.push({ from: p.start, to: p.end, text: `${quote}@site/${target}${quote}` });
      continue;
    }
    const [path, suffix = ''] = splitSuffix(p.value);
    const target = leavesDocs(path, file);
    if (target) edits.push({ from: p.start, to: p.end, text: posix.relative(posix.dirname(file.to), target) + suffix });
  }
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
