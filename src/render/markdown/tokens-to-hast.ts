import type { MarkdownIt, Token } from 'markdown-it';
import type { Element, ElementContent, Properties, Root } from 'hast';
import { ADMONITION_OPENING, DEFAULT_TITLES } from './admonitions.js';
import { blockPosition, locate, locateText, regionStart, type SourceState } from './token-positions.js';

// markdown-it tokens → hast, shaped as remark-rehype shapes GFM (tables with `align`, task-list
// checkboxes, footnotes in a `section[data-footnotes]`, `pre > code.language-x[data-meta]`), so
// the rehype stages after it are shared with MDX. Raw HTML becomes `raw` nodes for rehype-raw.
// Positions: block elements carry their first line; links and images are located in their
// block's source text, so diagnostics name the line and column of the `[`.

export interface TokensToHastResult {
  tree: Root;
  /** Raw HTML other than the truncate marker: rehype-raw must parse it. */
  hasRaw: boolean;
  /** Index in `tree.children` of a top-level `<!-- truncate -->`, or -1. */
  truncateIndex: number;
}

type Parent = Root | Element;
type Position = NonNullable<Element['position']>;

const TRUNCATE = /^<!--\s*truncate\s*-->$/;
const TASK = /^\[([ xX])\][ \t]+/;

interface State extends SourceState {
  stack: Parent[];
  hasRaw: boolean;
  /** The top-level `<!-- truncate -->` node: its index is known once blocks are spaced. */
  truncate: object | undefined;
  /** Task-list checkboxes waiting for their text token. */
  tasks: Map<Token, boolean>;
}

export function tokensToHast(tokens: Token[], source: string, md: MarkdownIt): TokensToHastResult {
  const root: Root = { type: 'root', children: [] };
  const lineStarts = [0];
  for (let at = source.indexOf('\n'); at >= 0; at = source.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const state: State = {
    md,
    source,
    lineStarts,
    stack: [root],
    region: { start: 0, end: 0, line: 1, cursor: 0 },
    hasRaw: false,
    truncate: undefined,
    tasks: new Map(),
  };
  convert(tokens, state);
  spaceBlocks(root);
  return { tree: root, hasRaw: state.hasRaw, truncateIndex: state.truncate ? root.children.indexOf(state.truncate as never) : -1 };
}

const BLOCK = new Set([
  'p',
  'ul',
  'ol',
  'li',
  'pre',
  'div',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'section',
]);
/** Containers whose children always sit on lines of their own. */
const LINED = new Set(['ul', 'ol', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'section']);

/**
 * Puts block elements on lines of their own, as remark-rehype does (`<ul>\n<li>…</li>\n</ul>`):
 * readable output, and the same HTML as MDX files get. Only between blocks, so text is untouched.
 */
function spaceBlocks(parent: Root | Element): void {
  const children = parent.children as ElementContent[];
  const isBlock = (c: ElementContent): boolean => c.type === 'element' && BLOCK.has(c.tagName);
  const lined = parent.type === 'root' || LINED.has(parent.tagName) || (BLOCK.has(parent.tagName) && parent.tagName !== 'p' && children.some(isBlock));
  for (const child of children) if (child.type === 'element' && child.tagName !== 'pre') spaceBlocks(child);
  if (!lined || children.length === 0 || !children.every((c) => isBlock(c) || (c.type as string) === 'raw' || (c.type === 'text' && c.value.trim() === '')))
    return;
  // Raw HTML ends with its own line break, as in CommonMark's HTML: adding one after it would put
  // a blank line into a `<pre>` it opens.
  const isRaw = (c: ElementContent | undefined): boolean => (c?.type as string) === 'raw';
  const spaced: ElementContent[] = [];
  children.forEach((c, i) => {
    if ((i > 0 || parent.type !== 'root') && !isRaw(children[i - 1])) spaced.push({ type: 'text', value: '\n' });
    spaced.push(c);
  });
  if (parent.type !== 'root' && !isRaw(children[children.length - 1])) spaced.push({ type: 'text', value: '\n' });
  parent.children = spaced as never;
}

function convert(tokens: Token[], state: State): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.map) {
      const start = state.lineStarts[t.map[0]] ?? state.source.length;
      state.region = { start, end: state.lineStarts[t.map[1]] ?? state.source.length, line: t.map[0] + 1, cursor: start };
    }
    if (t.nesting === 1) open(t, tokens, i, state);
    else if (t.nesting === -1) state.stack.pop();
    else leaf(t, state);
  }
}

