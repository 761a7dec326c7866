import type { Element, Root } from 'hast';
import type { HighlighterCore, ShikiTransformer } from 'shiki/core';
import type { WebAssemblyInstantiator } from 'shiki/types';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { toHtml } from 'hast-util-to-html';
import { dualThemeCodec, dualThemeHast, loadThemes, THEMES, TOKENIZE_TIME_LIMIT_MS, type DualThemeCodec } from './highlight-themes.js';

// Build-time syntax highlighting with shiki: one highlighter per thread, languages loaded on first
// use, the Oniguruma engine (WebAssembly: measured faster than the JavaScript engines on real
// content, with its many embedded grammars), light and dark colours emitted together (the dark
// ones as CSS variables).

export const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', '']);

export interface HighlightJob {
  code: string;
  /** Grammar id ("typescript") or "text". */
  lang: string;
  /** As written in the fence ("ts"), for data-language. */
  written: string;
  highlight: number[];
}

let highlighter: Promise<Highlighter> | undefined;
const loading = new Map<string, Promise<void>>();

interface Highlighter {
  core: HighlighterCore;
  /** One tokenization for both themes, when their rules allow it (see dualThemeCodec). */
  codec: DualThemeCodec | undefined;
}

async function getHighlighter(): Promise<Highlighter> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createOnigurumaEngine }, { light, dark }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/oniguruma'),
      loadThemes(),
    ]);
    const codec = dualThemeCodec(light, dark);
    const themes = [light, dark, ...(codec ? [codec.theme] : [])];
    const core = await createHighlighterCore({ themes: themes as never, langs: [], engine: createOnigurumaEngine(onigWasm()) });
    return { core, codec };
  })();
  return highlighter;
}

/**
 * Oniguruma's WebAssembly, instantiated from shiki's `onig.wasm`. Its default import inlines the
 * binary gzipped in base64, and unpacking that through web streams (and the `Response` check of
 * other forms, which loads Node's fetch) is a noticeable part of a worker's start (bench/README.md).
 * The inlined copy stays the fallback.
 */
async function onigWasm(): Promise<{ instantiator: WebAssemblyInstantiator } | { default: WebAssemblyInstantiator }> {
  try {
    const bytes = await readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'));
    // (This project's TypeScript libraries declare no WebAssembly global.)
    const wasm = (globalThis as unknown as { WebAssembly: { instantiate(bytes: Uint8Array, imports: unknown): ReturnType<WebAssemblyInstantiator> } })
      .WebAssembly;
    return { instantiator: (imports) => wasm.instantiate(bytes, imports) };
  } catch {
    return import('shiki/wasm');
  }
}

/** Languages a grammar highlights inside itself only when they are loaded (markdown's fences). */
const lazyEmbedded = new Map<string, string[]>();

async function loadGrammar(h: HighlighterCore, id: string): Promise<void> {
  if (id === 'text' || h.getLoadedLanguages().includes(id)) return;
  let p = loading.get(id);
  if (!p) {
    p = import(`@shikijs/langs/${id}`).then((m: { default: { name: string; embeddedLangsLazy?: string[] }[] }) => {
      const own = m.default.find((g) => g.name === id) ?? m.default[m.default.length - 1];
      if (own?.embeddedLangsLazy?.length) lazyEmbedded.set(id, own.embeddedLangsLazy);
      return h.loadLanguage(m.default as never);
    });
    loading.set(id, p);
  }
  await p;
}

/**
 * The lazily embedded languages a block uses: the languages of its own fences and front matter,
 * TSX for MDX's imports and JSX, the HTML grammar when it holds tags. Loaded before the block is tokenized: an
 * embedded rule is compiled on first use and kept, so loading them later changes nothing, and
 * loading them only when another block needs them would make output depend on build order.
 */
function embeddedLanguagesOf(id: string, code: string): string[] {
  const lazy = lazyEmbedded.get(id);
  if (!lazy) return [];
  const wanted = new Set<string>();
  for (const m of code.matchAll(/^[\t ]*(?:`{3,}|~{3,})[\t ]*([\w#+.-]+)/gm)) {
    const lang = languageId(m[1]!.toLowerCase());
    if (lang) wanted.add(lang);
  }
  // Front matter: YAML between `---` lines, TOML between `+++` lines (MDX).
  if (/^---[\t ]*\r?\n/.test(code)) wanted.add('yaml');
  if (/^\+\+\+[\t ]*\r?\n/.test(code)) wanted.add('toml');
  if (id === 'mdx' && /^(?:import|export)\s|<[A-Z]/m.test(code)) wanted.add('tsx');
  if (/<[a-z!/]/i.test(code)) wanted.add('html-derivative');
  return [...wanted].filter((lang) => lazy.includes(lang));
}

async function loadGrammarsFor(h: HighlighterCore, id: string, code: string): Promise<void> {
  await Promise.all([loadGrammar(h, id), loadLanguageIndex()]);
  for (const lang of embeddedLanguagesOf(id, code)) await loadGrammar(h, lang);
}

/** Languages loaded so far (tests compare with a highlighter holding the same ones). */
export async function loadedLanguages(): Promise<string[]> {
  return (await getHighlighter()).core.getLoadedLanguages();
}

/** Highlights one block into `<pre class="shiki">…</pre>` HTML. */
export async function highlightJob(job: HighlightJob): Promise<string> {
  const { core, codec } = await getHighlighter();
  await loadGrammarsFor(core, job.lang, job.code);
  const highlight = new Set(job.highlight);
  let root: Root;
  if (codec) {
    root = dualThemeHast(core, codec, job.code, job.lang, highlight);
  } else {
    root = core.codeToHast(job.code, {
      lang: job.lang,
      themes: THEMES,
      defaultColor: 'light',
      tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS,
      transformers: [lineTransformer(highlight)],
    });
  }
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
    const [a, b] = range
      .trim()
      .split('-')
      .map((n) => Number.parseInt(n, 10));
    if (a === undefined || Number.isNaN(a)) continue;
    const end = b === undefined || Number.isNaN(b) ? a : Math.min(b, a + 10_000);
    for (let i = a; i <= end; i++) highlight.add(i);
  }
  return { title: title ? (title[1] ?? title[2] ?? title[3]) : undefined, highlight, showLineNumbers: /\bshowLineNumbers\b/.test(m) };
}
