import { ISLAND_ATTR, ISLAND_PROPS_ATTR, type IslandName } from '../shared/islands.js';
import { loadIsland } from './registry.js';

/** Finds `[data-island]` elements and hydrates each one when its strategy says so. */
export function hydrateIslands(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`).forEach((el) => {
    const name = el.getAttribute(ISLAND_ATTR) as IslandName;
    const props = readProps(el);
    void loadIsland(name).then((mount) => mount(el, props));
  });
}

function readProps(el: HTMLElement): unknown {
  const id = el.getAttribute(ISLAND_PROPS_ATTR);
  const script = id ? document.getElementById(id) : null;
  if (!script?.textContent) return {};
  return JSON.parse(script.textContent) as unknown;
}
