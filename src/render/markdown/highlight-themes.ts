import type { Element, Root } from 'hast';
import type { HighlighterCore } from 'shiki/core';

// The two themes of highlighted code, light and dark, and how both come from one tokenization.

export const THEMES = { light: 'github-light', dark: 'github-dark' } as const;

/**
 * GitHub's token colours that read below WCAG AA (4.5:1) on our code blocks, on a plain line or on
 * a highlighted one (--sd-color-code-highlight: a 14 % teal tint in light mode, 16 % in dark),
 * each moved in lightness just far enough, hue and saturation kept: comments, strings' green,
 * keywords' red and the orange of variables (3.5:1) in light mode; comments (3.1:1), purple and
 * red in dark mode. Two rules style their text only over a background of their own, which shiki's
 * markup drops (a carriage return, an ignored diff line): they take that background's colour.
 * test/styles/code-contrast.test.ts checks every colour against the stylesheets.
 */
const READABLE: Record<keyof typeof THEMES, Record<string, string>> = {
  light: { '#6A737D': '#646D76', '#22863A': '#1F7C36', '#D73A49': '#CC2939', '#E36209': '#B24D07', '#FAFBFC': '#CC2939', '#F6F8FA': '#005CC5' },
  dark: { '#6A737D': '#A6ADB4', '#B392F0': '#BB9DF2', '#F97583': '#FA8B97', '#24292E': '#FA8B97', '#2F363D': '#79B8FF' },
};

/** Our two themes: GitHub's light and dark, with the colours of READABLE. */
export async function loadThemes(): Promise<{ light: RawTheme; dark: RawTheme }> {
  const [light, dark] = await Promise.all([import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')]);
  return { light: readable(light.default as RawTheme, READABLE.light), dark: readable(dark.default as RawTheme, READABLE.dark) };
}

function readable(theme: RawTheme, colors: Record<string, string>): RawTheme {
  const tokenColors = theme.tokenColors?.map((rule) => {
    const foreground = rule.settings.foreground;
    return foreground === undefined ? rule : { ...rule, settings: { ...rule.settings, foreground: colors[foreground.toUpperCase()] ?? foreground } };
  });
  return { ...theme, tokenColors };
}

/**
 * How long one line may take to tokenize before shiki leaves the rest of it plain. Shiki's
 * default (500 ms) is reached by a grammar's first line on a busy machine (its expressions are
 * compiled then), which made the output depend on the machine's load; a line taking this long is
 * pathological.
 */
export const TOKENIZE_TIME_LIMIT_MS = 10_000;

// Light and dark colours at the cost of one theme. Shiki's dual-theme output tokenizes every block
// once per theme, and tokenizing is nearly all of highlighting (most of a code-heavy site's cold
// build). Our two themes have the same rules, in the same order, with the same font styles; only
// colours differ. A third theme with those rules, giving rule i a colour of its own, makes one
// tokenization tell which rule styled each token: its light and dark colours follow. The output is
// shiki's dual-theme markup (`color:<light>;--shiki-dark:<dark>`), adjacent equal spans merged.
// Themes that do not pair up this way are highlighted by shiki's dual-theme path.

export interface RawTheme {
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
  return [`color:${light}`, ...font.map(([k, v]) => `--shiki-light-${k}:${v}`), `--shiki-dark:${dark}`, ...font.map(([k, v]) => `--shiki-dark-${k}:${v}`)].join(
    ';',
  );
}

export function dualThemeHast(core: HighlighterCore, codec: DualThemeCodec, source: string, lang: string, highlight: Set<number>): Root {
  const lines = core.codeToTokensBase(source, { lang: lang as never, theme: CODEC_THEME as never, tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS });
  const code: Element = { type: 'element', tagName: 'code', properties: {}, children: [] };
  lines.forEach((tokens, i) => {
    if (i) code.children.push({ type: 'text', value: '\n' });
    const line: Element = {
      type: 'element',
      tagName: 'span',
      properties: { className: highlight.has(i + 1) ? ['line', 'highlighted'] : ['line'] },
      children: [],
    };
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
  const pre: Element = {
    type: 'element',
    tagName: 'pre',
    properties: { className: ['shiki', 'shiki-themes', THEMES.light, THEMES.dark], style: codec.preStyle, tabIndex: 0 },
    children: [code],
  };
  return { type: 'root', children: [pre] };
}
