import type { IslandName } from '../shared/islands.js';

export type MountIsland = (el: HTMLElement, props: unknown) => void;

/** Lazy imports of every island, by name: each becomes its own chunk. */
const islands: Record<IslandName, () => Promise<MountIsland>> = {};

export function loadIsland(name: IslandName): Promise<MountIsland> {
  const load = (islands as Partial<Record<string, () => Promise<MountIsland>>>)[name];
  if (!load) return Promise.reject(new Error(`Unknown island "${name}"`));
  return load();
}
