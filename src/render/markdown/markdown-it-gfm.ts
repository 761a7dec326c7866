import type { MarkdownIt, StateInline, Token } from 'markdown-it';
import { matchAutolink } from './gfm-autolinks.js';

// The parts of GFM that markdown-it does otherwise than GitHub (and than remark-gfm, which MDX
// files use): strikethrough with one or two tildes, extended autolinks, and the tag filter's elements
// (dropped here, where GFM writes them as text).

/** markdown-it's delimiter list entry (its type is not exported). */
interface Delimiter {
  marker: number;
  length: number;
  token: number;
  end: number;
  open: boolean;
  close: boolean;
}

const TILDE = 0x7e;
/**
 * `~~` runs get a marker of their own, so markdown-it's delimiter matching pairs `~` with `~` and
 * `~~` with `~~` only, as GFM does (`~a~~` is no strikethrough).
 */
const DOUBLE_TILDE = 0x7e7e;

/** `~a~` and `~~a~~` (markdown-it knows only `~~`); three or more tildes are text. */
function strikethroughTokenize(state: StateInline, silent: boolean): boolean {
  if (silent || state.src.charCodeAt(state.pos) !== TILDE) return false;
  const scanned = state.scanDelims(state.pos, true);
  const run = '~'.repeat(scanned.length);
  const token = state.push('text', '', 0);
  token.content = run;
  if (scanned.length <= 2) {
    (state.delimiters as Delimiter[]).push({
      marker: scanned.length === 1 ? TILDE : DOUBLE_TILDE,
      length: 0,
      token: state.tokens.length - 1,
      end: -1,
      open: scanned.can_open,
      close: scanned.can_close,
    });
  }
  state.pos += scanned.length;
  return true;
}

function strikethroughPairs(state: StateInline, delimiters: Delimiter[]): void {
  for (const opener of delimiters) {
    if ((opener.marker !== TILDE && opener.marker !== DOUBLE_TILDE) || opener.end === -1) continue;
    const open = state.tokens[opener.token]!;
    const close = state.tokens[delimiters[opener.end]!.token]!;
    Object.assign(open, { type: 's_open', tag: 's', nesting: 1, markup: open.content, content: '' });
    Object.assign(close, { type: 's_close', tag: 's', nesting: -1, markup: close.content, content: '' });
  }
}

function strikethroughPostProcess(state: StateInline): boolean {
  strikethroughPairs(state, state.delimiters as Delimiter[]);
  for (const meta of state.tokens_meta) if (meta?.delimiters) strikethroughPairs(state, meta.delimiters as Delimiter[]);
  return false;
}

/** markdown-it's text rule stops at these characters (other rules start there). */
const TERMINATOR = new Uint8Array(128);
for (const c of '\n!#$%&*+-:<=>@[\\]^_`{}~') TERMINATOR[c.charCodeAt(0)] = 1;
const isTerminator = (code: number): boolean => code < 128 && TERMINATOR[code] === 1;
const isAlnum = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Whether a paragraph's text may hold an autolink at all (most do not): one test per paragraph. */
let lastSource = '';
let lastMayLink = false;
function mayLink(src: string): boolean {
  if (src !== lastSource) {
    lastSource = src;
    lastMayLink = /@|www\.|:\/\//i.test(src);
  }
  return lastMayLink;
}

/**
 * GFM's extended autolinks, found while the inline text is tokenized (as GitHub and micromark do),
 * so a link takes its `_` and `*` before emphasis sees them. Tried at each word start: where no
 * link starts, the text up to the next word start is left for the text rule.
 */
