import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { Element, Root } from 'hast';
import { walkElements } from './walk-elements.js';
import type { VFile } from 'vfile';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { LinkRef } from '../../shared/content-model.js';
import { resolveUrl, withBase, type UrlContext } from './resolve-url.js';

export interface LinkCollector {
  links: LinkRef[];
  assets: { relPath: string; outPath: string }[];
  diagnostics: Diagnostic[];
}

export interface LinkOptions extends UrlContext {
  lineOffset: number;
  /** Content files that may be used as images (relative to root). */
  assetFiles: ReadonlySet<string>;
  /** Files of static/, as output paths ("img/logo.svg"). */
  staticFiles: ReadonlySet<string>;
}

/**
 * Rewrites links and images of the hast tree: .md links become routes, images are copied, unsafe
 * URLs dropped with a warning. Runs before raw HTML is parsed, so it sees what markdown wrote.
 */
export function rehypeLinks() {
  return (tree: Root, file: VFile): void => {
    const { options, out } = file.data.shipdocs as { options: LinkOptions; out: LinkCollector };
    walkElements(tree, (node) => {
      if (node.tagName === 'a' && typeof node.properties.href === 'string') rewriteLink(node, options, out);
      else if (node.tagName === 'img' && typeof node.properties.src === 'string') rewriteImage(node, options, out);
    });
  };
}

function pos(node: Element, options: LinkOptions): { line: number; column: number } {
  return { line: (node.position?.start.line ?? 1) + options.lineOffset, column: node.position?.start.column ?? 1 };
}

/** The URL as the author wrote it (the parser percent-encodes what it stores). */
function writtenUrl(url: string): string {
  return /%[0-9a-f]{2}/i.test(url) ? safeDecode(url) : url;
}

function rewriteLink(node: Element, options: LinkOptions, out: LinkCollector): void {
  const href = node.properties.href as string;
  // Footnote references and back-references are the parser's own.
  if (node.properties.dataFootnoteRef !== undefined || node.properties.dataFootnoteBackref !== undefined) return;
  const written = writtenUrl(href);
  const r = resolveUrl(href, options);
  const at = pos(node, options);
  switch (r.kind) {
    case 'unsafe':
      out.diagnostics.push(
        diagnostic('SD2012', {
          message: `Link to "${truncate(written)}" removed: only http, https, mailto and relative URLs are allowed.`,
          file: options.file,
          ...at,
        }),
      );
      node.properties.href = '#';
      return;
    case 'external':
      node.properties.href = r.href;
      if (/^https?:/i.test(r.href)) {
        node.properties.target = '_blank';
        node.properties.rel = ['noopener', 'noreferrer'];
      }
      return;
    case 'missing-file':
      out.diagnostics.push(diagnostic('SD4004', { message: `Link to ${r.file}, which is not a page of this site.`, file: options.file, ...at }));
      return;
    case 'internal':
      node.properties.href = r.href;
      if (!isStaticFile(r.target, options.staticFiles)) out.links.push({ target: r.target, written, ...at });
      return;
  }
}

function isStaticFile(target: string, staticFiles: ReadonlySet<string>): boolean {
  return staticFiles.has(target.replace(/[#?].*$/, '').replace(/^\//, ''));
}

function rewriteImage(node: Element, options: LinkOptions, out: LinkCollector): void {
  const src = node.properties.src as string;
  const written = writtenUrl(src);
  const at = pos(node, options);
  const r = resolveUrl(src, options);
  if (r.kind === 'unsafe') {
    out.diagnostics.push(
      diagnostic('SD2012', { message: `Image "${truncate(written)}" removed: only http(s) and relative image URLs are allowed.`, file: options.file, ...at }),
    );
    node.properties.src = '';
    return;
  }
  if (r.kind === 'external') return;
  const clean = src.replace(/[?#].*$/, '');
  if (clean.startsWith('/')) {
    if (!options.staticFiles.has(safeDecode(clean.slice(1)))) {
      out.diagnostics.push(diagnostic('SD2007', { message: `Image ${clean} is not in the static folder.`, file: options.file, ...at }));
    }
    node.properties.src = withBase(clean, options.baseUrl);
    return;
  }
  const relPath = posix.normalize(posix.join(posix.dirname(options.file), safeDecode(clean)));
  if (relPath.startsWith('../') || relPath === '..') {
    out.diagnostics.push(diagnostic('SD2008', { message: `Image ${written} points outside the project.`, file: options.file, ...at }));
    node.properties.src = '';
    return;
  }
  if (!options.assetFiles.has(relPath)) {
    out.diagnostics.push(diagnostic('SD2007', { message: `Image ${written} not found (looked for ${relPath}).`, file: options.file, ...at }));
    return;
  }
  const outPath = assetOutPath(relPath);
  out.assets.push({ relPath, outPath });
  node.properties.src = withBase('/' + outPath, options.baseUrl);
}

/** Content images are copied to assets/images/<name>-<hash of their path>.<ext>. */
function assetOutPath(relPath: string): string {
  const ext = posix.extname(relPath);
  const name = posix.basename(relPath, ext).replace(/[^\w.-]+/g, '-');
  const hash = createHash('sha256').update(relPath).digest('hex').slice(0, 8);
  return `assets/images/${name}-${hash}${ext.toLowerCase()}`;
}

function truncate(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
