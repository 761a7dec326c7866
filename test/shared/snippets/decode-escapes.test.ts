import { describe, expect, it } from 'vitest';
import { loadTarget, type SnippetTargetId } from '../../../src/shared/snippets/targets.js';
import { checkLiterals, type Checks } from './check.js';
import { literals, type Lang } from './decoders.js';
import { V, all, requestOf, type Case, type Values } from './fixtures.js';

// The samples of languages this machine has no runtime for: each string literal of the sample is
// decoded by its language's rules (decoders.ts, which throws on an interpolation left unescaped)
// and the decoded literals must carry the hostile values exactly: the URL's path and query, a
// header, the JSON body (strings, a key), form fields, a text body, a multipart field.

const ORIGIN = 'https://api.example.com';
const without = (v: string, ...parts: string[]): string => parts.reduce((s, p) => s.split(p).join(''), v);

interface DecodeTarget {
  lang: Lang;
  /** The values checked per case: the hostile ones, less a documented limitation. */
  values?: Partial<Record<Case, Partial<Values>>>;
  checks: Checks & { encodedForm?: boolean };
  skip?: Case[];
}

const TARGETS: Partial<Record<SnippetTargetId, DecodeTarget>> = {
  'go-native': { lang: 'go', checks: { jsonExact: true }, skip: ['multipart'] },
  'csharp-restsharp': { lang: 'csharp', checks: { jsonExact: true }, skip: ['multipart'] },
  'php-guzzle': { lang: 'php', checks: { jsonExact: true } },
  'ruby-native': { lang: 'ruby', values: { text: { text: without(V, '#{x}') } }, checks: { jsonExact: true }, skip: ['multipart'] },
  'kotlin-okhttp': {
    lang: 'kotlin',
    values: Object.fromEntries((['json', 'form', 'text'] as const).map((c) => [c, { header: without(V, '$HOME', '${x}'), text: without(V, '$HOME', '${x}') }])),
    checks: { jsonExact: true, encodedForm: true },
    skip: ['multipart'],
  },
  'powershell-restmethod': {
    lang: 'powershell',
    values: Object.fromEntries(
      (['json', 'form', 'text'] as const).map((c) => [c, { header: without(V, '$HOME', '${x}', '$(x)', '“', '”'), text: without(V, "'", '’') }]),
    ),
    checks: { jsonExact: true },
    skip: ['multipart'],
  },
  'swift-nsurlsession': {
    lang: 'swift',
    values: { form: { header: without(V, '\\') } },
    checks: { jsonExact: false },
    skip: ['json', 'text', 'multipart'],
  },
};

const sample = async (id: SnippetTargetId, kind: Case, v: Values): Promise<string> => (await loadTarget(id))(requestOf(kind, v, ORIGIN));

describe('code samples decoded by their language carry the values exactly', () => {
  for (const [id, t] of Object.entries(TARGETS) as [SnippetTargetId, DecodeTarget][]) {
    for (const kind of ['json', 'form', 'text', 'multipart'] as const) {
      if (t.skip?.includes(kind)) continue;
      it(`${id}: ${kind}`, async () => {
        const v = { ...all(V), ...t.values?.[kind] };
        const code = await sample(id, kind, v);
        checkLiterals(literals(code, t.lang), kind, v, t.checks);
      });
    }
  }

  it('swift-nsurlsession: JSON strings without a backslash or a line break', async () => {
    const v = { ...all(without(V, '\\', '\n')) };
    const lits = literals(await sample('swift-nsurlsession', 'json', v), 'swift');
    expect(lits.filter((l) => l === v.json)).toHaveLength(3);
  });
});

describe('the decoders', () => {
  it('read each language’s escapes and fail on interpolation', () => {
    expect(literals('"a\\tb\\u00f1\\U0001F600" `r\\n`', 'go')).toEqual(['a\tbñ😀', 'r\\n']);
    expect(() => literals('"a\\\'"', 'go')).toThrow(/unknown escape/);
    expect(literals(`'it\\'s \\n $x' "a\\$b"`, 'php')).toEqual(["it's \\n $x", 'a$b']);
    expect(() => literals('"a $b"', 'php')).toThrow(/interpolation/);
    expect(literals(`'a\\'b\\n' "\\#{x} \\u00f1"`, 'ruby')).toEqual(["a'b\\n", '#{x} ñ']);
    expect(() => literals('"#{x}"', 'ruby')).toThrow(/interpolation/);
    expect(() => literals('"#@x"', 'ruby')).toThrow(/interpolation/);
    expect(literals('"\\u{1F600}\\\\(x)"', 'swift')).toEqual(['😀\\(x)']);
    expect(() => literals('"\\(x)"', 'swift')).toThrow(/interpolation/);
    expect(() => literals('"a\nb"', 'swift')).toThrow(/line break/);
    expect(literals('"\\$a $ (b) $(c)"', 'kotlin')).toEqual(['$a $ (b) $(c)']);
    expect(() => literals('"${a}"', 'kotlin')).toThrow(/interpolation/);
    expect(() => literals('"$a"', 'kotlin')).toThrow(/interpolation/);
    expect(literals(`'it''s $x' "a\`"b\`$c"`, 'powershell')).toEqual(["it's $x", 'a"b$c']);
    expect(literals("'it’’s'", 'powershell')).toEqual(['it’s']);
    expect(() => literals('"$(x)"', 'powershell')).toThrow(/interpolation/);
    expect(() => literals('@"x"', 'csharp')).toThrow(/verbatim/);
    expect(literals('"a\\"\\u00f1"', 'csharp')).toEqual(['a"ñ']);
  });
});

