import { escapeText } from './html-escape.js';

// Pretty JSON → HTML with token classes (keys, strings, numbers, literals). A tiny lexer instead
// of the site's highlighter: API pages can hold many examples and this costs nothing. Lenient, so a
// shortened example (no longer valid JSON) still colours; everything outside tokens is escaped.

const TOKEN = /("(?:[^"\\\n]|\\.)*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

export function highlightJson(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index;
    out += escapeText(text.slice(last, at));
    if (m[1] !== undefined) {
      out += `<span class="${m[2] !== undefined ? 'j-k' : 'j-s'}">${escapeText(m[1])}</span>${m[2] !== undefined ? escapeText(m[2]) : ''}`;
    } else if (m[3] !== undefined) {
      out += `<span class="j-l">${m[3]}</span>`;
    } else {
      out += `<span class="j-n">${m[4]}</span>`;
    }
    last = at + m[0].length;
  }
  return out + escapeText(text.slice(last));
}
