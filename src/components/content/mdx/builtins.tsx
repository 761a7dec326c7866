import { Children, createContext, isValidElement, useContext, useId } from 'react';
import type { HighlightService } from '../../../render/markdown/highlight-service.js';

// The components every .mdx file may use without importing them. They render to plain HTML that
// works without JavaScript (tabs are CSS radio groups, details is native).

export interface MdxContextValue {
  highlighter: HighlightService | undefined;
  languageId: (lang: string) => string | undefined;
}
export const MdxContext = createContext<MdxContextValue>({ highlighter: undefined, languageId: () => undefined });

export function TabItem({ children }: { value: string; label?: string; default?: boolean; children?: React.ReactNode }): React.JSX.Element {
  return <>{children}</>;
}

interface TabItemElement {
  props: { value: string; label?: string; default?: boolean; children?: React.ReactNode };
}

export function Tabs({ children, groupId, label }: { children?: React.ReactNode; groupId?: string; defaultValue?: string; label?: string }): React.JSX.Element {
  const id = useId().replace(/[^\w-]/g, '');
  const items = Children.toArray(children).filter((c): c is React.ReactElement & TabItemElement => isValidElement(c) && typeof (c.props as { value?: unknown }).value === 'string');
  const selected = Math.max(0, items.findIndex((i) => i.props.default));
  return (
    <div className="tabs" {...(groupId ? { 'data-group': groupId } : {})}>
      <div className="tabs__list" role="radiogroup" aria-label={label ?? items.map((i) => i.props.label ?? i.props.value).join(', ')}>
        {items.map((item, i) => (
          <label key={item.props.value} className="tabs__tab">
            <input type="radio" className="tabs__radio" name={`tabs-${id}`} value={item.props.value} defaultChecked={i === selected} aria-controls={`tab-${id}-${i}`} />
            <span>{item.props.label ?? item.props.value}</span>
          </label>
        ))}
      </div>
      {items.map((item, i) => (
        <div key={item.props.value} className="tabs__panel" id={`tab-${id}-${i}`} role="region" aria-label={item.props.label ?? item.props.value} data-value={item.props.value} data-index={i}>
          {item.props.children}
        </div>
      ))}
    </div>
  );
}

export function Details({ summary, children, open }: { summary?: React.ReactNode; children?: React.ReactNode; open?: boolean }): React.JSX.Element {
  return (
    <details className="details" open={open}>
      <summary>{summary ?? 'Details'}</summary>
      <div className="details__content">{children}</div>
    </details>
  );
}

const ADMONITION_TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger', caution: 'Warning' };

export function Admonition({ type = 'note', title, children }: { type?: string; title?: React.ReactNode; children?: React.ReactNode }): React.JSX.Element {
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
export function CodeBlock({ children, language = 'text', title, showLineNumbers }: { children?: React.ReactNode; language?: string; title?: string; showLineNumbers?: boolean }): React.JSX.Element {
  const { highlighter, languageId } = useContext(MdxContext);
  const code = textOf(children).replace(/^\n/, '').replace(/\n$/, '');
  const lang = languageId(language.toLowerCase()) ?? 'text';
  const body = highlighter ? highlighter.add({ code, lang, written: language, highlight: [] }) : undefined;
  return (
    <div className={`code-block${showLineNumbers ? ' line-numbers' : ''}`}>
      {title ? <div className="code-block-title">{title}</div> : null}
      {body ?? (
        <pre>
          <code>{code}</code>
        </pre>
      )}
    </div>
  );
}

export const BUILTIN_COMPONENTS = { Tabs, TabItem, Details, Admonition, CodeBlock };
