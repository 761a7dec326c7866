import { useSyncExternalStore } from 'react';
import { AUTH_CHANGE_EVENT, type Credential, type StoredAuth } from '../../shared/api-auth.js';

// The credentials of an API: in memory, and in sessionStorage so that they last while the tab
// does (a reload, another page of the site). Never localStorage, a cookie or the URL.

const listeners = new Set<() => void>();
const cache = new Map<string, StoredAuth>();
const NONE: StoredAuth = {};

function read(key: string): StoredAuth {
  let auth = cache.get(key);
  if (auth) return auth;
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    auth = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as StoredAuth) : {};
  } catch {
    auth = {};
  }
  cache.set(key, auth);
  return auth;
}

/** Sets (or with undefined forgets) the credential of one scheme. */
export function setCredential(key: string, scheme: string, credential: Credential | undefined): void {
  const next = { ...read(key) };
  if (credential) next[scheme] = credential;
  else delete next[scheme];
  cache.set(key, next);
  try {
    if (Object.keys(next).length) sessionStorage.setItem(key, JSON.stringify(next));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage full or denied: the credentials still live in memory for this page.
  }
  listeners.forEach((l) => l());
  document.dispatchEvent(new CustomEvent(AUTH_CHANGE_EVENT));
}

/** The authorized credentials of an API, re-rendering on change (from any panel of the page). */
export function useCredentials(key: string): StoredAuth {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => read(key),
    // The server, and hydration after it, know of no credential: they live in the browser only.
    () => NONE,
  );
}
