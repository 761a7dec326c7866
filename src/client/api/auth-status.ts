import type { StoredAuth } from '../../shared/api-auth.js';
import { AUTH_CHANGE_EVENT } from './auth-event.js';

// Part of the entry: marks which security requirements of the page are satisfied by the
// credentials the authorization panel keeps (sessionStorage), without loading the panel.
// `[data-auth-store]` names the storage key; each `[data-auth-schemes]` inside lists the scheme
// keys one requirement needs together. The "Authorization" button (`[data-auth-key]`) shows
// whether any scheme is authorized.

function authorized(key: string): Set<string> {
  try {
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
  doc.addEventListener(AUTH_CHANGE_EVENT, () => mark(doc), { signal });
}
