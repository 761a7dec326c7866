import type { Element, ElementContent, Root } from 'hast';
import type { HighlighterCore, ShikiTransformer } from 'shiki/core';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { toString } from 'hast-util-to-string';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';

// Build-time syntax highlighting with shiki: one highlighter per process, languages loaded on
// first use, light and dark colours emitted together (the dark ones as CSS variables).

export const THEMES = { light: 'github-light', dark: 'github-dark' } as const;
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', '']);

let highlighter: Promise<HighlighterCore> | undefined;
const loading = new Map<string, Promise<boolean>>();

async function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }, light, dark] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
      import('@shikijs/themes/github-light'),
      import('@shikijs/themes/github-dark'),
    ]);
    return createHighlighterCore({
      themes: [light.default, dark.default],
      langs: [],
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  return highlighter;
}

/** Loads a language by id or alias; false when shiki has no such language. */
async function ensureLanguage(h: HighlighterCore, lang: string): Promise<boolean> {
  if (h.getLoadedLanguages().includes(lang)) return true;
  let p = loading.get(lang);
  if (!p) {
    p = (async () => {
      const { bundledLanguages } = await import('shiki/langs');
      const load = (bundledLanguages as Record<string, (() => Promise<{ default: unknown }>) | undefined>)[lang];
      if (!load) return false;
      await h.loadLanguage((await load()).default as never);
      return true;
    })();
    loading.set(lang, p);
  }
  return p;
}

export interface CodeMeta {
  title: string | undefined;
  highlight: Set<number>;
  showLineNumbers: boolean;
}

/** Parses a fence's meta string: `title="app.ts" {1,3-5} showLineNumbers`. */
export function parseCodeMeta(meta: string | undefined): CodeMeta {
  const m = meta ?? '';
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(m);
  const highlight = new Set<number>();
  for (const range of m.match(/\{([\d,\s-]+)\}/)?.[1]?.split(',') ?? []) {
    const [a, b] = range.trim().split('-').map((n) => Number.parseInt(n, 10));
    if (a === undefined || Number.isNaN(a)) continue;
    const end = b === undefined || Number.isNaN(b) ? a : Math.min(b, a + 10_000);
    for (let i = a; i <= end; i++) highlight.add(i);
  }
  return { title: title ? (title[1] ?? title[2] ?? title[3]) : undefined, highlight, showLineNumbers: /\bshowLineNumbers\b/.test(m) };
}

/**
 * Replaces every `<pre><code class="language-x" data-meta>` with highlighted markup wrapped in a
 * `.code-block` (with its title). Runs after sanitizing: its output is trusted.
 */
export function rehypeHighlight() {
  return async (tree: Root, file: VFile): Promise<void> => {
    const { options, out } = file.data.shipdocs as { options: { file: string; lineOffset: number }; out: { diagnostics: Diagnostic[] } };
    const diagnostics = out.diagnostics;
    const blocks: { pre: Element; code: Element; parent: Element | Root; index: number }[] = [];
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (code) blocks.push({ pre: node, code, parent: parent as Element | Root, index });
    });
    if (blocks.length === 0) return;
    const h = await getHighlighter();
    for (const { pre, code, parent, index } of blocks) {
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const lang = (classes.find((c) => c.startsWith('language-'))?.slice(9) ?? '').toLowerCase();
      const meta = parseCodeMeta(code.properties.dataMeta as string | undefined);
      delete code.properties.dataMeta;
      const text = toString(code).replace(/\n$/, '');
      let known = PLAIN.has(lang);
      if (!known) {
        known = await ensureLanguage(h, lang);
        if (!known) {
          const line = (pre.position?.start.line ?? 1) + options.lineOffset;
          diagnostics.push(diagnostic('SD2011', { message: `Unknown code block language "${lang}"; shown without highlighting.`, file: options.file, line, column: pre.position?.start.column ?? 1 }));
        }
      }
      const highlighted = h.codeToHast(text, {
        lang: known && !PLAIN.has(lang) ? lang : 'text',
        themes: THEMES,
        defaultColor: 'light',
        transformers: [lineTransformer(meta)],
      });
      const newPre = highlighted.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre');
      if (!newPre) continue;
      if (lang && !PLAIN.has(lang)) newPre.properties.dataLanguage = lang;
      const wrapper: Element = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block', ...(meta.showLineNumbers ? ['line-numbers'] : [])] },
        children: [
          ...(meta.title
            ? [{ type: 'element', tagName: 'div', properties: { className: ['code-block-title'] }, children: [{ type: 'text', value: meta.title }] } as Element]
            : []),
          newPre,
        ],
      };
      (parent.children as ElementContent[])[index] = wrapper;
    }
  };
}

function lineTransformer(meta: CodeMeta): ShikiTransformer {
  return {
    name: 'shipdocs-lines',
    line(node, line) {
      if (meta.highlight.has(line)) this.addClassToHast(node, 'highlighted');
    },
  };
}
