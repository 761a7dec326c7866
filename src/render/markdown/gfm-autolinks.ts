// GFM's extended autolinks (GFM spec, "Autolinks (extension)"): `www.` hosts, `http(s)://` URLs,
// e-mail addresses and `mailto:`/`xmpp:` addresses written as plain text. The rules follow
// micromark-extension-gfm-autolink-literal's tokenizer (what remark-gfm does for MDX): which
// character may come before a link, what a domain is, how trailing punctuation, unbalanced `)` and
// entity-like `&x;` endings are left out. The `.md` parser scans its source with them
// (markdown-it-gfm.ts), and MDX uses them where remark-gfm is not GFM (`mailto:` and `xmpp:`,
// remark-gfm-autolinks.ts), so both kinds of page link the same text.
// `xmpp:` addresses are found only so that they stay text: content may link to http, https and
// mailto only (HARDENING.md).

export interface AutolinkMatch {
  /** Where the address ends (exclusive). */
  end: number;
  /** The link's URL; undefined for an address that stays text (`xmpp:`). */
  url: string | undefined;
}

// Character tests on char codes: the `.md` parser runs them at every word start of a paragraph
// that may hold a link.
const isAsciiAlphaCode = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isAsciiAlnumCode = (c: number): boolean => isAsciiAlphaCode(c) || (c >= 48 && c <= 57);
/** The characters of an e-mail address's local part: letters, digits, `+`, `-`, `.`, `_`. */
const isAtextCode = (c: number): boolean => isAsciiAlnumCode(c) || c === 43 || c === 45 || c === 46 || c === 95;
const isAsciiAlpha = (c: string | undefined): boolean => c !== undefined && isAsciiAlphaCode(c.charCodeAt(0));
const isAsciiAlnum = (c: string | undefined): boolean => c !== undefined && isAsciiAlnumCode(c.charCodeAt(0));
const isAtext = (c: string | undefined): boolean => c !== undefined && c !== '' && isAtextCode(c.charCodeAt(0));
/** Undefined (the end) counts as space. */
const isSpace = (c: string | undefined): boolean => {
  if (c === undefined) return true;
  const code = c.charCodeAt(0);
  return code < 128 ? code === 32 || (code >= 9 && code <= 13) : /^\s$/u.test(c);
};
/** Unicode punctuation and symbols, as micromark counts them (ASCII ones by code). */
const isPunctuation = (c: string | undefined): boolean => {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  if (code < 128) return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
  return /^[\p{P}\p{S}]$/u.test(c);
};

/** Punctuation that ends a link when only more of it (and spaces) follows. */
const TRAIL = new Set(['!', '"', "'", ')', '*', ',', '.', ':', ';', '?', '_', '~']);
/** Punctuation inside a path that may be the start of its trail. */
const PATH_STOP = new Set([...TRAIL, '&', '<', ']']);

/** Whether `s[i..end)` is a trail: trailing punctuation (or `&name;`, or `]`) up to a space, `<` or the end. */
function isTrail(s: string, i: number, end: number): boolean {
  while (i < end) {
    const c = s[i]!;
    if (c === '<' || isSpace(c)) return true;
    if (TRAIL.has(c)) i++;
    else if (c === '&') {
      // `&hl;` at the end looks like a character reference: it is not part of the link.
      let j = i + 1;
      if (!isAsciiAlpha(s[j])) return false;
      while (j < end && isAsciiAlpha(s[j])) j++;
      if (s[j] !== ';' || j >= end) return false;
      i = j + 1;
    } else if (c === ']') {
      i++;
      const next = i < end ? s[i] : undefined;
      if (next === undefined || next === '(' || next === '[' || isSpace(next)) return true;
    } else return false;
  }
  return true;
}

/** The end of a valid domain at `i` (no `_` in its last two labels), or -1. */
function domainEnd(s: string, i: number, end: number): number {
  let seen = false;
  let underscoreInLast = false;
  let underscoreInLastButOne = false;
  for (; i < end; i++) {
    const c = s[i]!;
    if (c === '.' || c === '_') {
      if (isTrail(s, i, end)) break;
      if (c === '_') underscoreInLast = true;
      else {
        underscoreInLastButOne = underscoreInLast;
        underscoreInLast = false;
      }
      continue;
    }
    if (isSpace(c) || (c !== '-' && isPunctuation(c))) break;
    seen = true;
  }
  return seen && !underscoreInLast && !underscoreInLastButOne ? i : -1;
}

