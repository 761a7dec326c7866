// The contract between server-rendered islands and the client that hydrates them: island names,
// their props, and the attributes that carry them.

export const ISLAND_ATTR = 'data-island';
export const ISLAND_PROPS_ATTR = 'data-island-props';

/** Island name → props type. Each entry has a lazy loader in client/registry.ts. */
export interface IslandProps {}

export type IslandName = keyof IslandProps & string;

/** JSON safe to embed inside <script type="application/json">: no tag, entity or line-separator tricks. */
export function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
