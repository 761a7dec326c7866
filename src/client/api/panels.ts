import type { ComponentType } from 'react';
import { apiPanel, mount as mountChunk } from 'shipdocs:chunks';
import { apiPanelIdPrefix, type ApiPanelKind } from '../../shared/islands.js';
import { whenToHydrate } from '../hydrate-strategy.js';
import { showChunkError } from '../islands/chunk-error.js';
import { holdEvents, type EventReplay } from '../islands/replay.js';
import { importLazy } from '../lazy-import.js';
import { OAUTH_CALLBACK_KEY } from './auth-event.js';
import { initAuthStatus } from './auth-status.js';
import { DEFAULT_SAMPLE, SAMPLE_LANGUAGE_KEY } from './sample-language.js';

// Part of the entry: the API panels are islands the server rendered into their places
// (`[data-api-panel]`); each hydrates on first use (pointing at, touching, focusing or typing in
// it), loading its chunk (React and the panels) then. The code samples hydrate with the first
// panel used, to follow the try-it and the credentials, or when the browser is idle for a reader
// who chose another language than curl before. What the reader does meanwhile is kept
// (islands/replay.ts): the values typed or chosen are entered again and the presses replayed once
// the panel has hydrated, a pressed control saying that it waits; after a failed load, a retry
// that succeeds still does what was asked.

const mounted = new Map<HTMLElement, () => void>();

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

async function hydrate(el: HTMLElement, replay: EventReplay): Promise<void> {
  waiting.delete(el);
  el.dataset.mounted = 'loading';
  el.setAttribute('aria-busy', 'true');
  try {
    const [{ API_PANELS, panelProps }, { mountIsland }] = await Promise.all([importLazy(apiPanel), importLazy(mountChunk)]);
    await replay.settled();
    if (!el.isConnected) return;
    const kind = el.dataset.apiPanel as ApiPanelKind;
    const component = API_PANELS[kind] as ComponentType<Record<string, unknown>>;
    const hydrated = (): void => {
      el.dataset.mounted = 'true';
      el.removeAttribute('aria-busy');
      void replay.release();
    };
    mounted.set(el, mountIsland(el, component, { ...panelProps(el) }, apiPanelIdPrefix(kind), hydrated));
    // The chunk is here: the code samples follow the try-it and the credentials from now on.
    if (kind !== 'code-samples') for (const [other, start] of waiting) if (other.dataset.apiPanel === 'code-samples') start();
  } catch (error) {
    el.dataset.mounted = 'error';
    el.removeAttribute('aria-busy');
    // The server HTML cannot do what was asked: it stays held for 'Retry'.
    replay.failed();
    showChunkError(el, error, () => {
      replay.retrying();
      void hydrate(el, replay);
    });
  }
}

/**
 * The try-it's form is in the server's markup, hidden behind "Try it" (TryIt.tsx): pressed before
 * the panel's code has loaded, it opens at once, as the panel would, so the reader can choose a
 * server and fill the form in meanwhile; the hydrated panel takes it from there (it reads that it is
 * open, and replay.ts enters the values). Until then a submit (Enter in a field) must not send the
 * form natively: the press of Execute is held instead.
 */
function openTryItEarly(el: HTMLElement, signal: AbortSignal): void {
  const early = (): boolean => el.dataset.mounted !== 'true';
  el.addEventListener(
    'click',
    (e) => {
      if (!early() || !(e.target instanceof Element) || !e.target.closest('[data-tryit-open]')) return;
      const closed = el.querySelector<HTMLElement>('[data-tryit-closed]');
      const form = el.querySelector<HTMLFormElement>('[data-tryit-form]');
      if (!closed || !form) return;
      closed.hidden = true;
      form.hidden = false;
      // Its first field, as TryIt.tsx focuses it (not imported: the entry shares no module with the chunk).
      form.querySelector<HTMLElement>('select, input, textarea, button')?.focus();
    },
    { capture: true, signal },
  );
  el.addEventListener('submit', (e) => early() && e.preventDefault(), { capture: true, signal });
}

export function initApiPanels(doc: Document, signal: AbortSignal): void {
  initAuthStatus(doc, signal);
  doc.querySelectorAll<HTMLElement>('[data-api-panel]').forEach((el) => {
    if (el.dataset.mounted) return;
    el.dataset.mounted = 'pending';
    // Before the events are held: the press of "Try it" opens the form at once.
    if (el.dataset.apiPanel === 'try-it') openTryItEarly(el, signal);
    const replay = holdEvents(el);
    let started = false;
    const start = (): void => {
      if (started) return;
      started = true;
      void hydrate(el, replay);
    };
    waiting.set(el, start);
    // Back from an OAuth authorization server: the panel takes the answer now (checks it, gets the token).
    if (el.dataset.apiPanel === 'authorization' && oauthAnswerWaiting()) return start();
    const soon = el.dataset.apiPanel === 'code-samples' && chosenOtherLanguage();
    whenToHydrate(el, soon ? 'idle' : 'interaction', start);
  });
}

function oauthAnswerWaiting(): boolean {
  try {
    return sessionStorage.getItem(OAUTH_CALLBACK_KEY) !== null;
  } catch {
    return false;
  }
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
