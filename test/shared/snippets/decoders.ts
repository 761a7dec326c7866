// The string literals of a code sample, decoded by the rules of its language: for the languages
// this machine cannot run. Each decoder reads the literals the targets write (double-quoted with
// backslash escapes, single-quoted where the language has them) and throws on what would make the
// literal mean something else: an interpolation left unescaped, an escape the language rejects, a
// line break where the literal cannot hold one, or a kind of literal it does not know.

export type Lang = 'go' | 'csharp' | 'php' | 'ruby' | 'swift' | 'kotlin' | 'powershell';

/** Every string literal of `code`, decoded. */
export function literals(code: string, lang: Lang): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    const start = STARTS[lang](code, i);
    if (start) {
      const [value, end] = start(code, i);
      out.push(value);
      i = end;
    } else i += c.length;
  }
  return out;
}

type Reader = (code: string, at: number) => [value: string, end: number];

const fail = (lang: string, code: string, at: number, what: string): never => {
  throw new Error(`${lang}: ${what} at ${JSON.stringify(code.slice(Math.max(0, at - 20), at + 20))}`);
};

/** `c` is one of the characters of `set` (not the end of the code). */
const oneOf = (set: string, c: string | undefined): boolean => c !== undefined && c.length === 1 && set.includes(c);

const hex = (code: string, at: number, n: number, lang: string): number => {
  const h = code.slice(at, at + n);
  if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(h)) fail(lang, code, at, 'bad hex escape');
  return parseInt(h, 16);
};

/** `\u{1F600}` (Swift, Ruby, PHP, PowerShell with a backtick). */
const braced = (code: string, at: number, lang: string): [string, number] => {
  const m = /^\{([0-9a-fA-F]{1,8})\}/.exec(code.slice(at));
  if (!m) return fail(lang, code, at, 'bad \\u{…} escape');
  return [String.fromCodePoint(parseInt(m[1]!, 16)), at + m[0].length];
};

/** Common simple escapes: the character after the escape character → what it stands for. */
const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', a: '\x07', '0': '\0', e: '\x1b', s: ' ' };

/**
 * A double-quoted literal with `\` escapes. `escapes` lists the simple escapes the language has
 * (besides `\\` and `\"`), `unicode` its unicode escapes, `interpolates` returns a message when the
 * text at a position would be interpolated, `unknown` what an escape the language does not know does.
 */
function doubleQuoted(opts: {
  lang: Lang;
  escapes: string;
  unicode: ('u4' | 'U8' | 'u{}')[];
  interpolates?: (code: string, at: number) => string | undefined;
  unknown: 'error' | 'char' | 'keep';
  newline: 'error' | 'keep';
}): Reader {
  const { lang } = opts;
  return (code, at) => {
    let s = '';
    let i = at + 1;
    for (;;) {
      if (i >= code.length) fail(lang, code, at, 'unterminated string');
      const c = code[i]!;
      if (c === '"') return [s, i + 1];
      if (c === '\n' && opts.newline === 'error') fail(lang, code, i, 'line break in a string literal');
      const interpolation = opts.interpolates?.(code, i);
      if (interpolation) fail(lang, code, i, interpolation);
      if (c !== '\\') {
        s += c;
        i++;
        continue;
      }
      const e = code[i + 1]!;
      if (e === '\\' || e === '"') ((s += e), (i += 2));
      else if (opts.escapes.includes(e)) ((s += SIMPLE[e] ?? e), (i += 2));
      else if (e === 'u' && opts.unicode.includes('u{}') && code[i + 2] === '{') {
        const [ch, end] = braced(code, i + 2, lang);
        ((s += ch), (i = end));
      } else if (e === 'u' && opts.unicode.includes('u4')) ((s += String.fromCharCode(hex(code, i + 2, 4, lang))), (i += 6));
      else if (e === 'U' && opts.unicode.includes('U8')) ((s += String.fromCodePoint(hex(code, i + 2, 8, lang))), (i += 10));
      else if (opts.unknown === 'char') ((s += e), (i += 2));
      else if (opts.unknown === 'keep') ((s += c + e), (i += 2));
      else fail(lang, code, i, `unknown escape \\${e}`);
    }
  };
}

/** A single-quoted literal where only the quote (and, `backslash`, the backslash) is escaped. */
function singleQuoted(lang: Lang, quotes: string, escape: 'backslash' | 'doubled'): Reader {
  return (code, at) => {
    let s = '';
    let i = at + 1;
    for (;;) {
      if (i >= code.length) fail(lang, code, at, 'unterminated string');
      const c = code[i]!;
      if (escape === 'backslash' && c === '\\' && (code[i + 1] === '\\' || code[i + 1] === "'")) ((s += code[i + 1]), (i += 2));
      else if (quotes.includes(c)) {
        if (escape === 'doubled' && oneOf(quotes, code[i + 1])) ((s += code[i + 1]), (i += 2));
        else return [s, i + 1];
      } else ((s += c), i++);
    }
  };
}

const identStart = /[A-Za-z_]/;

