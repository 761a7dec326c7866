// The pages the proxy answers: the origins of the sites it serves. Without this, any web page a
// developer opens could read, through the proxy running on their machine, whatever the allowed hosts
// answer from there (an intranet API, a sandbox with their network's access). An origin is compared
// as the URL parser writes it ("https://docs.example.com", "http://localhost:3000"). A page on this
// machine's loopback (localhost, 127.0.0.1, [::1], any port: `shipdocs serve` and other local previews)
// is always answered, as Vite's dev server does: no page from elsewhere has such an origin. A request
// without an Origin (curl, a script, a server) is not a page's and is forwarded as before; the
// allow-list bounds it. `Origin: null` (a sandboxed frame, a file opened from disk) is refused.

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An origin from its text (an `--origin` value, the config's `url`); a URL gives its origin. `{ error }` says why it is refused. */
export function parseOrigin(text: string): { origin: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { error: `"${text}" is not an origin: expected a scheme and a host, such as https://docs.example.com or http://192.168.1.20:3000.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `"${text}" is not an http or https origin.` };
  return { origin: url.origin };
}

/** Whether a page of this origin (an `Origin` header as sent) may use the proxy. */
export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  const parsed = parseOrigin(origin);
  if ('error' in parsed) return false;
  if (allowed.includes(parsed.origin)) return true;
  const url = new URL(parsed.origin);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** Why a page of another origin is refused, and what the proxy's operator can do. */
export function refusedOriginMessage(origin: string): string {
  return `The proxy does not answer pages of ${origin}: it answers only the sites it serves. Whoever runs the proxy can allow this site by starting it with --origin ${origin}.`;
}
