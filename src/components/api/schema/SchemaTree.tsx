import type { SchemaView } from './plan-schema-view.js';
import { schemaTreeInnerHtml } from './schema-html.js';

/** A planned schema drawn as a tree (markup from schema-html.ts, see there why). */
export function SchemaTree({ view }: { view: SchemaView }): React.JSX.Element {
  return <div className="sc-tree" id={view.targeted ? view.id : undefined} dangerouslySetInnerHTML={{ __html: schemaTreeInnerHtml(view) }} />;
}
