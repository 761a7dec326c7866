import type { StoredAuth } from '../../shared/api-auth.js';
import { AUTH_CHANGE_EVENT, rememberStorageKey } from './auth-event.js';

// Part of the entry: marks which security requirements of the page are satisfied by the
// credentials the authorization panel keeps, without loading the panel. The panel keeps them in
// memory (its change event says which schemes are authorized: `known`, which outlives a client-side
// navigation like the panel's module does) and in sessionStorage only when the reader opted in
// (what a freshly loaded page goes by).
// `[data-auth-store]` names the storage key; each `[data-auth-schemes]` inside lists the scheme
// keys one requirement needs together. The "Authorization" button (`[data-auth-key]`) shows
// whether any scheme is authorized.

const known = new Map<string, Set<string>>();

function authorized(key: string): Set<string> {
  const seen = known.get(key);
  if (seen) return seen;
  try {
    if (sessionStorage.getItem(rememberStorageKey(key)) !== '1') return new Set();
    return new Set(Object.keys(JSON.parse(sessionStorage.getItem(key) ?? '{}') as StoredAuth));
  } catch {
    return new Set();
  }
}

function mark(root: ParentNode): void {
  root
    .querySelectorAll<HTMLElement>('[data-auth-key]')
    .forEach((button) => button.toggleAttribute('data-authorized', authorized(button.dataset.authKey!).size > 0));
  root.querySelectorAll<HTMLElement>('[data-auth-store]').forEach((store) => {
    const have = authorized(store.dataset.authStore!);
    store.querySelectorAll<HTMLElement>('[data-auth-schemes]').forEach((req) => {
      const needs = req.dataset.authSchemes!.split(' ').filter(Boolean);
      req.toggleAttribute(
        'data-satisfied',
        needs.every((k) => have.has(k)),
      );
    });
  });
}

export function initAuthStatus(doc: Document, signal: AbortSignal): void {
  mark(doc);
  doc.addEventListener(
    AUTH_CHANGE_EVENT,
    (e) => {
      const detail = (e as CustomEvent<{ key?: unknown; schemes?: unknown } | null>).detail;
      if (detail && typeof detail.key === 'string' && Array.isArray(detail.schemes)) known.set(detail.key, new Set(detail.schemes.map(String)));
      mark(doc);
    },
    { signal },
  );
}
