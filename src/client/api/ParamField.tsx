import { useId } from 'react';
import type { RequestParameter } from '../../shared/api-request.js';
import type { ParameterValue } from '../../shared/request/serialize.js';
import { L, useText } from './Label.js';

// One parameter's input, typed from its schema: enum → select, boolean → select, number → number
// field, array → repeatable fields, object → JSON text; anything else a text field.

type Scalar = string | number | boolean;

function toText(v: ParameterValue | undefined): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Text typed in a field, as the schema's type wants it (a number stays text when it is not one). */
function typed(text: string, type: string | undefined): Scalar {
  if ((type === 'integer' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function ScalarInput(props: {
  id: string;
  type: string | undefined;
  format: string | undefined;
  options: unknown[] | undefined;
  value: string;
  required: boolean;
  label?: string;
  onChange: (text: string) => void;
}): React.JSX.Element {
  const t = useText();
  const { id, type, options, value, onChange } = props;
  const choices = options ?? (type === 'boolean' ? [true, false] : undefined);
  if (choices)
    return (
      <select id={id} className="tryit__input" value={value} onChange={(e) => onChange(e.target.value)} aria-label={props.label} required={props.required}>
        <option value="">{t('execute.notSet')}</option>
        {choices.map((o) => (
          <option key={String(o)} value={String(o)}>
            {String(o)}
          </option>
        ))}
      </select>
    );
  const inputType = type === 'integer' || type === 'number' ? 'number' : props.format === 'password' ? 'password' : 'text';
  return (
    <input
      id={id}
      className="tryit__input"
      type={inputType}
      step={type === 'integer' ? 1 : type === 'number' ? 'any' : undefined}
      value={value}
      aria-label={props.label}
      required={props.required}
      autoComplete="off"
      spellCheck={false}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function ParamField({
  p,
  value,
  onChange,
}: {
  p: RequestParameter;
  value: ParameterValue | undefined;
  onChange: (v: ParameterValue | undefined) => void;
}): React.JSX.Element {
  const id = useId();
  const t = useText();
  const schema = p.schema;
  let input: React.JSX.Element;
  if (schema?.type === 'array') {
    const items = Array.isArray(value) ? (value as Scalar[]) : value === undefined || value === '' ? [] : [value as Scalar];
    const set = (next: Scalar[]): void => onChange(next.length ? next : undefined);
    input = (
      <div className="tryit__array" id={id} role="group" aria-label={p.name}>
        {items.map((item, i) => (
          <div className="tryit__array-item" key={i}>
            <ScalarInput
              id={`${id}-${i}`}
              type={schema.items}
              format={undefined}
              options={undefined}
              value={String(item)}
              required={false}
              label={`${p.name} ${i + 1}`}
              onChange={(text) => set(items.map((x, j) => (j === i ? typed(text, schema.items) : x)))}
            />
            <button
              type="button"
              className="button button--sm tryit__remove"
              aria-label={`${t('execute.removeValue')}: ${p.name} ${i + 1}`}
              onClick={() => set(items.filter((_, j) => j !== i))}
            >
              −
            </button>
          </div>
        ))}
        <button type="button" className="button button--sm tryit__add" onClick={() => set([...items, ''])}>
          + <L k="execute.addValue" />
        </button>
      </div>
    );
  } else if (schema?.type === 'object') {
    input = (
      <input
        id={id}
        className="tryit__input"
        value={typeof value === 'string' ? value : toText(value)}
        spellCheck={false}
        placeholder='{"key": "value"}'
        onChange={(e) => {
          const text = e.target.value;
          try {
            const parsed: unknown = JSON.parse(text);
            onChange(parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, Scalar>) : text);
          } catch {
            onChange(text);
          }
        }}
      />
    );
  } else {
    input = (
      <ScalarInput
        id={id}
        type={schema?.type}
        format={schema?.format}
        options={schema?.enum}
        value={toText(value)}
        required={p.required}
        onChange={(text) => onChange(text === '' ? undefined : typed(text, schema?.type))}
      />
    );
  }
  return (
    <div className="tryit__field">
      <label className="tryit__label" htmlFor={schema?.type === 'array' ? undefined : id} id={`${id}-label`}>
        <code>{p.name}</code>
        {p.required ? (
          <span className="tryit__required" aria-hidden="true">
            *
          </span>
        ) : null}
        <span className="tryit__type">{[schema?.type === 'array' ? `${schema.items ?? ''}[]` : schema?.type, schema?.format].filter(Boolean).join(' · ')}</span>
      </label>
      {input}
    </div>
  );
}
