import { formatAllowRule, isAllowed, type AllowRule } from './allow-list.js';

// The target of a proxied request: the `url` query parameter of the proxy's URL, an absolute http or
// https URL whose host is on the allow-list. Anything else is refused before a byte is sent: 400 for
// a missing or unusable URL, 403 for a host the proxy was not started for.

export type TargetCheck = { ok: true; url: URL } | { ok: false; status: 400 | 403; message: string; url?: URL };

const EXAMPLE = '?url=https%3A%2F%2Fapi.example.com%2Fv1%2Fitems';

/** `requestUrl` is the proxy request's own URL (path and query). */
export function checkTarget(requestUrl: URL, rules: readonly AllowRule[]): TargetCheck {
  const values = requestUrl.searchParams.getAll('url');
  if (values.length === 0 || !values[0]) {
    return { ok: false, status: 400, message: `No target: give the request's URL, encoded, as the query parameter "url" (${EXAMPLE}).` };
  }
  if (values.length > 1) return { ok: false, status: 400, message: 'Several targets: give the query parameter "url" once.' };
  let url: URL;
  try {
    url = new URL(values[0]);
  } catch {
    return {
      ok: false,
      status: 400,
      message: `The target is not an absolute URL: "url" must be a whole URL such as https://api.example.com/v1/items, encoded.`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, status: 400, message: `The proxy forwards only http and https requests, not ${url.protocol.slice(0, -1)}.` };
  }
  if (url.username || url.password) {
    return { ok: false, status: 400, message: 'The target URL holds a user name or password: send credentials in headers (Authorization) instead.' };
  }
  if (!isAllowed(url, rules)) {
    return {
      ok: false,
      status: 403,
      url,
      message: `The proxy does not forward requests to ${url.host}: it is not on its allow-list. Whoever runs the proxy can allow it by starting it with --allow ${suggestion(url)}.`,
    };
  }
  return { ok: true, url };
}

/** The `--allow` value that would allow the URL. */
function suggestion(url: URL): string {
  return formatAllowRule({ hostname: url.hostname, wildcard: false, port: url.port || undefined });
}
