// What the authorization panel's credentials add to a request: the headers, query parameters or
// cookies of the schemes of the first security requirement the reader satisfies. For code samples
// secrets are masked unless the reader reveals them, and an unsatisfied requirement shows
// placeholders, so a sample is complete either way. Pure: no DOM.
import type { Credential, StoredAuth } from '../api-auth.js';
import type { RequestData, RequestScheme } from '../api-request.js';
import type { RequestInputs } from './build-request.js';

type Auth = NonNullable<RequestInputs['auth']>;
interface Parts {
  headers: [string, string][];
  query: [string, string][];
  cookies: [string, string][];
}
export type SecretMode = 'send' | 'mask';

/** What a masked secret reads as in a code sample. */
export const MASK = '********';

/** Base64 of UTF-8 text (btoa takes Latin-1 only). */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The first requirement whose every scheme has a credential, if any (an empty one is anonymous). */
export function satisfiedRequirement(security: RequestData['security'], auth: StoredAuth): number {
  return security.findIndex((r) => r.schemes.every((s) => auth[s.key] !== undefined));
}

function placeholder(scheme: RequestScheme): Credential | undefined {
  if (scheme.type === 'http' && scheme.scheme === 'basic') return { kind: 'basic', username: '<username>', password: '<password>' };
  if (scheme.type === 'http' && scheme.scheme === 'bearer') return { kind: 'bearer', token: '<token>' };
  if (scheme.type === 'apiKey') return { kind: 'apiKey', value: '<api-key>' };
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return { kind: 'bearer', token: '<access-token>' };
  return undefined;
}

/** The parts a scheme's credential adds. */
function partsOf(scheme: RequestScheme, credential: Credential, mode: SecretMode, out: Parts): void {
  const secret = (s: string): string => (mode === 'mask' && !/^<.*>$/.test(s) ? MASK : s);
  switch (credential.kind) {
    case 'bearer':
      out.headers.push(['Authorization', `Bearer ${secret(credential.token)}`]);
      return;
    case 'oauth2':
      out.headers.push(['Authorization', `Bearer ${secret(credential.token)}`]);
      return;
    case 'basic': {
      const pair = `${credential.username}:${credential.password}`;
      out.headers.push(['Authorization', `Basic ${mode === 'mask' && !/^<.*>$/.test(credential.password) ? MASK : base64(pair)}`]);
      return;
    }
    case 'apiKey': {
      const value = secret(credential.value);
      const name = scheme.name ?? 'api_key';
      if (scheme.in === 'query') out.query.push([name, value]);
      else if (scheme.in === 'cookie') out.cookies.push([name, value]);
      else out.headers.push([name, value]);
    }
  }
}

/**
 * The auth parts of a request: the first satisfied requirement's credentials; else, with
 * `placeholders`, the first requirement's schemes with placeholder values; else nothing.
 */
export function authParts(data: Pick<RequestData, 'security' | 'schemes'>, auth: StoredAuth, mode: SecretMode, placeholders: boolean): Auth {
  const out: Parts = { headers: [], query: [], cookies: [] };
  const index = satisfiedRequirement(data.security, auth);
  const requirement = data.security[index >= 0 ? index : 0];
  if (!requirement || (index < 0 && !placeholders)) return out;
  for (const ref of requirement.schemes) {
    const scheme = data.schemes.find((s) => s.key === ref.key);
    const credential = index >= 0 ? auth[ref.key] : scheme && placeholder(scheme);
    if (scheme && credential) partsOf(scheme, credential, mode, out);
  }
  return out;
}
