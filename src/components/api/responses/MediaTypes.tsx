import type { ApiMediaType } from '../../../shared/api-model.js';
import { T } from '../../layout/T.js';
import type { SchemaDirection, SchemaPlanner } from '../schema/plan-schema-view.js';
import { SchemaTree } from '../schema/SchemaTree.js';
import { ExampleBlock } from './ExampleBlock.js';

/** Each media type of a body: its schema tree, then its examples (or why none was generated). */
export function MediaTypes({
  content,
  planner,
  direction,
}: {
  content: readonly ApiMediaType[];
  planner: SchemaPlanner;
  direction: SchemaDirection;
}): React.JSX.Element {
  return (
    <>
      {content.map((media) => (
        <div className="api-media" key={media.mediaType}>
          <p className="api-media__type">
            <code>{media.mediaType}</code>
          </p>
          {media.schema ? <SchemaTree view={planner.plan(media.schema, direction)} /> : null}
          {media.examples.map((ex, i) => (
            <ExampleBlock key={i} example={ex} />
          ))}
          {media.exampleSkipped ? (
            <p className="api-example__skipped">
              <T k="apiContent.exampleSkipped" />
            </p>
          ) : null}
        </div>
      ))}
    </>
  );
}
