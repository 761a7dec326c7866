import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Element, Nodes, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import rehypeRaw from 'rehype-raw';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { hastToHtml } from '../../src/render/markdown/hast-to-html.js';
import { parseMarkdown } from '../../src/render/markdown/parse-markdown.js';
import { tokensToHast } from '../../src/render/markdown/tokens-to-hast.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const reference = (tree: Nodes): string => toHtml(tree, { allowDangerousHtml: true });

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.mdx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

const el = (tagName: string, properties: Record<string, unknown>, children: Element['children'] = []): Element => ({ type: 'element', tagName, properties: properties as Element['properties'], children });

describe('hastToHtml', () => {
  it('serializes every markdown file of the default site, the fixtures and the READMEs like hast-util-to-html, raw HTML parsed included', () => {
    const files = [...markdownFiles(join(repo, 'content')), ...markdownFiles(join(repo, 'test/fixtures')), ...markdownFiles(join(repo, 'src')), join(repo, 'README.md')];
    expect(files.length).toBeGreaterThan(40);
    const raw = unified().use(rehypeRaw);
    for (const file of files) {
      // Front matter, MDX imports and JSX are markdown text here: more input, not less.
      const body = readFileSync(file, 'utf8');
      const { tokens, md } = parseMarkdown(body);
      const { tree } = tokensToHast(tokens, body, md);
      expect(hastToHtml(tree), file).toBe(reference(tree));
      const parsed = raw.runSync(structuredClone(tree)) as Root;
      expect(hastToHtml(parsed), file).toBe(reference(parsed));
    }
  });

  it('escapes text and attribute values, and names booleans and lists, exactly as hast-util-to-html', () => {
    const trees: Nodes[] = [
      { type: 'text', value: 'a < b && c > d "q" \'s\' `t` \0 é 😀' },
      el('a', { href: 'x?a=1&b="2"&c=\'3\'&d=`4`\0', title: '<>&' }, [{ type: 'text', value: '<script>&amp;' }]),
      el('div', { className: ['a', 'b', ''], id: 'x', dataFooBar: 'y', ariaLabel: 'z', tabIndex: 0, hidden: true }),
      el('input', { type: 'checkbox', checked: true, disabled: false, value: 12, readOnly: '', required: 'required', multiple: 'x' }),
      el('input', { value: Number.NaN, name: null, placeholder: undefined }),
      el('img', { src: 'a.png', alt: '' }),
      el('br', {}, [{ type: 'text', value: 'child of a void element' }]),
      el('IMG', { src: 'b.png' }),
      el('input', { accept: ['image/png', 'image/jpeg'] }),
      el('a', { download: true, href: 'f' }),
      el('a', { download: 'name.txt', href: 'f' }),
      el('area', { coords: [1, 2, 3] }),
      el('td', { align: 'left', colSpan: 2, noWrap: true }),
      el('p', { 'weird name': 'v', 'x"y': 'w', unknownProp: 'u' }),
      el('p', {}, [el('svg', { viewBox: '0 0 1 1', strokeWidth: 2 }, [el('path', { d: 'M0 0' }), el('foreignObject', {}, [el('p', {}, [{ type: 'text', value: 'in' }])])])]),
      el('template', {}, []),
      el('script', {}, [{ type: 'text', value: 'a < b && c' }]),
      el('style', {}, [{ type: 'text', value: 'a > b { x: "&" }' }]),
      { type: 'root', children: [{ type: 'comment', value: ' a --> b <!-- c ' }, { type: 'doctype' }, { type: 'raw', value: '<b>raw</b>' } as never] },
    ];
    for (const tree of trees) expect(hastToHtml(tree)).toBe(reference(tree));
  });
});