/** The end of the path after a domain: up to a space, less its trail, with `)` kept only while balanced. */
function pathEnd(s: string, i: number, end: number): number {
  let open = 0;
  let closed = 0;
  for (; i < end; i++) {
    const c = s[i]!;
    if (isSpace(c)) break;
    if (c === '(') open++;
    else if (c === ')' && closed < open) closed++;
    else if (PATH_STOP.has(c) && isTrail(s, i, end)) break;
    else if (c === ')') closed++;
  }
  return i;
}

/** The end of an e-mail address at `i` (`local@domain.tld`), or -1. */
function emailEnd(s: string, i: number, end: number): number {
  let j = i;
  while (j < end && isAtextCode(s.charCodeAt(j))) j++;
  if (j === i || s[j] !== '@') return -1;
  j++;
  let label = false;
  let dot = false;
  for (; j < end; j++) {
    const c = s[j];
    if (c === '.') {
      // A dot is part of the domain only when a label follows; `a@b.c.` ends before it.
      if (j + 1 >= end || !isAsciiAlnum(s[j + 1])) break;
      dot = true;
    } else if (c === '-' || c === '_' || isAsciiAlnum(c)) label = true;
    else break;
  }
  // The address must end with a letter: `a@b.c-`, `a@b.c_` and `a@b.c1` are not addresses.
  return label && dot && isAsciiAlpha(s[j - 1]) ? j : -1;
}

/** The autolink starting at `s[i]`, given the character before it (`''` at the start of the text). */
export function matchAutolink(s: string, i: number, previous: string, end = s.length): AutolinkMatch | undefined {
  const c = s.charCodeAt(i);
  if (!isAsciiAlnumCode(c)) return undefined;
  // An address may not continue a word, a path (`/`) or another address.
  if (previous !== '/' && !isAtext(previous)) {
    let j = i;
    while (j < end && isAtextCode(s.charCodeAt(j))) j++;
    if (s[j] === '@') {
      const e = emailEnd(s, i, end);
      if (e >= 0) return { end: e, url: `mailto:${s.slice(i, e)}` };
    } else if (s[j] === ':') {
      const scheme = s.slice(i, j).toLowerCase();
      const address = scheme === 'mailto' || scheme === 'xmpp' ? emailEnd(s, j + 1, end) : -1;
      if (address >= 0) return scheme === 'mailto' ? { end: address, url: s.slice(i, address) } : { end: xmppResourceEnd(s, address, end), url: undefined };
    }
  }
  if ((c === 87 || c === 119) && s.slice(i, i + 4).toLowerCase() === 'www.' && i + 4 < end) {
    if (previous === '' || isSpace(previous) || '(*_[]~'.includes(previous)) {
      const d = domainEnd(s, i, end);
      if (d >= 0) {
        const p = pathEnd(s, d, end);
        return { end: p, url: `http://${s.slice(i, p)}` };
      }
    }
  }
  if ((c === 72 || c === 104) && !isAsciiAlpha(previous)) {
    const scheme = /^https?:\/\//i.exec(s.slice(i, i + 8))?.[0];
    const after = scheme ? s[i + scheme.length] : undefined;
    if (scheme && i + scheme.length < end && !isSpace(after) && !isPunctuation(after) && !/[\u0000-\u001f\u007f]/.test(after!)) {
      const d = domainEnd(s, i + scheme.length, end);
      if (d >= 0) {
        const p = pathEnd(s, d, end);
        return { end: p, url: s.slice(i, p) };
      }
    }
  }
  return undefined;
}

/** `xmpp:a@b.c/resource`: the resource is letters, digits, `@` and `.`, without a final `.`. */
function xmppResourceEnd(s: string, i: number, end: number): number {
  if (s[i] !== '/') return i;
  let j = i + 1;
  while (j < end && /^[A-Za-z0-9@.]$/.test(s[j]!)) j++;
  while (j > i + 1 && s[j - 1] === '.') j--;
  return j > i + 1 ? j : i;
}

export type AutolinkSegment = { type: 'text'; value: string } | { type: 'link'; url: string; value: string };

/** A text split into plain text and autolinks; `previous` is the character before it. */
export function findAutolinks(text: string, previous: string): AutolinkSegment[] {
  const out: AutolinkSegment[] = [];
  let plain = 0;
  for (let i = 0; i < text.length;) {
    const match = matchAutolink(text, i, i > 0 ? text[i - 1]! : previous);
    if (!match) {
      i++;
      continue;
    }
    if (match.url !== undefined) {
      if (i > plain) out.push({ type: 'text', value: text.slice(plain, i) });
      out.push({ type: 'link', url: match.url, value: text.slice(i, match.end) });
      plain = match.end;
    }
    i = match.end;
  }
  if (plain < text.length) out.push({ type: 'text', value: text.slice(plain) });
  return out;
}
