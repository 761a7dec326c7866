// The authorization panel's credentials: in memory, and in sessionStorage only when the reader
// ticks "Remember for this session" (never localStorage, cookies or the URL). Written by the panel
// (client/api/auth-store.ts), read by the entry to show which of an operation's security
// requirements are satisfied (client/api/auth-status.ts).

/** A credential as the reader typed it (or as the panel obtained it: an OAuth 2.0 token). */
export type Credential =
  | { kind: 'bearer'; token: string }
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'apiKey'; value: string }
  | {
      kind: 'oauth2';
      clientId: string;
      clientSecret: string;
      scopes: string;
      token: string;
      /**
       * How the token was obtained; absent: client credentials (as stored before the authorization-code flow).
       * `openIdConnect`: the authorization code flow at the endpoints of the scheme's discovery document;
       * `pasted`: a token the reader already had.
       */
      flow?: 'clientCredentials' | 'authorizationCode' | 'openIdConnect' | 'implicit' | 'password' | 'pasted';
      /** Where the refresh token is exchanged (the flow's refreshUrl, else its token URL; OpenID Connect: the discovered one). */
      refreshUrl?: string;
      /** When the access token expires (ms since the epoch), from the token response's `expires_in`. */
      expiresAt?: number;
      refreshToken?: string;
    };

/** The authorized schemes, by scheme key. */
export type StoredAuth = Record<string, Credential>;

/** The sessionStorage key of an API's credentials (one API per route base). */
export const authStorageKey = (apiBase: string): string => `shipdocs.auth:${apiBase}`;

/** The sessionStorage key of the reader's "Remember for this session" choice ('1' when ticked); mirrored in client/api/auth-event.ts. */
export const rememberStorageKey = (authKey: string): string => `${authKey}:remember`;

/** What the change event carries: the API's key and its authorized scheme names (never a secret). */
export interface AuthChangeDetail {
  key: string;
  schemes: string[];
}

/** Dispatched on `document` when the credentials change (mirrored in client/shell/events.ts for the entry). */
export const AUTH_CHANGE_EVENT = 'shipdocs:authchange';
