import type { Element, ElementContent, Root } from 'hast';
import type { HighlighterCore, ShikiTransformer } from 'shiki/core';
import { toHtml } from 'hast-util-to-html';

// Build-time syntax highlighting with shiki: one highlighter per thread, languages loaded on first
// use, the Oniguruma engine (WebAssembly: measured faster than the JavaScript engines on real
// content, with its many embedded grammars), light and dark colours emitted together (the dark
// ones as CSS variables).

export const THEMES = { light: 'github-light', dark: 'github-dark' } as const;
export const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', '']);

export interface HighlightJob {
  code: string;
  /** Grammar id ("typescript") or "text". */
  lang: string;
  /** As written in the fence ("ts"), for data-language. */
  written: string;
  highlight: number[];
}

let highlighter: Promise<HighlighterCore> | undefined;
const loading = new Map<string, Promise<void>>();

async function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createOnigurumaEngine }, light, dark] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/oniguruma'),
      import('@shikijs/themes/github-light'),
      import('@shikijs/themes/github-dark'),
    ]);
    return createHighlighterCore({ themes: [light.default, dark.default], langs: [], engine: createOnigurumaEngine(import('shiki/wasm')) });
  })();
  return highlighter;
}

async function loadGrammar(h: HighlighterCore, id: string): Promise<void> {
  if (id === 'text' || h.getLoadedLanguages().includes(id)) return;
  let p = loading.get(id);
  if (!p) {
    p = import(`@shikijs/langs/${id}`).then((m: { default: unknown }) => h.loadLanguage(m.default as never));
    loading.set(id, p);
  }
  await p;
}

/** Highlights one block into `<pre class="shiki">…</pre>` HTML. */
export async function highlightJob(job: HighlightJob): Promise<string> {
  const h = await getHighlighter();
  await loadGrammar(h, job.lang);
  const highlight = new Set(job.highlight);
  const root = h.codeToHast(job.code, { lang: job.lang, themes: THEMES, defaultColor: 'light', transformers: [lineTransformer(highlight)] });
  const pre = root.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre');
  if (pre && job.lang !== 'text') pre.properties.dataLanguage = job.written;
  return toHtml(root);
}

function lineTransformer(highlight: Set<number>): ShikiTransformer {
  return {
    name: 'shipdocs-lines',
    line(node, line) {
      if (highlight.has(line)) this.addClassToHast(node, 'highlighted');
    },
  };
}

let aliasMap: Map<string, string> | undefined;
let aliasLoad: Promise<void> | undefined;

/** Loads shiki's language index (ids and aliases) once; cheap, no grammar is loaded. */
export function loadLanguageIndex(): Promise<void> {
  aliasLoad ??= import('shiki/langs').then(({ bundledLanguagesInfo }) => {
    const map = new Map<string, string>();
    for (const info of bundledLanguagesInfo) {
      map.set(info.id, info.id);
      for (const a of info.aliases ?? []) map.set(a, info.id);
    }
    aliasMap = map;
  });
  return aliasLoad;
}

/** The grammar id of a language name or alias ("sh" → "shellscript"); needs loadLanguageIndex(). */
export function languageId(lang: string): string | undefined {
  if (PLAIN.has(lang)) return 'text';
  if (!aliasMap) throw new Error('loadLanguageIndex() must run first');
  return aliasMap.get(lang.toLowerCase());
}

export interface CodeMeta {
  title: string | undefined;
  highlight: Set<number>;
  showLineNumbers: boolean;
}

/** Parses a fence's meta string: `title="app.ts" {1,3-5} showLineNumbers`. */
export function parseCodeMeta(meta: string | undefined): CodeMeta {
  const m = meta ?? '';
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(m);
  const highlight = new Set<number>();
  for (const range of m.match(/\{([\d,\s-]+)\}/)?.[1]?.split(',') ?? []) {
    const [a, b] = range.trim().split('-').map((n) => Number.parseInt(n, 10));
    if (a === undefined || Number.isNaN(a)) continue;
    const end = b === undefined || Number.isNaN(b) ? a : Math.min(b, a + 10_000);
    for (let i = a; i <= end; i++) highlight.add(i);
  }
  return { title: title ? (title[1] ?? title[2] ?? title[3]) : undefined, highlight, showLineNumbers: /\bshowLineNumbers\b/.test(m) };
}

/** Wraps a placeholder (filled with highlighted HTML later) in a `.code-block` with its title. */
export function codeBlockElement(meta: CodeMeta, placeholder: string): Element {
  const children: ElementContent[] = [];
  if (meta.title) children.push({ type: 'element', tagName: 'div', properties: { className: ['code-block-title'] }, children: [{ type: 'text', value: meta.title }] });
  children.push({ type: 'text', value: placeholder });
  return { type: 'element', tagName: 'div', properties: { className: ['code-block', ...(meta.showLineNumbers ? ['line-numbers'] : [])] }, children };
}

export type { Root };
