import type { MarkdownIt, Token } from 'markdown-it';
import type { Element } from 'hast';

// Source positions of the hast built from markdown-it tokens (tokens-to-hast.ts): blocks carry
// their lines; links, images and raw HTML are found in their block's source text, so diagnostics
// name the line and column of the `[`.

type Position = NonNullable<Element['position']>;

/** Where the converter is in the source. */
export interface SourceState {
  md: MarkdownIt;
  source: string;
  /** Offset of each line's first character in the source. */
  lineStarts: number[];
  /**
   * The block being converted, as offsets into the source (for locating links in it): where it
   * starts and ends, its first line, and where the next search starts.
   */
  region: { start: number; end: number; line: number; cursor: number };
}

function point(state: SourceState, line: number, column: number): Position['start'] {
  return { line, column, offset: (state.lineStarts[line - 1] ?? 0) + column - 1 };
}

export function blockPosition(t: Token, state: SourceState): Position | undefined {
  return t.map ? { start: point(state, t.map[0] + 1, 1), end: point(state, t.map[1] + 1, 1) } : undefined;
}

/** Where a piece of inline source text (raw HTML) starts in its block. */
export function locateText(state: SourceState, text: string): Position {
  const at = find(state, text);
  if (at < 0) return regionStart(state);
  state.region.cursor = at + text.length;
  return pointAt(state, at);
}

/** Offset of `text` in the current block, from its cursor on; -1 when not there. */
function find(state: SourceState, text: string): number {
  const at = state.source.indexOf(text, state.region.cursor);
  return at >= 0 && at + text.length <= state.region.end ? at : -1;
}

/** The position of a source offset: its line by binary search over the line starts. */
function pointAt(state: SourceState, at: number): Position {
  const starts = state.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  const start = point(state, lo + 1, at - starts[lo]! + 1);
  return { start, end: start };
}

export function regionStart(state: SourceState): Position {
  const start = point(state, state.region.line, 1);
  return { start, end: start };
}

/**
 * Where a link or image written with `url` starts (the `[` or `![`), searching the block's source
 * from the previous match on; the block's first line when it cannot be found (reference links).
 */
export function locate(state: SourceState, url: string): Position {
  let at = -1;
  let needle = '';
  for (const c of [state.md.normalizeLinkText(url), url]) {
    if (!c) continue;
    at = find(state, c);
    if (at >= 0) {
      needle = c;
      break;
    }
  }
  if (at < 0) return regionStart(state);
  state.region.cursor = at + needle.length;
  let startAt = at;
  const text = state.source;
  if (text[at - 1] === '(' && text[at - 2] === ']') {
    let depth = 0;
    for (let k = at - 2; k >= state.region.start; k--) {
      if (text[k] === ']') depth++;
      else if (text[k] === '[' && --depth === 0) {
        startAt = k > state.region.start && text[k - 1] === '!' ? k - 1 : k;
        break;
      }
    }
  } else if (text[at - 1] === '<') {
    startAt = at - 1;
  }
  return pointAt(state, startAt);
}
