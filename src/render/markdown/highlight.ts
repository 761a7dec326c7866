import type { Element, Root } from 'hast';
import type { HighlighterCore, ShikiTransformer } from 'shiki/core';
import type { WebAssemblyInstantiator } from 'shiki/types';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { toHtml } from 'hast-util-to-html';

// Build-time syntax highlighting with shiki: one highlighter per thread, languages loaded on first
// use, the Oniguruma engine (WebAssembly: measured faster than the JavaScript engines on real
// content, with its many embedded grammars), light and dark colours emitted together (the dark
// ones as CSS variables).

export const THEMES = { light: 'github-light', dark: 'github-dark' } as const;

/**
 * How long one line may take to tokenize before shiki leaves the rest of it plain. Shiki's
 * default (500 ms) is reached by a grammar's first line on a busy machine (its expressions are
 * compiled then), which made the output depend on the machine's load; a line taking this long is
 * pathological.
 */
const TOKENIZE_TIME_LIMIT_MS = 10_000;
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
    const [{ createHighlighterCore }, { createOnigurumaEngine }, light, dark] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/oniguruma'),
      import('@shikijs/themes/github-light'),
      import('@shikijs/themes/github-dark'),
    ]);
    const codec = dualThemeCodec(light.default as RawTheme, dark.default as RawTheme);
    const themes = [light.default, dark.default, ...(codec ? [codec.theme] : [])];
    const core = await createHighlighterCore({ themes: themes as never, langs: [], engine: createOnigurumaEngine(onigWasm()) });
    return { core, codec };
  })();
  return highlighter;
}

/**
 * Oniguruma's WebAssembly, instantiated from shiki's `onig.wasm`. Its default import inlines the
 * binary gzipped in base64, and unpacking that through web streams (and the `Response` check of
 * other forms, which loads Node's fetch) cost each highlight worker 50-100 ms. The inlined copy
 * stays the fallback.
 */
