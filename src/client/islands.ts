import { ISLAND_ATTR, ISLAND_PROPS_ATTR, ISLAND_STRATEGY_ATTR, type HydrateStrategy } from '../shared/islands.js';
import { loadIsland } from './registry.js';
import { whenToHydrate } from './hydrate-strategy.js';

/** Finds `[data-island]` elements and hydrates each when its strategy says so. */
export function hydrateIslands(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`).forEach((el) => {
    if (el.dataset.hydrated) return;
    el.dataset.hydrated = 'pending';
    const strategy = (el.getAttribute(ISLAND_STRATEGY_ATTR) ?? 'load') as HydrateStrategy;
    whenToHydrate(el, strategy, () => void hydrate(el));
  });
}

async function hydrate(el: HTMLElement): Promise<void> {
  const name = el.getAttribute(ISLAND_ATTR)!;
  const props = readProps(el);
  el.classList.add('island--loading');
  try {
    const [component, { mountIsland }] = await Promise.all([loadIsland(name), import('./islands/mount.js')]);
    mountIsland(el, component as never, props, `${el.getAttribute(ISLAND_PROPS_ATTR) ?? ''}-`);
    el.dataset.hydrated = 'true';
  } catch (error) {
    const { showChunkError } = await import('./islands/chunk-error.js');
    showChunkError(el, error, () => void hydrate(el));
  } finally {
    el.classList.remove('island--loading');
  }
}

function readProps(el: HTMLElement): Record<string, unknown> {
  const id = el.getAttribute(ISLAND_PROPS_ATTR);
  const script = id ? document.getElementById(id) : null;
  if (!script?.textContent) return {};
  return JSON.parse(script.textContent) as Record<string, unknown>;
}
