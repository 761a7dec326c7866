import { renderToString } from 'react-dom/server';
import { escapeJsonForHtml, ISLAND_ATTR, ISLAND_PROPS_ATTR, ISLAND_STRATEGY_ATTR, type HydrateStrategy } from '../shared/islands.js';

export interface IslandProps {
  /** Registry name of the component (the client lazy-imports it by this name). */
  name: string;
  strategy: HydrateStrategy;
  /** Id of the props' script element, and the prefix of the ids the component's useId() made. */
  id: string;
  /** The component's HTML, rendered as its own root, as the client hydrates it. */
  html: string;
  props: Record<string, unknown>;
}

/**
 * Server half of an island: the component's HTML inside a marked element, and its props as
 * escaped JSON beside it. The client hydrates the element from the same props.
 */
export function Island({ name, strategy, id, html, props }: IslandProps): React.JSX.Element {
  return (
    <>
      <div
        className="island"
        {...{ [ISLAND_ATTR]: name, [ISLAND_STRATEGY_ATTR]: strategy, [ISLAND_PROPS_ATTR]: id }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: escapeJsonForHtml(props) }} />
    </>
  );
}

/**
 * An island's HTML: its element rendered as a root of its own, as the browser hydrates it (with
 * hydration's text markers, and the ids its useId() makes under `identifierPrefix`).
 */
export function islandHtml(element: React.ReactElement, identifierPrefix: string): string {
  return renderToString(element, { identifierPrefix });
}