// Go: interpreted strings ("…", no line breaks) and raw strings (`…`, nothing escaped).
const goString = doubleQuoted({ lang: 'go', escapes: 'abfnrtv', unicode: ['u4', 'U8'], unknown: 'error', newline: 'error' });
const goRaw: Reader = (code, at) => {
  const end = code.indexOf('`', at + 1);
  if (end < 0) fail('go', code, at, 'unterminated raw string');
  return [code.slice(at + 1, end), end + 1];
};

// C#: regular strings only; verbatim (@"…"), interpolated ($"…") and raw ("""…""") strings are not expected.
const csharpString = doubleQuoted({ lang: 'csharp', escapes: 'abfnrtv0', unicode: ['u4', 'U8'], unknown: 'error', newline: 'error' });

// PHP: '…' (only \\ and \'), "…" (escapes, and $name / {$ interpolated).
const phpDouble = doubleQuoted({
  lang: 'php',
  escapes: 'nrtvef$',
  unicode: ['u{}'],
  unknown: 'keep',
  newline: 'keep',
  interpolates: (code, at) => ((code[at] === '$' && identStart.test(code[at + 1] ?? '')) || code.startsWith('{$', at) ? 'unescaped interpolation' : undefined),
});

// Ruby: '…' (only \\ and \'), "…" (escapes; #{…}, #@var and #$var interpolated; an unknown escape is the character).
const rubyDouble = doubleQuoted({
  lang: 'ruby',
  escapes: 'ntrsfvabe0',
  unicode: ['u4', 'u{}'],
  unknown: 'char',
  newline: 'keep',
  interpolates: (code, at) => (code[at] === '#' && oneOf('{@$', code[at + 1]) ? 'unescaped interpolation' : undefined),
});

// Swift: "…" with \0 \\ \t \n \r \" \' \u{…}; \( interpolates; no line breaks; """…""" not expected.
const swiftString = doubleQuoted({
  lang: 'swift',
  escapes: "0tnr'",
  unicode: ['u{}'],
  unknown: 'error',
  newline: 'error',
  interpolates: (code, at) => (code.startsWith('\\(', at) ? 'unescaped interpolation' : undefined),
});

// Kotlin: "…" with \t \b \n \r \' \" \\ \$ \uXXXX; $name and ${…} interpolate; no line breaks.
const kotlinString = doubleQuoted({
  lang: 'kotlin',
  escapes: "tbnr'$",
  unicode: ['u4'],
  unknown: 'error',
  newline: 'error',
  interpolates: (code, at) => (code[at] === '$' && /[A-Za-z_{]/.test(code[at + 1] ?? '') ? 'unescaped interpolation' : undefined),
});

// PowerShell: '…' (only '' escapes a quote; typographic single quotes are quotes too) and "…"
// (backtick escapes, "" for a quote, typographic double quotes are quotes; $name, ${…}, $(…) interpolate).
const PS_SINGLE = "'\u2018\u2019\u201a\u201b";
const PS_DOUBLE = '"\u201c\u201d\u201e';
const PS_BACKTICK: Record<string, string> = { '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const psDouble: Reader = (code, at) => {
  let s = '';
  let i = at + 1;
  for (;;) {
    if (i >= code.length) fail('powershell', code, at, 'unterminated string');
    const c = code[i]!;
    if (PS_DOUBLE.includes(c)) {
      if (oneOf(PS_DOUBLE, code[i + 1])) ((s += code[i + 1]), (i += 2));
      else return [s, i + 1];
    } else if (c === '$' && /[A-Za-z_?^{(:]/.test(code[i + 1] ?? '')) fail('powershell', code, i, 'unescaped interpolation');
    else if (c === '`') {
      const e = code[i + 1]!;
      if (e === 'u' && code[i + 2] === '{') {
        const [ch, end] = braced(code, i + 2, 'powershell');
        ((s += ch), (i = end));
      } else ((s += PS_BACKTICK[e] ?? e), (i += 2));
    } else ((s += c), i++);
  }
};

type Start = (code: string, at: number) => Reader | undefined;
const by =
  (table: Record<string, Reader>): Start =>
  (code, at) =>
    table[code[at]!];

const STARTS: Record<Lang, Start> = {
  go: by({ '"': goString, '`': goRaw }),
  csharp: (code, at) => {
    if (code[at] !== '"') return undefined;
    if (code.startsWith('"""', at) || oneOf('@$', code[at - 1])) fail('csharp', code, at, 'verbatim, interpolated or raw string');
    return csharpString;
  },
  php: by({ "'": singleQuoted('php', "'", 'backslash'), '"': phpDouble }),
  ruby: by({ "'": singleQuoted('ruby', "'", 'backslash'), '"': rubyDouble }),
  swift: (code, at) => {
    if (code[at] !== '"') return undefined;
    if (code.startsWith('"""', at)) fail('swift', code, at, 'multi-line string');
    return swiftString;
  },
  kotlin: (code, at) => {
    if (code[at] !== '"') return undefined;
    if (code.startsWith('"""', at)) fail('kotlin', code, at, 'raw string');
    return kotlinString;
  },
  powershell: (code, at) => {
    const c = code[at]!;
    if (PS_SINGLE.includes(c)) return singleQuoted('powershell', PS_SINGLE, 'doubled');
    if (PS_DOUBLE.includes(c)) return psDouble;
    return undefined;
  },
};
