import { useSyncExternalStore } from 'react';
import { AUTH_CHANGE_EVENT, rememberStorageKey, type AuthChangeDetail, type Credential, type StoredAuth } from '../../shared/api-auth.js';

// The credentials of an API: in memory (this module lives as long as the tab's page does, across
// the site's client-side navigation), and in sessionStorage only while the reader has ticked
// "Remember for this session" (so that they outlast a reload or a full page load). That choice
// itself is kept in sessionStorage; unticking it, or forgetting the last credential, removes them
// from there. Never localStorage, a cookie or the URL.

const listeners = new Set<() => void>();
const cache = new Map<string, StoredAuth>();
const rememberCache = new Map<string, boolean>();
const NONE: StoredAuth = {};

function remembered(key: string): boolean {
  let on = rememberCache.get(key);
  if (on !== undefined) return on;
  try {
    on = sessionStorage.getItem(rememberStorageKey(key)) === '1';
  } catch {
    on = false;
  }
  rememberCache.set(key, on);
  return on;
}

function read(key: string): StoredAuth {
  let auth = cache.get(key);
  if (auth) return auth;
  auth = {};
  try {
    if (remembered(key)) {
      const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) auth = parsed as StoredAuth;
    } else {
      // Left by an earlier version, or by a tab whose reader has since unticked the box elsewhere.
      sessionStorage.removeItem(key);
    }
  } catch {
    auth = {};
  }
  cache.set(key, auth);
  return auth;
}

/** Writes the credentials to sessionStorage when the reader opted in; removes them from there otherwise. */
function persist(key: string, auth: StoredAuth): void {
  try {
    if (remembered(key) && Object.keys(auth).length) sessionStorage.setItem(key, JSON.stringify(auth));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage full or denied: the credentials still live in memory for this page.
  }
}

function changed(key: string): void {
  listeners.forEach((l) => l());
  // The entry (auth-status.ts) marks the satisfied requirements from this: scheme names only, no secret.
  const detail: AuthChangeDetail = { key, schemes: Object.keys(read(key)) };
  document.dispatchEvent(new CustomEvent(AUTH_CHANGE_EVENT, { detail }));
}

/** Sets (or with undefined forgets) the credential of one scheme. */
export function setCredential(key: string, scheme: string, credential: Credential | undefined): void {
  const next = { ...read(key) };
  if (credential) next[scheme] = credential;
  else delete next[scheme];
  cache.set(key, next);
  persist(key, next);
  changed(key);
}

/** The reader's "Remember for this session": on writes the API's credentials to sessionStorage, off removes them from there. */
export function setRemember(key: string, on: boolean): void {
  const auth = read(key);
  rememberCache.set(key, on);
  try {
    if (on) sessionStorage.setItem(rememberStorageKey(key), '1');
    else sessionStorage.removeItem(rememberStorageKey(key));
  } catch {
    // Denied: the choice holds for this page.
  }
  persist(key, auth);
  changed(key);
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The authorized credentials of an API, re-rendering on change (from any panel of the page). */
export function useCredentials(key: string): StoredAuth {
  return useSyncExternalStore(
    subscribe,
    () => read(key),
    // The server, and hydration after it, know of no credential: they live in the browser only.
    () => NONE,
  );
}

/** Whether the reader chose to keep the API's credentials in sessionStorage. */
export function useRemember(key: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => remembered(key),
    () => false,
  );
}
