import { Children, createContext, Fragment, isValidElement, useContext, useId } from 'react';
import { escapeAsReact } from '../../../shared/html-escape.js';
import { codeCopyHtml } from '../code-copy.js';

// The components every .mdx file may use without importing them. They render to plain HTML that
// works without JavaScript (tabs are CSS radio groups, details is native); a small script in
// the client runtime syncs and remembers tab groups.

/** A code block to highlight: its text, grammar id, language as written, and lines to mark. */
export interface CodeJob {
  code: string;
  lang: string;
  written: string;
  highlight: number[];
}

export interface MdxContextValue {
  /** The block's highlighted `<pre>`, when the build has it (else it is asked for and the file rendered again). */
  highlighted: (job: CodeJob) => string | undefined;
  languageId: (lang: string) => string | undefined;
}
export const MdxContext = createContext<MdxContextValue>({ highlighted: () => undefined, languageId: () => undefined });

function TabItem({ children }: { value: string; label?: string; default?: boolean; children?: React.ReactNode }): React.JSX.Element {
  return <>{children}</>;
}

interface TabItemElement {
  props: { value: string; label?: string; default?: boolean; children?: React.ReactNode };
}

/**
 * Tabs as a radio group: each radio is followed by its label and its panel, so CSS shows the
 * checked one's panel whatever the number of tabs, without JavaScript. Tabs sharing a `groupId`
 * switch together and remember the reader's choice (src/client/shell/tabs.ts). Panels are not
 * landmarks: two groups with the same tabs would make regions of the same name (GOV.UK's tab
 * panels are plain too); the radio's label, just before its panel, says what it holds.
 */
function Tabs({ children, groupId, defaultValue, label }: { children?: React.ReactNode; groupId?: string; defaultValue?: string; label?: string }): React.JSX.Element {
  const id = useId().replace(/[^\w-]/g, '');
  const items = Children.toArray(children).filter((c): c is React.ReactElement & TabItemElement => isValidElement(c) && typeof (c.props as { value?: unknown }).value === 'string');
  const values = items.map((i) => i.props.value);
  const repeated = values.find((v, i) => values.indexOf(v) !== i);
  if (repeated !== undefined) throw new Error(`<Tabs> has two <TabItem value="${repeated}">: each tab needs its own value.`);
  if (defaultValue !== undefined && !values.includes(defaultValue)) {
    throw new Error(`<Tabs defaultValue="${defaultValue}"> names no tab: use one of ${values.map((v) => `"${v}"`).join(', ')}.`);
  }
  const selected = Math.max(0, defaultValue !== undefined ? values.indexOf(defaultValue) : items.findIndex((i) => i.props.default));
  return (
    <div className="tabs" role="group" aria-label={label ?? items.map((i) => i.props.label ?? i.props.value).join(', ')} {...(groupId ? { 'data-group-id': groupId } : {})}>
      {items.map((item, i) => (
        <Fragment key={item.props.value}>
          <input type="radio" className="tabs__radio" name={`tabs-${id}`} id={`tabs-${id}-${i}`} value={item.props.value} defaultChecked={i === selected} aria-controls={`tab-${id}-${i}`} />
          <label className="tabs__tab" htmlFor={`tabs-${id}-${i}`}>
            {item.props.label ?? item.props.value}
          </label>
          <div className="tabs__panel" id={`tab-${id}-${i}`} data-value={item.props.value}>
            {item.props.children}
          </div>
        </Fragment>
      ))}
    </div>
  );
}

function Details({ summary, children, open }: { summary?: React.ReactNode; children?: React.ReactNode; open?: boolean }): React.JSX.Element {
  return (
    <details className="details" open={open}>
      <summary>{summary ?? 'Details'}</summary>
      <div className="details__content">{children}</div>
    </details>
  );
}

const ADMONITION_TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger', caution: 'Warning' };

function Admonition({ type = 'note', title, children }: { type?: string; title?: React.ReactNode; children?: React.ReactNode }): React.JSX.Element {
  const kind = type === 'caution' ? 'warning' : ADMONITION_TITLES[type] ? type : 'note';
  return (
    <div className={`admonition admonition-${kind}`} role="note">
      <p className="admonition-title">{title ?? ADMONITION_TITLES[kind]}</p>
      <div className="admonition-content">{children}</div>
    </div>
  );
}

function textOf(node: React.ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement(node)) return textOf((node.props as { children?: React.ReactNode }).children);
  return '';
}

/** A highlighted code block from JSX: `<CodeBlock language="ts" title="a.ts">{code}</CodeBlock>`. */
function CodeBlock({ children, language = 'text', title, showLineNumbers }: { children?: React.ReactNode; language?: string; title?: string; showLineNumbers?: boolean }): React.JSX.Element {
  const { highlighted, languageId } = useContext(MdxContext);
  const code = textOf(children).replace(/^\n/, '').replace(/\n$/, '');
  const lang = languageId(language.toLowerCase()) ?? 'text';
  const html = highlighted({ code, lang, written: language, highlight: [] });
  const className = `code-block${showLineNumbers ? ' line-numbers' : ''}`;
  if (html !== undefined) {
    const titleHtml = title ? `<div class="code-block-title">${escapeAsReact(title)}</div>` : '';
    return <div className={className} dangerouslySetInnerHTML={{ __html: titleHtml + html + codeCopyHtml() }} />;
  }
  return (
    <div className={className}>
      {title ? <div className="code-block-title">{title}</div> : null}
      <pre>
        <code>{code}</code>
      </pre>
    </div>
  );
}

export const BUILTIN_COMPONENTS = { Tabs, TabItem, Details, Admonition, CodeBlock };
