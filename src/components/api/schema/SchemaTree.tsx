import { Fragment } from 'react';
import { T } from '../../layout/T.js';
import { Html } from '../Html.js';
import { hasBody, type SchemaView } from './plan-schema-view.js';

// A schema drawn as a tree that works without JavaScript: nested objects in <details>, oneOf/anyOf
// as radio-button tabs (CSS shows the checked one's panel), recursion and repeats as links to where
// the schema is already drawn.

export function SchemaTree({ view }: { view: SchemaView }): React.JSX.Element {
  return (
    <div className="schema-tree" id={view.targeted ? view.id : undefined}>
      <div className="schema-tree__root">
        <TypeBadges view={view} root />
        {view.link ? <SchemaLink view={view} /> : null}
      </div>
      <Html className="schema-desc" html={view.description} />
      <SchemaFacts view={view} />
      {view.link ? null : <SchemaBody view={view} depth={0} />}
    </div>
  );
}

function TypeBadges({ view, root = false }: { view: SchemaView; root?: boolean }): React.JSX.Element {
  return (
    <>
      <span className="schema-type">{root && view.refName ? view.refName : view.typeLabel}</span>
      {root && view.refName && view.refName !== view.typeLabel ? <span className="schema-format">{view.typeLabel}</span> : null}
      {view.format ? <span className="schema-format">{view.format}</span> : null}
      {view.deprecated ? (
        <span className="api-badge api-badge--deprecated">
          <T k="apiContent.deprecated" />
        </span>
      ) : null}
      {view.readOnly ? (
        <span className="api-badge">
          <T k="apiContent.readOnly" />
        </span>
      ) : null}
      {view.writeOnly ? (
        <span className="api-badge">
          <T k="apiContent.writeOnly" />
        </span>
      ) : null}
    </>
  );
}

function SchemaLink({ view }: { view: SchemaView }): React.JSX.Element | null {
  const link = view.link;
  if (!link) return null;
  const label = <T k={link.reason === 'recursive' ? 'apiContent.recursive' : link.reason === 'seen' ? 'apiContent.seeAbove' : 'apiContent.notExpanded'} />;
  return link.href ? (
    <a className={`schema-link schema-link--${link.reason}`} href={link.href}>
      {link.reason === 'recursive' ? '↻ ' : '↑ '}
      {label}
    </a>
  ) : (
    <span className="schema-link schema-link--budget">{label}</span>
  );
}

export function SchemaFacts({ view }: { view: SchemaView }): React.JSX.Element | null {
  const { constraints, enum: values, examples } = view;
  if (!constraints.length && view.default === undefined && view.const === undefined && !values && !examples.length) return null;
  return (
    <div className="schema-facts">
      {constraints.map((c) => (
        <span className="schema-chip" key={c}>
          {c}
        </span>
      ))}
      {view.const !== undefined ? (
        <span className="schema-fact">
          <T k="apiContent.constant" />: <code>{view.const}</code>
        </span>
      ) : null}
      {view.default !== undefined ? (
        <span className="schema-fact">
          <T k="apiContent.default" />: <code>{view.default}</code>
        </span>
      ) : null}
      {values ? (
        <span className="schema-fact schema-fact--enum">
          <T k="apiContent.possibleValues" />:{' '}
          {values.values.map((v, i) => (
            <code key={i}>{v}</code>
          ))}
          {values.more > 0 ? (
            <span className="schema-more">
              … +{values.more} <T k="apiContent.moreValues" />
            </span>
          ) : null}
        </span>
      ) : null}
      {examples.length ? (
        <span className="schema-fact">
          <T k="apiContent.example" />: <code>{examples[0]}</code>
        </span>
      ) : null}
    </div>
  );
}