describe('limitations of the targets, as documented', () => {
  it('kotlin-okhttp and powershell-restmethod: `$name`, `${…}` in a header value are left to interpolate', async () => {
    const v = { ...all('x'), header: 'a $HOME b' };
    await expect(sample('kotlin-okhttp', 'json', v).then((c) => literals(c, 'kotlin'))).rejects.toThrow(/interpolation/);
    await expect(sample('powershell-restmethod', 'json', v).then((c) => literals(c, 'powershell'))).rejects.toThrow(/interpolation/);
  });

  it('kotlin-okhttp: `$name` in a text body is left to interpolate; powershell-restmethod: a quote ends its text body', async () => {
    await expect(sample('kotlin-okhttp', 'text', all('a $HOME')).then((c) => literals(c, 'kotlin'))).rejects.toThrow(/interpolation/);
    await expect(sample('powershell-restmethod', 'text', all("it's")).then((c) => literals(c, 'powershell'))).rejects.toThrow(/unterminated/);
  });

  it('ruby-native: `#{…}` in a text body is left to interpolate; a tab in a header value is written as `\\t` in single quotes', async () => {
    await expect(sample('ruby-native', 'text', all('#{x}')).then((c) => literals(c, 'ruby'))).rejects.toThrow(/interpolation/);
    expect(literals(await sample('ruby-native', 'form', { ...all('x'), header: 'a\tb' }), 'ruby')).toContain('a\\tb');
  });

  it('swift-nsurlsession: backslashes and line breaks are not escaped, nulls and empty objects are mis-written', async () => {
    await expect(sample('swift-nsurlsession', 'form', { ...all('x'), header: '\\(x)' }).then((c) => literals(c, 'swift'))).rejects.toThrow(/interpolation/);
    await expect(sample('swift-nsurlsession', 'json', all('a\nb')).then((c) => literals(c, 'swift'))).rejects.toThrow(/line break/);
    const code = (await loadTarget('swift-nsurlsession'))({
      method: 'POST',
      url: ORIGIN,
      headers: [],
      body: { mediaType: 'application/json', text: '{"z": null, "o": {}}' },
    });
    expect(code).toContain('"z": ,');
    expect(code).toContain('"o": []');
  });

  it('the targets built on httpsnippet-lite drop the query of a URL whose path is `/`', async () => {
    const lite: SnippetTargetId[] = [
      'js-jquery',
      'go-native',
      'java-nethttp',
      'csharp-restsharp',
      'ruby-native',
      'swift-nsurlsession',
      'kotlin-okhttp',
      'powershell-restmethod',
      'shell-httpie',
      'shell-wget',
    ];
    for (const id of lite) expect((await loadTarget(id))({ method: 'GET', url: `${ORIGIN}/?q=1`, headers: [] }), id).not.toContain('q=1');
    expect((await loadTarget('go-native'))({ method: 'GET', url: `${ORIGIN}/v1/?q=1`, headers: [] })).toContain('q=1');
  });

  it('java-nethttp, csharp-restsharp, ruby-native, powershell-restmethod, shell-wget write no multipart body', async () => {
    for (const id of ['java-nethttp', 'csharp-restsharp', 'ruby-native', 'powershell-restmethod', 'shell-wget'] as const) {
      expect(await sample(id, 'multipart', { ...all('x'), form: 'field-value' }), id).not.toContain('field-value');
    }
  });

  it('go-native: a multipart file part calls os.Open without importing "os"', async () => {
    const code = await sample('go-native', 'multipart', all('x'));
    expect(code).toContain('os.Open("upload.txt")');
    expect(code).not.toContain('"os"');
  });
});
