import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { ApiExample, Html } from '../../shared/api-model.js';
import { renderDescription } from '../../render/markdown/render-description.js';
import { getAtPointer, joinPointer } from '../load/pointer.js';

// What every part of toApiModel shares: the document, reference lookup, descriptions, URL filtering
// and the diagnostics found on the way (each with its JSON pointer; loadApi adds file positions).

export type Obj = Record<string, unknown>;

export interface ModelContext {
  doc: Obj;
  /** OpenAPI 3.0 (and converted 2.0) ignore the siblings of `$ref`; 3.1 lets them override. */
  refSiblings: boolean;
  diagnostics: Diagnostic[];
  /** Follows a chain of `$ref`s to a non-schema object (parameter, response, …). */
  deref: (value: unknown, pointer: string) => { value: Obj | undefined; pointer: string };
  /** The target of an internal reference, reporting it once when it does not resolve. */
  target: (ref: string, at: string) => unknown;
  describe: (markdown: unknown, limit?: number) => Html | undefined;
  /** http(s) and mailto URLs kept; anything else dropped with a warning. Servers may be relative. */
  safeUrl: (url: unknown, at: string, kind?: 'link' | 'server') => string | undefined;
  /** Every http(s) link kept, with where it is written (the site checks those into its own pages). */
  links: { url: string; pointer: string }[];
  /** Throws a TimeBoundError naming `pointer` once the time bound has passed (checked per operation, media type and inside example generation). */
  checkTime: (pointer: string) => void;
  /** Display names of bundled references (schemas from other files), by reference ("#/paths/…/schema" → "Tree"). */
  refNames: ReadonlyMap<string, string>;
  /** Per-build memo of generated examples, by direction and reference. */
  examples: Map<string, unknown>;
  /** Per-build memo of generated examples as shown, by sample and media type. */
  generatedExamples: WeakMap<object, Map<string, ApiExample>>;
  /** Examples longer than this are cut (undefined: make-examples' page limit). */
  exampleChars: number | undefined;
}

/** Thrown from deep inside the conversion when the time bound has passed; toApiModel turns it into SD3009. */
export class TimeBoundError extends Error {
  constructor(readonly pointer: string) {
    super('time bound exceeded');
  }
}

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
export const ptr = (base: string, ...segments: (string | number)[]): string => base + joinPointer(segments);

/**
 * Most descriptions are one plain sentence: no character markdown, HTML or the link finder reacts
 * to, so their HTML is the paragraph itself (the same as renderDescription's, which a test checks
 * on every description of the default site and the corpus) without a trip through the pipeline.
 */
export function isPlainText(text: string): boolean {
  const t = text.trim();
  return t.length < 2000 && /^[\p{L}][^\n\r*_`\[\]<>#&\\|~!{}@$^]*$/u.test(t) && !/:\/\/|www\.|\s{2}|\t/.test(t);
}

/** Descriptions longer than this are cut: one careless paste must not make every page huge. */
const DESCRIPTION_LIMIT = 20_000;

/** A description's Markdown as written (the document's own string, cut as its HTML is), or undefined when blank. */
export function markdownOf(markdown: unknown, limit = DESCRIPTION_LIMIT): string | undefined {
  if (typeof markdown !== 'string' || markdown.trim() === '') return undefined;
  return markdown.length > limit ? `${markdown.slice(0, limit)}…` : markdown;
}

export function createModelContext(
  doc: Obj,
  deadline: number,
  options: { refNames?: ReadonlyMap<string, string> | undefined; exampleChars?: number | undefined } = {},
): ModelContext {
  const refNames = options.refNames ?? new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<string>();
  const version = str(doc.openapi) ?? '';
  const target = (ref: string, at: string): unknown => {
    const value = ref.startsWith('#') ? getAtPointer(doc, ref) : undefined;
    if (value === undefined && !reported.has(ref)) {
      reported.add(ref);
      diagnostics.push(
        diagnostic('SD3007', { message: `Unresolved reference ${JSON.stringify(ref)}: nothing exists at that place in the document.`, pointer: at }),
      );
    }
    return value;
  };
  const deref = (value: unknown, pointer: string): { value: Obj | undefined; pointer: string } => {
    let current = value;
    let at = pointer;
    let overrides: Obj = {};
    for (let hops = 0; isObj(current) && typeof current.$ref === 'string'; hops++) {
      if (hops > 20) return { value: undefined, pointer: at };
      const { $ref, ...siblings } = current;
      if (version.startsWith('3.1')) overrides = { ...siblings, ...overrides };
      const next = target($ref as string, at + '/$ref');
      at = ($ref as string).slice(1);
      current = next;
    }
    if (!isObj(current)) return { value: undefined, pointer: at };
    return { value: Object.keys(overrides).length ? { ...current, ...overrides } : current, pointer: at };
  };
  const describe = (markdown: unknown, limit = DESCRIPTION_LIMIT): Html | undefined => {
    if (typeof markdown !== 'string' || markdown.trim() === '') return undefined;
    const text = markdown.length > limit ? `${markdown.slice(0, limit)}…` : markdown;
    if (isPlainText(text)) return `<p>${text.trim()}</p>`;
    return renderDescription(text) || undefined;
  };
  const links: ModelContext['links'] = [];
  const safeUrl = (url: unknown, at: string, kind: 'link' | 'server' = 'link'): string | undefined => {
    if (typeof url !== 'string' || url.trim() === '') return undefined;
    const trimmed = url.trim();
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
    const ok = scheme ? scheme === 'http' || scheme === 'https' || (kind === 'link' && scheme === 'mailto') : trimmed.startsWith('//') || kind === 'server';
    if (ok && !/[\u0000-\u001f]/.test(trimmed)) {
      const url = trimmed.startsWith('//') ? `https:${trimmed}` : trimmed;
      if (kind === 'link' && /^https?:/i.test(url)) links.push({ url, pointer: at });
      return url;
    }
    diagnostics.push(
      diagnostic('SD3010', {
        message: `URL ${JSON.stringify(trimmed.slice(0, 80))} is not http(s)${kind === 'link' ? ' or mailto' : ''}; it was left out.`,
        pointer: at,
      }),
    );
    return undefined;
  };
  const expired = (): boolean => Date.now() > deadline;
  const checkTime = (pointer: string): void => {
    if (expired()) throw new TimeBoundError(pointer);
  };
  return {
    doc,
    refSiblings: version.startsWith('3.1'),
    diagnostics,
    deref,
    target,
    describe,
    safeUrl,
    links,
    checkTime,
    refNames,
    examples: new Map(),
    generatedExamples: new WeakMap(),
    exampleChars: options.exampleChars,
  };
}
