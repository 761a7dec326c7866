import type { SchemaView } from './plan-schema-view.js';
import { factsHtml, schemaTreeInnerHtml } from './schema-html.js';

/** A planned schema drawn as a tree (markup from schema-html.ts, see there why). */
export function SchemaTree({ view }: { view: SchemaView }): React.JSX.Element {
  return <div className="sc-tree" id={view.targeted ? view.id : undefined} dangerouslySetInnerHTML={{ __html: schemaTreeInnerHtml(view) }} />;
}

/** Constraints, default, possible values and example of a schema, on their own (parameter tables). */
export function SchemaFacts({ view }: { view: SchemaView }): React.JSX.Element | null {
  const html = factsHtml(view);
  return html ? <div className="sc-x-wrap" dangerouslySetInnerHTML={{ __html: html }} /> : null;
}
