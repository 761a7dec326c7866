import { useId } from 'react';
import type { RequestBody } from '../../shared/api-request.js';
import type { FormEntry, RequestInputs } from '../../shared/request/build-request.js';
import { initialForm } from '../../shared/request/initial-inputs.js';
import { jsonProblem } from './json-error.js';
import { L, useText } from './Label.js';

type Body = NonNullable<RequestInputs['body']>;

/** The request body: a media type choice, then JSON or raw text, or a form's fields (files too). */
export function BodyEditor({
  bodies,
  body,
  onChange,
}: {
  bodies: RequestBody[];
  body: Body | undefined;
  onChange: (b: Body) => void;
}): React.JSX.Element | null {
  const id = useId();
  const t = useText();
  if (!bodies.length || !body) return null;
  const spec = bodies.find((b) => b.mediaType === body.mediaType) ?? bodies[0]!;
  const choose = (mediaType: string): void => {
    const next = bodies.find((b) => b.mediaType === mediaType)!;
    onChange(next.fields.length ? { mediaType, form: initialForm(next.fields) } : { mediaType, text: next.example ?? '' });
  };
  const problem = 'text' in body && /json/i.test(body.mediaType) ? jsonProblem(body.text) : undefined;
  return (
    <fieldset className="tryit__group">
      <legend className="tryit__legend">
        <L k="execute.body" />
      </legend>
      {bodies.length > 1 ? (
        <div className="tryit__field">
          <label className="tryit__label" htmlFor={`${id}-media`}>
            <L k="execute.mediaType" />
          </label>
          <select id={`${id}-media`} className="tryit__input" value={body.mediaType} onChange={(e) => choose(e.target.value)}>
            {bodies.map((b) => (
              <option key={b.mediaType}>{b.mediaType}</option>
            ))}
          </select>
        </div>
      ) : (
        <p className="tryit__media">{body.mediaType}</p>
      )}
      {'text' in body ? (
        <>
          <textarea
            className="tryit__body"
            aria-label={`${t('execute.body')} (${body.mediaType})`}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            value={body.text}
            spellCheck={false}
            rows={Math.min(16, Math.max(4, body.text.split('\n').length + 1))}
            onChange={(e) => onChange({ mediaType: body.mediaType, text: e.target.value })}
          />
          {problem ? (
            <p className="tryit__problem" id={`${id}-problem`} role="status">
              <L k="execute.invalidJson" /> ({t('execute.line')} {problem.line}, {t('execute.column')} {problem.column}): {problem.message}
            </p>
          ) : null}
        </>
      ) : (
        <FormFields fields={spec.fields} form={body.form} onChange={(form) => onChange({ mediaType: body.mediaType, form })} />
      )}
    </fieldset>
  );
}

function FormFields({
  fields,
  form,
  onChange,
}: {
  fields: RequestBody['fields'];
  form: readonly FormEntry[];
  onChange: (f: FormEntry[]) => void;
}): React.JSX.Element {
  const id = useId();
  // Entries keep the fields' order whatever order they are filled in.
  const set = (name: string, entry: FormEntry | undefined): void =>
    onChange(fields.flatMap((f) => (f.name === name ? (entry ? [entry] : []) : form.filter((e) => e.name === f.name))));
  return (
    <>
      {fields.map((field, i) => {
        const entry = form.find((f) => f.name === field.name);
        return (
          <div className="tryit__field" key={field.name}>
            <label className="tryit__label" htmlFor={`${id}-${i}`}>
              <code>{field.name}</code>
              {field.required ? (
                <span className="tryit__required" aria-hidden="true">
                  *
                </span>
              ) : null}
              <span className="tryit__type">{field.file ? <L k="execute.file" /> : field.type}</span>
            </label>
            {field.file ? (
              <input
                id={`${id}-${i}`}
                className="tryit__input"
                type="file"
                required={field.required}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  set(field.name, file ? { name: field.name, value: '', fileName: file.name, file } : undefined);
                }}
              />
            ) : (
              <input
                id={`${id}-${i}`}
                className="tryit__input"
                value={entry?.value ?? ''}
                required={field.required}
                spellCheck={false}
                onChange={(e) => set(field.name, { name: field.name, value: e.target.value })}
              />
            )}
          </div>
        );
      })}
    </>
  );
}
