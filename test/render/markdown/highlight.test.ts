// Highlighting with one tokenization for both themes must show exactly what shiki's dual-theme
// output shows: the same characters, in the same light and dark colours and font styles.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { highlightJob, languageId, loadedLanguages, loadLanguageIndex } from '../../../src/render/markdown/highlight.js';
import { dualThemeCodec, loadThemes, THEMES } from '../../../src/render/markdown/highlight-themes.js';
import { REPO } from '../../helpers/fixtures.js';

/** Per line, per character: its style ('' for whitespace, which no theme paints here). */
function visible(html: string): { pre: string; lines: { cls: string; chars: string[] }[] } {
  const pre = /<pre [^>]*>/.exec(html)![0].replace(/ data-language="[^"]*"/, '');
  const lines = [...html.matchAll(/<span class="(line[^"]*)">([\s\S]*?)<\/span>(?=\n|<\/code>)/g)].map((m) => {
    const chars: string[] = [];
    for (const span of m[2]!.matchAll(/<span(?: style="([^"]*)")?>([^<]*)<\/span>/g)) {
      const text = span[2]!
        .replace(/&#x3C;/g, '<')
        .replace(/&#x26;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'");
      for (const ch of text) chars.push(/\s/.test(ch) ? '' : (span[1] ?? ''));
    }
    return { cls: m[1]!, chars };
  });
  return { pre, lines };
}

function codeBlocks(): { code: string; lang: string }[] {
  const blocks: { code: string; lang: string }[] = [];
  const dir = join(REPO, 'content');
  for (const f of readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.mdx?$/.test(f))) {
    const text = readFileSync(join(dir, f), 'utf8');
    for (const m of text.matchAll(/^(`{3,})([\w+-]+)[^\n]*\n([\s\S]*?)\n\1\s*$/gm)) blocks.push({ lang: m[2]!, code: m[3]! });
  }
  return blocks;
}

const samples: { lang: string; code: string }[] = [
  { lang: 'ts', code: 'const re = /a+[b-c]\\d{2}/gi; // regexp\nconst s = `x ${y} "z"`;\n/** doc */\nexport class A<T> { #p = 1; }' },
  { lang: 'md', code: '# Title\n\n*it* **bold** ~~gone~~ [link](https://x.mx) `code`\n\n> quote\n\n- [ ] task' },
  { lang: 'html', code: '<a href="x" onclick="f()">t</a>\n<style>a { color: red }</style>\n<script>let a = 1</script>' },
  { lang: 'python', code: 'import re\n@decorator\ndef f(x: int) -> str:\n    """doc"""\n    return r"\\d+" % x' },
  { lang: 'diff', code: '- old\n+ new\n@@ -1 +1 @@' },
  { lang: 'json', code: '{ "a": [1, true, null, "s\\n"] }' },
  { lang: 'yaml', code: 'a: &x 1\nb: *x\nc: |\n  text # not a comment\n# comment' },
  { lang: 'bash', code: 'curl -X POST "$URL" \\\n  -d \'{"a":1}\' | jq .a # done' },
];

describe('dual-theme highlighting in one pass', () => {
  it('pairs our two themes (same rules, colours apart)', async () => {
    const { light, dark } = await loadThemes();
    expect(dualThemeCodec(light, dark)).toBeDefined();
    expect(dualThemeCodec(light, { ...dark, tokenColors: dark.tokenColors!.slice(1) })).toBeUndefined();
  });

  it("shows every code block of the default site, and samples in more languages, as shiki's dual-theme output does", async () => {
    await loadLanguageIndex();
    const blocks = [...codeBlocks(), ...samples].map((b) => ({ ...b, id: languageId(b.lang.toLowerCase()) ?? 'text' }));
    expect(blocks.length).toBeGreaterThan(100);
    // Both highlighters hold the same grammars: ours loads what the blocks need (a first pass).
    for (const b of blocks) await highlightJob({ code: b.code, lang: b.id, written: b.lang, highlight: [] });
    const shiki = await createHighlighterCore({
      themes: Object.values(await loadThemes()) as never,
      langs: [],
      engine: createOnigurumaEngine(import('shiki/wasm')),
    });
    for (const id of await loadedLanguages()) await shiki.loadLanguage((await import(`@shikijs/langs/${id}`)).default);
    for (const { code, lang, id } of blocks) {
      const highlight = [1, 3];
      const ours = await highlightJob({ code, lang: id, written: lang, highlight });
      const reference = shiki.codeToHtml(code, {
        lang: id,
        themes: THEMES,
        defaultColor: 'light',
        transformers: [
          {
            line(node, line) {
              if (highlight.includes(line)) this.addClassToHast(node, 'highlighted');
            },
          },
        ],
      });
      expect(visible(ours), `${lang}: ${code.slice(0, 60)}`).toEqual(visible(reference));
    }
  }, 60_000);
});