function SchemaBody({ view, depth }: { view: SchemaView; depth: number }): React.JSX.Element {
  const items = view.items;
  return (
    <>
      {items && items.link ? (
        <p className="schema-items">
          <T k="apiContent.items" />: <span className="schema-type">{items.typeLabel}</span> <SchemaLink view={items} />
        </p>
      ) : items && hasBody(items) ? (
        <div className="schema-items" id={items.targeted ? items.id : undefined}>
          <SchemaBody view={items} depth={depth} />
        </div>
      ) : null}
      {view.properties.length || view.moreProperties ? (
        <ul className="schema-props">
          {view.properties.map((p) => (
            <PropertyRow key={p.name} name={p.name} required={p.required} view={p.view} depth={depth} />
          ))}
          {view.moreProperties ? (
            <li className="schema-more">
              + {view.moreProperties} <T k="apiContent.moreProperties" />
            </li>
          ) : null}
        </ul>
      ) : null}
      {view.patternProperties.length || view.prefixItems.length || typeof view.additional === 'object' ? (
        <ul className="schema-props">
          {view.patternProperties.map((p) => (
            <PropertyRow key={p.pattern} name={`/${p.pattern}/`} required={false} view={p.view} depth={depth} />
          ))}
          {view.prefixItems.map((v, i) => (
            <PropertyRow key={i} name={`[${i}]`} required={false} view={v} depth={depth} />
          ))}
          {typeof view.additional === 'object' ? <PropertyRow name="*" label={<T k="apiContent.additionalProperties" />} required={false} view={view.additional} depth={depth} /> : null}
        </ul>
      ) : null}
      {view.additional === 'none' && view.properties.length ? (
        <p className="schema-note">
          <T k="apiContent.noAdditionalProperties" />
        </p>
      ) : null}
      {view.variants.map((group) => (
        <Variants key={group.group} view={view} group={group} depth={depth} />
      ))}
      {view.allOf.length ? (
        <div className="schema-group">
          <p className="schema-group__title">
            <T k="apiContent.allOf" />
          </p>
          <ul className="schema-props">
            {view.allOf.map((v, i) => (
              <PropertyRow key={i} name={v.refName ?? `#${i + 1}`} required={false} view={v} depth={depth} />
            ))}
          </ul>
        </div>
      ) : null}
      {view.not ? (
        <div className="schema-group">
          <p className="schema-group__title">
            <T k="apiContent.not" />
          </p>
          <ul className="schema-props">
            <PropertyRow name={view.not.refName ?? 'not'} required={false} view={view.not} depth={depth} />
          </ul>
        </div>
      ) : null}
    </>
  );
}

interface RowProps {
  name: string;
  label?: React.ReactNode;
  required: boolean;
  view: SchemaView;
  depth: number;
}

function PropertyRow({ name, label, required, view, depth }: RowProps): React.JSX.Element {
  const head = (
    <span className="schema-prop__head">
      {label ? <span className="schema-prop__label">{label}</span> : <code className="schema-prop__name">{name}</code>}
      <TypeBadges view={view} />
      {required ? (
        <span className="api-badge api-badge--required">
          <T k="apiContent.required" />
        </span>
      ) : null}
      <SchemaLink view={view} />
    </span>
  );
  const details = (
    <>
      <Html className="schema-desc" html={view.description} />
      <SchemaFacts view={view} />
    </>
  );
  const id = view.targeted ? view.id : undefined;
  if (view.link || !hasBody(view)) {
    return (
      <li className="schema-prop" id={id}>
        <div className="schema-prop__row">{head}</div>
        {view.description || view.constraints.length || view.enum || view.default !== undefined || view.const !== undefined || view.examples.length ? <div className="schema-prop__body">{details}</div> : null}
      </li>
    );
  }
  return (
    <li className="schema-prop schema-prop--nested" id={id}>
      <details open={depth === 0 ? true : undefined}>
        <summary className="schema-prop__row">{head}</summary>
        <div className="schema-prop__body">
          {details}
          <SchemaBody view={view} depth={depth + 1} />
        </div>
      </details>
    </li>
  );
}

function Variants({ view, group, depth }: { view: SchemaView; group: SchemaView['variants'][number]; depth: number }): React.JSX.Element {
  const disc = view.discriminator;
  return (
    <div className="schema-variants">
      <p className="schema-variants__title">
        <T k={group.kind === 'oneOf' ? 'apiContent.oneOf' : 'apiContent.anyOf'} />
        {disc ? (
          <span className="schema-variants__disc">
            <T k="apiContent.discriminator" />: <code>{disc.propertyName}</code>
            {disc.mapping.length ? (
              <span className="schema-variants__mapping">
                {disc.mapping.map((m) => (
                  <span key={m.value}>
                    <code>{m.value}</code> → {m.name}
                  </span>
                ))}
              </span>
            ) : null}
          </span>
        ) : null}
      </p>
      <div className="schema-variants__tabs">
        {group.options.map((o, i) => (
          <Fragment key={i}>
            <input type="radio" className="schema-variants__radio" name={group.group} id={`${group.group}-${i}`} defaultChecked={i === 0} />
            <label className="schema-variants__label" htmlFor={`${group.group}-${i}`}>
              {o.label}
            </label>
            <div className="schema-variants__panel" id={o.view.targeted ? o.view.id : undefined}>
              <div className="schema-variants__head">
                <TypeBadges view={o.view} root />
                <SchemaLink view={o.view} />
              </div>
              <Html className="schema-desc" html={o.view.description} />
              <SchemaFacts view={o.view} />
              {o.view.link ? null : <SchemaBody view={o.view} depth={depth + 1} />}
            </div>
          </Fragment>
        ))}
      </div>
    </div>
  );
}
