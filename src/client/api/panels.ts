import { apiPanel, mount as mountChunk } from 'shipdocs:chunks';
import { whenToHydrate } from '../hydrate-strategy.js';
import { showChunkError } from '../islands/chunk-error.js';
import { holdEvents, type EventReplay } from '../islands/replay.js';
import { importLazy } from '../lazy-import.js';
import { initAuthStatus } from './auth-status.js';
import { DEFAULT_SAMPLE, SAMPLE_LANGUAGE_KEY } from './sample-language.js';

// Part of the entry: the API panels' places (`[data-api-panel]`) load their chunk (React and the
// panels) on first use: pointing at, touching, focusing or typing in one. Until then the page
// shows the server's markup (the curl sample reads without JavaScript). The code samples load at
// once, when the browser is idle, for a reader who chose another language than curl before.

const mounted = new Map<HTMLElement, () => void>();

/** Child indexes from `root` to the focused element, to focus its twin once the markup is replaced. */
function focusPath(root: Element): number[] | undefined {
  let node = document.activeElement;
  if (!node || node === root || !root.contains(node)) return undefined;
  const path: number[] = [];
  for (; node && node !== root; node = node.parentElement) path.unshift([...node.parentElement!.children].indexOf(node));
  return path;
}

function refocus(root: Element, path: number[] | undefined): void {
  if (!path) return;
  let node: Element | undefined = root;
  for (const i of path) node = node?.children[i];
  if (node instanceof HTMLElement) node.focus();
}

function chosenOtherLanguage(): boolean {
  try {
    const chosen = localStorage.getItem(SAMPLE_LANGUAGE_KEY);
    return chosen !== null && chosen !== DEFAULT_SAMPLE;
  } catch {
    return false;
  }
}

/** The places not mounted yet, and how to start each (once). */
const waiting = new Map<HTMLElement, () => void>();

async function mount(el: HTMLElement, replay?: EventReplay): Promise<void> {
  waiting.delete(el);
  el.dataset.mounted = 'loading';
  el.setAttribute('aria-busy', 'true');
  try {
    const [panels, { renderRoot }] = await Promise.all([importLazy(apiPanel), importLazy(mountChunk)]);
    await replay?.settled();
    if (!el.isConnected) return;
    const focused = focusPath(el);
    mounted.set(
      el,
      renderRoot(el, () => panels.apiPanel(el), `${el.dataset.apiPanel}-`),
    );
    refocus(el, focused);
    el.dataset.mounted = 'true';
    // The chunk is here: the code samples follow the try-it and the credentials from now on.
    if (el.dataset.apiPanel !== 'code-samples') for (const [other, start] of waiting) if (other.dataset.apiPanel === 'code-samples') start();
  } catch (error) {
    el.dataset.mounted = 'error';
    showChunkError(el, error, () => void mount(el));
  } finally {
    el.removeAttribute('aria-busy');
    replay?.release();
  }
}

export function initApiPanels(doc: Document, signal: AbortSignal): void {
  initAuthStatus(doc, signal);
  doc.querySelectorAll<HTMLElement>('[data-api-panel]').forEach((el) => {
    if (el.dataset.mounted) return;
    el.dataset.mounted = 'pending';
    const replay = holdEvents(el);
    let started = false;
    const start = (): void => {
      if (started) return;
      started = true;
      void mount(el, replay);
    };
    waiting.set(el, start);
    const soon = el.dataset.apiPanel === 'code-samples' && chosenOtherLanguage();
    whenToHydrate(el, soon ? 'idle' : 'interaction', start);
  });
}

/** Unmounts the panels a client navigation removed. */
export function cleanupApiPanels(): void {
  for (const el of waiting.keys()) if (!el.isConnected) waiting.delete(el);
  for (const [el, unmount] of mounted) {
    if (el.isConnected) continue;
    mounted.delete(el);
    unmount();
  }
}
