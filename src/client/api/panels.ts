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
// who chose another language than curl before.

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

async function hydrate(el: HTMLElement, replay?: EventReplay): Promise<void> {
  waiting.delete(el);
  el.dataset.mounted = 'loading';
  el.setAttribute('aria-busy', 'true');
  try {
    const [{ API_PANELS, panelProps }, { mountIsland }] = await Promise.all([importLazy(apiPanel), importLazy(mountChunk)]);
    await replay?.settled();
    if (!el.isConnected) return;
    const kind = el.dataset.apiPanel as ApiPanelKind;
    mounted.set(el, mountIsland(el, API_PANELS[kind] as ComponentType<Record<string, unknown>>, { ...panelProps(el) }, apiPanelIdPrefix(kind)));
    el.dataset.mounted = 'true';
    // The chunk is here: the code samples follow the try-it and the credentials from now on.
    if (kind !== 'code-samples') for (const [other, start] of waiting) if (other.dataset.apiPanel === 'code-samples') start();
  } catch (error) {
    el.dataset.mounted = 'error';
    showChunkError(el, error, () => void hydrate(el));
  } finally {
    el.removeAttribute('aria-busy');
    // Hydrated: the panel handles them (React hydrates at once on a replayed click). Failed: the server HTML does.
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
