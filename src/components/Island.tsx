import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { escapeJsonForHtml, ISLAND_ATTR, ISLAND_PROPS_ATTR, ISLAND_STRATEGY_ATTR, type HydrateStrategy } from '../shared/islands.js';

export interface IslandProps {
  /** Registry name of the component (the client lazy-imports it by this name). */
  name: string;
  strategy: HydrateStrategy;
  component: React.ComponentType<Record<string, unknown>>;
  props: Record<string, unknown>;
}

/**
 * Server half of an island: the component rendered to HTML inside a marked element, and its props
 * as escaped JSON beside it. The client hydrates the element from the same props.
 */
export function Island({ name, strategy, component: Component, props }: IslandProps): React.JSX.Element {
  const id = `island-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <>
      <div
        className="island"
        {...{ [ISLAND_ATTR]: name, [ISLAND_STRATEGY_ATTR]: strategy, [ISLAND_PROPS_ATTR]: id }}
        // Rendered as its own root, as the client hydrates it, so useId() values match.
        dangerouslySetInnerHTML={{ __html: renderToString(<Component {...props} />, { identifierPrefix: `${id}-` }) }}
      />
      <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: escapeJsonForHtml(props) }} />
    </>
  );
}