function top(state: State): Parent {
  return state.stack[state.stack.length - 1]!;
}

function append(state: State, node: ElementContent): void {
  (top(state).children as ElementContent[]).push(node);
}

function el(tagName: string, properties: Properties, children: ElementContent[] = [], position?: Position): Element {
  const node: Element = { type: 'element', tagName, properties, children };
  if (position) node.position = position;
  return node;
}

function attrs(t: Token): Properties {
  const props: Properties = {};
  for (const [name, raw] of t.attrs ?? []) {
    const value = String(raw);
    if (name === 'class') props.className = value.split(/\s+/).filter(Boolean);
    else if (name === 'style' && /^text-align:(left|right|center)$/.test(value)) props.align = value.slice(11);
    else props[name] = value;
  }
  return props;
}

function open(t: Token, tokens: Token[], i: number, state: State): void {
  switch (t.type) {
    case 's_open':
      // GFM strikethrough is <del> (markdown-it writes <s>).
      t.tag = 'del';
      break;
    case 'paragraph_open':
      // Tight list items hide their paragraphs: the text goes straight into the <li>.
      if (t.hidden) return void state.stack.push(top(state));
      break;
    case 'container_admonition_open':
      return openAdmonition(t, state);
    case 'footnote_block_open': {
      const list = el('ol', {});
      append(
        state,
        el('section', { dataFootnotes: true, className: ['footnotes'] }, [
          el('h2', { className: ['sr-only'], id: 'footnote-label' }, [{ type: 'text', value: 'Footnotes' }]),
          list,
        ]),
      );
      return void state.stack.push(list);
    }
    case 'footnote_open': {
      const item = el('li', { id: `fn-${footnoteId(t)}` });
      append(state, item);
      return void state.stack.push(item);
    }
    case 'list_item_open':
      return openListItem(t, tokens, i, state);
    case 'link_open': {
      const href = String(t.attrGet('href') ?? '');
      const props: Properties = { href };
      const title = t.attrGet('title');
      if (title) props.title = String(title);
      const a = el('a', props, [], t.markup === 'linkify' ? regionStart(state) : locate(state, href));
      append(state, a);
      return void state.stack.push(a);
    }
  }
  const node = el(t.tag, attrs(t), [], blockPosition(t, state));
  if (t.type === 'ordered_list_open') {
    const start = Number(t.attrGet('start') ?? 1);
    node.properties = start === 1 ? {} : { start };
  }
  append(state, node);
  state.stack.push(node);
}

function openAdmonition(t: Token, state: State): void {
  const m = ADMONITION_OPENING.exec(t.info.trim())!;
  const type = m[1]!;
  const titleSource = m[2] ?? m[3];
  const title: ElementContent[] = [];
  if (titleSource && titleSource.trim()) {
    const holder = el('span', {});
    state.stack.push(holder);
    convert(state.md.parseInline(titleSource.trim(), {}), { ...state, region: { ...state.region } });
    state.stack.pop();
    title.push(...holder.children);
  } else {
    title.push({ type: 'text', value: DEFAULT_TITLES[type as keyof typeof DEFAULT_TITLES] });
  }
  const kind = type === 'caution' ? 'warning' : type;
  const content = el('div', { className: ['admonition-content'] });
  append(
    state,
    el(
      'div',
      { className: ['admonition', `admonition-${kind}`], role: 'note' },
      [el('p', { className: ['admonition-title'] }, title), content],
      blockPosition(t, state),
    ),
  );
  state.stack.push(content);
}

function openListItem(t: Token, tokens: Token[], i: number, state: State): void {
  const item = el('li', {}, [], blockPosition(t, state));
  const inline = tokens[i + 1]?.type === 'paragraph_open' ? tokens[i + 2] : undefined;
  const first = inline?.type === 'inline' ? inline.children?.[0] : undefined;
  const task = first?.type === 'text' ? TASK.exec(first.content) : null;
  if (first && task) {
    first.content = first.content.slice(task[0].length);
    state.tasks.set(first, task[1] !== ' ');
    item.properties.className = ['task-list-item'];
    const list = top(state) as Element;
    list.properties.className = ['contains-task-list'];
  }
  append(state, item);
  state.stack.push(item);
}

