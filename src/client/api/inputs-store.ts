import { useSyncExternalStore } from 'react';
import type { RequestInputs } from '../../shared/request/build-request.js';

// The try-it's current inputs per operation, which the code samples follow. Module state: the
// try-it and the samples are separate React roots of the same chunk.

const inputs = new Map<string, RequestInputs>();
const listeners = new Set<() => void>();

export function setInputs(id: string, next: RequestInputs): void {
  inputs.set(id, next);
  listeners.forEach((l) => l());
}

export function useInputs(id: string): RequestInputs | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => inputs.get(id),
    () => undefined,
  );
}

/** sessionStorage key of the server the reader chose (per tab, per API). */
export const serverChoiceKey = (apiBase: string): string => `shipdocs.tryit.server:${apiBase}`;
