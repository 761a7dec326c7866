import type { Html } from './api-model.js';

// Plain text out of HTML our renderers wrote (markdown-it, React, the OpenAPI descriptions), with
// regular expressions: its shapes are known, and a parser over every page of a large API would
// cost seconds.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text with its character references decoded: the named ones React, markdown-it and browsers write, and every numeric one. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+\d*);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The text a reader sees (search): scripts, styles, SVG and templates out, inline tags joining their words, a line break or a block's end a space. */
export function htmlToText(html: string): string {
  return (
    decodeEntities(
      html
        .replace(/<(script|style|svg|template)\b[\s\S]*?<\/\1>/gi, ' ')
        .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|td|th|pre|blockquote|dt|dd)>/gi, ' ')
        .replace(/<[^>]*>/g, ''),
    )
      // Whitespace runs to one space: a run that already is one (most of them) is left as it is.
      .replace(/\s{2,}|[^\S ]/g, ' ')
      .trim()
  );
}

/**
 * A description's summary (<meta> descriptions, short labels, exports): code blocks out, every tag
 * read as a space, cut at `limit` with an ellipsis; undefined when nothing is left.
 */
export function summaryText(html: Html | undefined, limit = 200): string | undefined {
  if (!html) return undefined;
  const text = decodeEntities(html.replace(/<pre[\s\S]*?<\/pre>/g, ' ').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  return text.length > limit ? `${text.slice(0, limit - 1).replace(/\s+\S*$/, '')}…` : text;
}
