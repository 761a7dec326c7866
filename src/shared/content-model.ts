// What the markdown stage makes of a page, shared by the types of every kind of page. No node, no DOM.
import type { Diagnostic } from './diagnostics.js';

export interface TocItem {
  depth: number;
  id: string;
  text: string;
}

/** An internal link found in content, kept for the link checker. */
export interface LinkRef {
  /** Route path plus optional "#hash", without baseUrl. */
  target: string;
  /** As written by the author. */
  written: string;
  line: number;
  column: number;
}

export interface RenderedMarkdown {
  html: string;
  /** The content before `<!-- truncate -->`, when the file has the marker. */
  excerptHtml: string | undefined;
  toc: TocItem[];
  /** Text of the first h1, if the content starts with one (it is then removed from html). */
  title: string | undefined;
  /** Plain text of the first paragraph, for descriptions. */
  excerpt: string | undefined;
  ids: string[];
  links: LinkRef[];
  /** Content files copied to the output: relPath → output path. */
  assets: { relPath: string; outPath: string }[];
  diagnostics: Diagnostic[];
}

export interface NavLink {
  title: string;
  href: string;
}
