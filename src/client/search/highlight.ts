/** A piece of text, marked when it is a match. */
export interface Segment {
  text: string;
  hit: boolean;
}

const isWordChar = (c: string | undefined): boolean => !!c && /[\p{L}\p{N}]/u.test(c);

/**
 * Splits `text` into segments, marking the words that start with one of `terms` (case-insensitive).
 * A term marks its own length: "track" in "Tracking" marks "Track".
 */
export function highlight(text: string, terms: readonly string[]): Segment[] {
  const wanted = [...new Set(terms.map((t) => t.toLowerCase()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!wanted.length || !text) return text ? [{ text, hit: false }] : [];
  const out: Segment[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const term = isWordChar(text[i - 1]) ? undefined : wanted.find((t) => text.slice(i, i + t.length).toLowerCase() === t);
    if (term) {
      if (plain) out.push({ text: plain, hit: false });
      plain = '';
      out.push({ text: text.slice(i, i + term.length), hit: true });
      i += term.length;
    } else {
      plain += text[i];
      i++;
    }
  }
  if (plain) out.push({ text: plain, hit: false });
  return out;
}