function leaf(t: Token, state: State): void {
  switch (t.type) {
    case 'inline':
      return convert(t.children ?? [], state);
    case 'text': {
      const checked = state.tasks.get(t);
      if (checked !== undefined) {
        append(state, el('input', { type: 'checkbox', disabled: true, ...(checked ? { checked: true } : {}) }));
        append(state, { type: 'text', value: ' ' });
      }
      if (t.content) append(state, { type: 'text', value: t.content });
      return;
    }
    case 'softbreak':
      return append(state, { type: 'text', value: '\n' });
    case 'hardbreak':
      append(state, el('br', {}));
      return append(state, { type: 'text', value: '\n' });
    case 'code_inline':
      return append(state, el('code', {}, [{ type: 'text', value: t.content }]));
    case 'fence':
    case 'code_block': {
      // The info string's backslash escapes and character references count, as in CommonMark.
      const info = t.type === 'fence' ? state.md.utils.unescapeAll(t.info).trim() : '';
      const space = info.search(/\s/);
      const lang = space < 0 ? info : info.slice(0, space);
      const meta = space < 0 ? '' : info.slice(space + 1).trim();
      const props: Properties = {};
      if (lang) props.className = [`language-${lang}`];
      if (meta) props.dataMeta = meta;
      return append(state, el('pre', {}, [el('code', props, [{ type: 'text', value: t.content }])], blockPosition(t, state)));
    }
    case 'hr':
      return append(state, el('hr', {}, [], blockPosition(t, state)));
    case 'image': {
      const src = String(t.attrGet('src') ?? '');
      const props: Properties = { src, alt: plainText(t.children ?? []) };
      const title = t.attrGet('title');
      if (title) props.title = String(title);
      return append(state, el('img', props, [], locate(state, src)));
    }
    case 'html_block':
    case 'html_inline': {
      // Positioned, so elements parsed out of it (rehype-raw) carry real lines for diagnostics.
      const raw = {
        type: 'raw',
        value: t.content,
        position: t.type === 'html_block' ? blockPosition(t, state) : locateText(state, (t.meta as { written?: string } | null)?.written ?? t.content),
      };
      if (t.type === 'html_block' && state.stack.length === 1 && TRUNCATE.test(t.content.trim())) state.truncate ??= raw;
      else state.hasRaw = true;
      return append(state, raw as never);
    }
    case 'footnote_ref': {
      const id = footnoteId(t);
      const n = String((t.meta as { id: number }).id + 1);
      const sub = (t.meta as { subId: number }).subId;
      const link = el(
        'a',
        { href: `#user-content-fn-${id}`, id: `fnref-${id}${sub > 0 ? `-${sub + 1}` : ''}`, dataFootnoteRef: true, ariaDescribedBy: ['footnote-label'] },
        [{ type: 'text', value: n }],
      );
      return append(state, el('sup', {}, [link]));
    }
    case 'footnote_anchor': {
      const id = footnoteId(t);
      const sub = (t.meta as { subId: number }).subId;
      append(state, { type: 'text', value: ' ' });
      return append(
        state,
        el(
          'a',
          {
            href: `#user-content-fnref-${id}${sub > 0 ? `-${sub + 1}` : ''}`,
            dataFootnoteBackref: '',
            ariaLabel: `Back to reference ${(t.meta as { id: number }).id + 1}`,
            className: ['data-footnote-backref'],
          },
          [{ type: 'text', value: '↩' }],
        ),
      );
    }
    default:
      // Anything else a plugin might add: keep its text rather than lose it.
      if (t.content) append(state, { type: 'text', value: t.content });
  }
}

function footnoteId(t: Token): string {
  const meta = t.meta as { id: number; label?: string };
  return encodeURIComponent((meta.label ?? String(meta.id + 1)).toLowerCase());
}

function plainText(tokens: Token[]): string {
  return tokens.map((t) => (t.children ? plainText(t.children) : t.type === 'softbreak' ? '\n' : t.content)).join('');
}
