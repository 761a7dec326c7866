import { ISLAND_ATTR, ISLAND_PROPS_ATTR, ISLAND_STRATEGY_ATTR, type HydrateStrategy } from '../shared/islands.js';
import { mount } from 'shipdocs:chunks';
import { loadIsland } from './registry.js';
import { importLazy } from './lazy-import.js';
import { whenToHydrate } from './hydrate-strategy.js';
import { showChunkError } from './islands/chunk-error.js';
import { holdEvents, type EventReplay } from './islands/replay.js';

/** Unmount functions of the islands hydrated so far. */
const mounted = new Map<HTMLElement, () => void>();

/** Finds `[data-island]` elements and hydrates each when its strategy says so. */
export function hydrateIslands(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`).forEach((el) => {
    if (el.dataset.hydrated) return;
    el.dataset.hydrated = 'pending';
    const strategy = (el.getAttribute(ISLAND_STRATEGY_ATTR) ?? 'load') as HydrateStrategy;
    // Clicks and keys before the code is there are held and replayed once it is.
    const replay = holdEvents(el);
    whenToHydrate(el, strategy, () => void hydrate(el, replay));
  });
}

/** Unmounts the islands a client navigation removed from the page. */
export function cleanupIslands(): void {
  for (const [el, unmount] of mounted) {
    if (el.isConnected) continue;
    mounted.delete(el);
    unmount();
  }
}

async function hydrate(el: HTMLElement, replay?: EventReplay): Promise<void> {
  const name = el.getAttribute(ISLAND_ATTR)!;
  el.classList.add('island--loading');
  el.setAttribute('aria-busy', 'true');
  try {
    const props = readProps(el);
    const [component, { mountIsland }] = await Promise.all([loadIsland(name), importLazy(mount)]);
    await replay?.settled();
    if (!el.isConnected) return;
    // Hydrated: the widget takes the presses and values held meanwhile.
    mounted.set(
      el,
      mountIsland(el, component as never, props, `${el.getAttribute(ISLAND_PROPS_ATTR) ?? ''}-`, () => void replay?.release()),
    );
    el.dataset.hydrated = 'true';
  } catch (error) {
    el.dataset.hydrated = 'error';
    showChunkError(el, error, () => void hydrate(el));
    // Failed: the server HTML takes them (a link is still followed).
    void replay?.release();
  } finally {
    el.classList.remove('island--loading');
    el.removeAttribute('aria-busy');
  }
}

function readProps(el: HTMLElement): Record<string, unknown> {
  const id = el.getAttribute(ISLAND_PROPS_ATTR);
  const script = id ? el.ownerDocument.getElementById(id) : null;
  if (!script?.textContent) return {};
  return JSON.parse(script.textContent) as Record<string, unknown>;
}
