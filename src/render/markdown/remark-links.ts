import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { Root, Link, Image, Definition } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { LinkRef } from '../../shared/model.js';
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

/** Rewrites links and images: .md links become routes, images are copied, unsafe URLs dropped. */
export function remarkLinks() {
  return (tree: Root, file: VFile): void => {
    const { options, out } = file.data.shipdocs as { options: LinkOptions; out: LinkCollector };
    visit(tree, (node) => {
      if (node.type === 'link' || node.type === 'definition') rewriteLink(node as Link | Definition, options, out);
      else if (node.type === 'image') rewriteImage(node as Image, options, out);
    });
  };
}

function pos(node: Link | Image | Definition, options: LinkOptions): { line: number; column: number } {
  return { line: (node.position?.start.line ?? 1) + options.lineOffset, column: node.position?.start.column ?? 1 };
}

function rewriteLink(node: Link | Definition, options: LinkOptions, out: LinkCollector): void {
  const written = node.url;
  const r = resolveUrl(written, options);
  const at = pos(node, options);
  switch (r.kind) {
    case 'unsafe':
      out.diagnostics.push(diagnostic('SD2012', { message: `Link to "${truncate(written)}" removed: only http, https, mailto and relative URLs are allowed.`, file: options.file, ...at }));
      node.url = '#';
      return;
    case 'external':
      node.url = r.href;
      if (node.type === 'link' && /^https?:/i.test(r.href)) {
        node.data = { ...node.data, hProperties: { target: '_blank', rel: ['noopener', 'noreferrer'] } };
      }
      return;
    case 'missing-file':
      out.diagnostics.push(diagnostic('SD4004', { message: `Link to ${r.file}, which is not a page of this site.`, file: options.file, ...at }));
      return;
    case 'internal':
      node.url = r.href;
      if (!isStaticFile(r.target, options.staticFiles)) out.links.push({ target: r.target, written, ...at });
      return;
  }
}

function isStaticFile(target: string, staticFiles: ReadonlySet<string>): boolean {
  return staticFiles.has(target.replace(/[#?].*$/, '').replace(/^\//, ''));
}

function rewriteImage(node: Image, options: LinkOptions, out: LinkCollector): void {
  const written = node.url;
  const at = pos(node, options);
  const r = resolveUrl(written, options);
  if (r.kind === 'unsafe') {
    out.diagnostics.push(diagnostic('SD2012', { message: `Image "${truncate(written)}" removed: only http(s) and relative image URLs are allowed.`, file: options.file, ...at }));
    node.url = '';
    return;
  }
  if (r.kind === 'external') return;
  const clean = written.replace(/[?#].*$/, '');
  if (clean.startsWith('/')) {
    if (!options.staticFiles.has(safeDecode(clean.slice(1)))) {
      out.diagnostics.push(diagnostic('SD2007', { message: `Image ${clean} is not in the static folder.`, file: options.file, ...at }));
    }
    node.url = withBase(clean, options.baseUrl);
    return;
  }
  const relPath = posix.normalize(posix.join(posix.dirname(options.file), safeDecode(clean)));
  if (relPath.startsWith('../') || relPath === '..') {
    out.diagnostics.push(diagnostic('SD2008', { message: `Image ${written} points outside the project.`, file: options.file, ...at }));
    node.url = '';
    return;
  }
  if (!options.assetFiles.has(relPath)) {
    out.diagnostics.push(diagnostic('SD2007', { message: `Image ${written} not found (looked for ${relPath}).`, file: options.file, ...at }));
    return;
  }
  const outPath = assetOutPath(relPath);
  out.assets.push({ relPath, outPath });
  node.url = withBase('/' + outPath, options.baseUrl);
}

/** Content images are copied to assets/images/<name>-<hash of their path>.<ext>. */
export function assetOutPath(relPath: string): string {
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
