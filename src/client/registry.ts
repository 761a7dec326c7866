import { islands } from 'shipdocs:islands';

/** Lazy import of an island component by name: each is its own chunk. */
export function loadIsland(name: string): Promise<unknown> {
  const load = islands[name];
  if (!load) return Promise.reject(new Error(`Unknown island "${name}"`));
  return load();
}
