import type { Element, Root, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { slug as slugify } from 'github-slugger';
import { walkElements } from './walk-elements.js';
import type { VFile } from 'vfile';
import type { TocItem } from '../../shared/content-model.js';

export interface StructureResult {
  toc: TocItem[];
  title: string | undefined;
  excerpt: string | undefined;
  ids: string[];
}

export interface StructureOptions {
  tocMin: number;
  tocMax: number;
  /** Remove a leading h1 (the layout prints the title). */
  stripTitle: boolean;
}

const HEADING = /^h([1-6])$/;
const PREFIX = 'user-content-';
const DOUBLE_PREFIX = PREFIX + PREFIX;

/**
 * After sanitizing: gives headings unique ids and a "#" anchor link, collects the table of
 * contents, the leading h1 and the first paragraph, and every id of the content.
 */
export function rehypeStructure() {
  return (tree: Root, file: VFile): void => {
    const { structureOptions: options, structure: out } = file.data.shipdocs as { structureOptions: StructureOptions; structure: StructureResult };
    const slug = createSlugger();
    const first = tree.children.find((c): c is Element => c.type === 'element');
    if (first && first.tagName === 'h1' && options.stripTitle) {
      out.title = toString(first).trim();
      tree.children.splice(tree.children.indexOf(first), 1);
    }
    walkElements(tree, (node) => {
      // Footnote ids arrive prefixed by remark-rehype and again by the sanitizer: keep one prefix.
      if (typeof node.properties.id === 'string' && node.properties.id.startsWith(DOUBLE_PREFIX)) {
        node.properties.id = node.properties.id.slice(PREFIX.length);
      }
      const level = HEADING.exec(node.tagName)?.[1];
      const hidden = ((node.properties.className as string[] | undefined) ?? []).includes('sr-only');
      if (level && hidden) return;
      if (level) {
        const text = toString(node).trim();
        const explicit = /\s*\{#([\w-]+)\}\s*$/.exec(text);
        if (explicit) stripExplicitId(node);
        const id = slug(explicit ? explicit[1]! : text || 'section');
        node.properties.id = id;
        const label = explicit ? text.slice(0, explicit.index) : text;
        node.children.push({
          type: 'element',
          tagName: 'a',
          properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: `Direct link to ${label}` },
          children: [{ type: 'text', value: '#' }],
        });
        const depth = Number(level);
        if (depth >= options.tocMin && depth <= options.tocMax) out.toc.push({ depth, id, text: label });
      } else if (typeof node.properties.id === 'string') {
        out.ids.push(node.properties.id);
      }
      if (out.excerpt === undefined && node.tagName === 'p') {
        const text = toString(node).replace(/\s+/g, ' ').trim();
        if (text) out.excerpt = text.length > 200 ? `${text.slice(0, 197)}…` : text;
      }
    });
    out.ids.push(...out.toc.map((t) => t.id));
    walkElements(tree, (node) => {
      if (HEADING.test(node.tagName) && typeof node.properties.id === 'string' && !out.ids.includes(node.properties.id)) {
        out.ids.push(node.properties.id);
      }
    });
  };
}

/** github-slugger's slug of a text, once per text (its Unicode expression is slow); bounded. */
const baseSlugs = new Map<string, string>();
function baseSlug(text: string): string {
  let slug = baseSlugs.get(text);
  if (slug === undefined) {
    if (baseSlugs.size >= 50_000) baseSlugs.clear();
    baseSlugs.set(text, (slug = slugify(text)));
  }
  return slug;
}

/** github-slugger's unique slugs of one page ("intro", "intro-1", …), over memoized base slugs. */
export function createSlugger(): (text: string) => string {
  const occurrences = new Map<string, number>();
  return (text) => {
    const original = baseSlug(text);
    let result = original;
    while (occurrences.has(result)) {
      const n = occurrences.get(original)! + 1;
      occurrences.set(original, n);
      result = `${original}-${n}`;
    }
    occurrences.set(result, 0);
    return result;
  };
}

function stripExplicitId(node: Element): void {
  const last = node.children[node.children.length - 1] as ElementContent | undefined;
  if (last?.type === 'text') last.value = last.value.replace(/\s*\{#[\w-]+\}\s*$/, '');
}
