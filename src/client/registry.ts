import { islands } from 'shipdocs:chunks';
import { importLazy } from './lazy-import.js';

/** Lazy import of an island component by name: each is its own chunk. */
export async function loadIsland(name: string): Promise<unknown> {
  const island = islands[name];
  if (!island) throw new Error(`Unknown island "${name}"`);
  return (await importLazy(island))[island.exportName];
}
