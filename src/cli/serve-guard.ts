import type { IncomingHttpHeaders } from 'node:http';
import { refusedHost } from '../http/host-check.js';

/**
 * DNS-rebinding and cross-site guard of the preview server: the Host header must name this server
 * (`allowedHostNames` of http/host-check.ts, on every interface), and an Origin, when sent, must be
 * the page's own host. Returns why a request is refused, or undefined when it is answered.
 */
export function refusedRequest(headers: IncomingHttpHeaders, hostNames: ReadonlySet<string>): string | undefined {
  const hostReason = refusedHost(headers.host, hostNames);
  if (hostReason) return hostReason;
  const origin = headers.origin;
  if (origin === undefined) return undefined;
  let originHost: string | undefined;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    originHost = undefined;
  }
  return originHost === headers.host!.toLowerCase() ? undefined : `the request comes from a page of another site (Origin ${origin}).`;
}
