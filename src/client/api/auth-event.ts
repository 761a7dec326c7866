// The authorization panel's credentials changed: shared/api-auth.ts's event name, mirrored for the
// entry, which must not import that module (a module of the entry and a lazy chunk becomes a
// chunk of its own); test/client/api/panel-logic.test.ts checks they are equal.
export const AUTH_CHANGE_EVENT = 'shipdocs:authchange';
// The OAuth redirect page's answer waiting in sessionStorage: oauth-flow.ts's CALLBACK_KEY, mirrored
// for the entry (which hydrates the authorization panel at once when it is there).
export const OAUTH_CALLBACK_KEY = 'shipdocs.oauth.callback';
// shared/api-auth.ts's rememberStorageKey, mirrored for the entry: the credentials in sessionStorage
// count only while the reader's "Remember for this session" is ticked.
export const rememberStorageKey = (authKey: string): string => `${authKey}:remember`;