function autolink(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (state.linkLevel > 0 || isTerminator(src.charCodeAt(pos)) || !mayLink(src)) return false;
  const match = isAlnum(src.charCodeAt(pos)) ? matchAutolink(src, pos, src[pos - 1] ?? '', posMax) : undefined;
  if (match) {
    const written = src.slice(pos, match.end);
    if (!silent) {
      if (match.url === undefined) state.pending += written;
      else {
        const open = state.push('link_open', 'a', 1);
        open.attrs = [['href', state.md.normalizeLink(match.url)]];
        open.markup = 'linkify';
        open.info = 'auto';
        state.push('text', '', 0).content = written;
        state.push('link_close', 'a', -1).markup = 'linkify';
      }
    }
    state.pos = match.end;
    return true;
  }
  let next = pos + 1;
  while (next < posMax) {
    const code = src.charCodeAt(next);
    if (isTerminator(code) || (isAlnum(code) && !isAlnum(src.charCodeAt(next - 1)))) break;
    next++;
  }
  if (next >= posMax || isTerminator(src.charCodeAt(next))) return false;
  if (!silent) state.pending += src.slice(pos, next);
  state.pos = next;
  return true;
}

/**
 * Raw HTML elements content never keeps (GFM's tag filter list): the browser reads what they hold
 * as code or as text, to the end of the page when one is left open. GFM writes their `<` as text;
 * we drop each with what it holds (up to its end tag, else to the end of its HTML block or
 * paragraph) and leave an empty `<shipdocs-dropped data-tag>` in its place, which
 * rehype-drop-raw-text.ts reports at its position and removes.
 */
export const DROPPED_TAGS: readonly string[] = ['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext'];
export const DROPPED_PLACEHOLDER = 'shipdocs-dropped';
const TAGS = DROPPED_TAGS.join('|');
/** An element of those, to its end tag or to the end of the HTML block. */
const DROPPED_IN_BLOCK = new RegExp(`<(${TAGS})(?=[\\t\\n\\f\\r />])[^]*?(?:</\\1\\s*>|$(?![^]))`, 'gi');
const OPEN_TAG = new RegExp(`^<(${TAGS})(?=[\\t\\n\\f\\r />])`, 'i');
const placeholder = (tag: string): string => `<${DROPPED_PLACEHOLDER} data-tag="${tag.toLowerCase()}"></${DROPPED_PLACEHOLDER}>`;

function dropRawText(state: { tokens: Token[] }): boolean {
  for (const t of state.tokens) {
    if (t.type === 'html_block') t.content = t.content.replace(DROPPED_IN_BLOCK, (_, tag: string) => placeholder(tag));
    else if (t.type === 'inline' && t.children) t.children = dropInline(t.children);
  }
  return false;
}

/** Inline: an opening tag and everything after it up to its end tag, or to the paragraph's end. */
function dropInline(children: Token[]): Token[] {
  if (!children.some((c) => c.type === 'html_inline' && OPEN_TAG.test(c.content))) return children;
  const kept: Token[] = [];
  let open: string | undefined;
  for (const c of children) {
    if (open !== undefined) {
      if (c.type === 'html_inline' && new RegExp(`^</${open}\\s*>$`, 'i').test(c.content)) open = undefined;
      continue;
    }
    const m = c.type === 'html_inline' ? OPEN_TAG.exec(c.content) : null;
    if (m) {
      open = m[1]!.toLowerCase();
      // What the author wrote, for tokens-to-hast to find the tag's place in the source.
      c.meta = { ...(c.meta as object | null), written: c.content };
      c.content = placeholder(open);
    }
    kept.push(c);
  }
  return kept;
}

/**
 * Strikethrough and extended autolinks as GFM has them, and the raw HTML elements content never
 * keeps dropped (where GFM's tag filter writes them as text).
 */
export function markdownItGfm(md: MarkdownIt): void {
  md.inline.ruler.at('strikethrough', strikethroughTokenize);
  md.inline.ruler2.at('strikethrough', strikethroughPostProcess);
  md.inline.ruler.before('text', 'gfm_autolink', autolink);
  md.core.ruler.after('inline', 'drop_raw_text', dropRawText);
}