async function onigWasm(): Promise<{ instantiator: WebAssemblyInstantiator } | { default: WebAssemblyInstantiator }> {
  try {
    const bytes = await readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'));
    // (This project's TypeScript libraries declare no WebAssembly global.)
    const wasm = (globalThis as unknown as { WebAssembly: { instantiate(bytes: Uint8Array, imports: unknown): ReturnType<WebAssemblyInstantiator> } }).WebAssembly;
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
export function embeddedLanguagesOf(id: string, code: string): string[] {
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
    root = core.codeToHast(job.code, { lang: job.lang, themes: THEMES, defaultColor: 'light', tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS, transformers: [lineTransformer(highlight)] });
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

// Light and dark colours at the cost of one theme. Shiki's dual-theme output tokenizes every block
// once per theme, and tokenizing is nearly all of highlighting (2 ms a block: seconds on a large
// site). Our two themes have the same rules, in the same order, with the same font styles; only
// colours differ. A third theme with those rules, giving rule i a colour of its own, makes one
// tokenization tell which rule styled each token: its light and dark colours follow. The output is
// shiki's dual-theme markup (`color:<light>;--shiki-dark:<dark>`), adjacent equal spans merged.
// Themes that do not pair up this way are highlighted by shiki's dual-theme path.

interface RawTheme {
  name: string;
  colors?: Record<string, string>;
  tokenColors?: { scope?: string | string[]; settings: { foreground?: string; background?: string; fontStyle?: string } }[];
}

export interface DualThemeCodec {
  theme: RawTheme;
  /** Encoded colour (upper case) → the two themes' colours. */
  decode: Map<string, { light: string; dark: string }>;
  /** The `pre` element's style: both themes' backgrounds and foregrounds. */
  preStyle: string;
}

const CODEC_THEME = 'shipdocs-dual-codec';
const codeColor = (i: number): string => `#${(0x100000 + i).toString(16).toUpperCase()}`;

/** The codec for two themes, or undefined when their rules differ in more than colours. */
export function dualThemeCodec(light: RawTheme, dark: RawTheme): DualThemeCodec | undefined {
  const a = light.tokenColors ?? [];
  const b = dark.tokenColors ?? [];
  const scopes = (s: string | string[] | undefined): string => JSON.stringify(Array.isArray(s) ? s : (s ?? '').split(',').map((x) => x.trim()));
  if (a.length !== b.length) return undefined;
  const decode = new Map<string, { light: string; dark: string }>();
  const fg = (t: RawTheme): string | undefined => t.colors?.['editor.foreground'];
  const bg = (t: RawTheme): string | undefined => t.colors?.['editor.background'];
  const lightFg = fg(light);
  const darkFg = fg(dark);
  if (!lightFg || !darkFg || !bg(light) || !bg(dark)) return undefined;
  // Token colours upper case, as shiki's colour map writes them.
  decode.set(codeColor(0), { light: lightFg.toUpperCase(), dark: darkFg.toUpperCase() });
  const rules: NonNullable<RawTheme['tokenColors']> = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (scopes(x.scope) !== scopes(y.scope) || (x.settings.fontStyle ?? '') !== (y.settings.fontStyle ?? '')) return undefined;
    if ((x.settings.foreground === undefined) !== (y.settings.foreground === undefined)) return undefined;
    // Token backgrounds never reach shiki's markup (only colours and font styles do).
    const { background: _background, ...settings } = x.settings;
    if (x.settings.foreground !== undefined) {
      settings.foreground = codeColor(i + 1);
      decode.set(codeColor(i + 1), { light: x.settings.foreground.toUpperCase(), dark: y.settings.foreground!.toUpperCase() });
    }
    rules.push({ ...(x.scope === undefined ? {} : { scope: x.scope }), settings });
  }
  const theme: RawTheme = { name: CODEC_THEME, colors: { 'editor.foreground': codeColor(0), 'editor.background': bg(light)! }, tokenColors: rules };
  return { theme, decode, preStyle: `background-color:${bg(light)};--shiki-dark-bg:${bg(dark)};color:${lightFg};--shiki-dark:${darkFg}` };
}

const FONT_ITALIC = 1;
const FONT_BOLD = 2;
const FONT_UNDERLINE = 4;
const FONT_STRIKETHROUGH = 8;

/** A token's style as shiki writes it for two themes (light as the default colour). */
function dualStyle(light: string, dark: string, fontStyle: number): string {
  const font: [string, string][] = [];
  if (fontStyle & FONT_ITALIC) font.push(['font-style', 'italic']);
  if (fontStyle & FONT_BOLD) font.push(['font-weight', 'bold']);
  const decorations = [fontStyle & FONT_UNDERLINE ? 'underline' : '', fontStyle & FONT_STRIKETHROUGH ? 'line-through' : ''].filter(Boolean);
  if (decorations.length) font.push(['text-decoration', decorations.join(' ')]);
  return [`color:${light}`, ...font.map(([k, v]) => `--shiki-light-${k}:${v}`), `--shiki-dark:${dark}`, ...font.map(([k, v]) => `--shiki-dark-${k}:${v}`)].join(';');
}

function dualThemeHast(core: HighlighterCore, codec: DualThemeCodec, source: string, lang: string, highlight: Set<number>): Root {
  const lines = core.codeToTokensBase(source, { lang: lang as never, theme: CODEC_THEME as never, tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS });
  const code: Element = { type: 'element', tagName: 'code', properties: {}, children: [] };
  lines.forEach((tokens, i) => {
    if (i) code.children.push({ type: 'text', value: '\n' });
    const line: Element = { type: 'element', tagName: 'span', properties: { className: highlight.has(i + 1) ? ['line', 'highlighted'] : ['line'] }, children: [] };
    let carry = '';
    let last: { style: string; node: Element } | undefined;
    tokens.forEach((token, j) => {
      const decorated = (token.fontStyle ?? 0) & (FONT_UNDERLINE | FONT_STRIKETHROUGH);
      // Like shiki: whitespace takes the style of the token after it.
      if (!decorated && /^\s+$/.test(token.content) && j < tokens.length - 1) {
        carry += token.content;
        return;
      }
      const colors = token.color ? codec.decode.get(token.color.toUpperCase()) : undefined;
      const style = colors ? dualStyle(colors.light, colors.dark, token.fontStyle ?? 0) : '';
      const text = carry + token.content;
      carry = '';
      if (last && last.style === style && !decorated) {
        (last.node.children[0] as { value: string }).value += text;
        return;
      }
      const node: Element = { type: 'element', tagName: 'span', properties: style ? { style } : {}, children: [{ type: 'text', value: text }] };
      line.children.push(node);
      last = decorated ? undefined : { style, node };
    });
    code.children.push(line);
  });
  const pre: Element = { type: 'element', tagName: 'pre', properties: { className: ['shiki', 'shiki-themes', THEMES.light, THEMES.dark], style: codec.preStyle, tabIndex: 0 }, children: [code] };
  return { type: 'root', children: [pre] };
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

export type { Root };
