// The contract between server-rendered islands and the client that hydrates them: island names,
// their props, and the attributes that carry them.
import type { ApiPanelSite, RequestData } from './api-request.js';

export const ISLAND_ATTR = 'data-island';
export const ISLAND_PROPS_ATTR = 'data-island-props';
export const ISLAND_STRATEGY_ATTR = 'data-hydrate';

/** When an island hydrates: at once, when the browser is idle, when scrolled into view, or on first use. */
export type HydrateStrategy = 'load' | 'idle' | 'visible' | 'interaction';
export const HYDRATE_STRATEGIES: readonly HydrateStrategy[] = ['load', 'idle', 'visible', 'interaction'];

/** Islands are named by the build (built-in widgets by their name, site components by a hash). */
type IslandName = string;

/** JSON safe to embed inside <script type="application/json">: no tag, entity or line-separator tricks. */
export function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The API reference's panels, the built-in islands of API pages (client/api/panel.tsx), and their
 * props: the page's shared data (`data-api-site`, once per page) and an operation's request data
 * (`data-api-request`), read from the page rather than embedded again per panel.
 */
export interface ApiPanelProps {
  authorization: { site: ApiPanelSite };
  'try-it': { site: ApiPanelSite; data: RequestData };
  'code-samples': { site: ApiPanelSite; data: RequestData };
}
export type ApiPanelKind = keyof ApiPanelProps;

/** The prefix of the ids a panel's useId() makes, on the server and in the browser alike (one panel of a kind per page). */
export const apiPanelIdPrefix = (kind: ApiPanelKind): string => `${kind}-`;
