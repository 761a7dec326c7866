import type { RunResult } from './run-result.js';

/** The access token a successful response holds (`access_token`, else `token`), if any. */
export function tokenOf(result: RunResult): string | undefined {
  if (result.status < 200 || result.status > 299 || !result.text || !/json/i.test(result.contentType)) return undefined;
  try {
    const body = JSON.parse(result.text) as Record<string, unknown>;
    const token = body.access_token ?? body.token;
    return typeof token === 'string' && token.length > 0 ? token : undefined;
  } catch {
    return undefined;
  }
}
