import type { IncomingHttpHeaders } from 'node:http';

/**
 * DNS-rebinding and cross-site guard of the preview server: the Host header must name this
 * server, and an Origin, when sent, must be this server's own.
 */
export function isAllowedRequest(headers: IncomingHttpHeaders, server: { host: string; port: number }): boolean {
  const allowedHosts = new Set([`${server.host}:${server.port}`, `localhost:${server.port}`, `127.0.0.1:${server.port}`, `[::1]:${server.port}`]);
  if (server.host.includes(':')) allowedHosts.add(`[${server.host}]:${server.port}`);
  const host = headers.host?.toLowerCase();
  const wildcard = server.host === '0.0.0.0' || server.host === '::';
  if (!host) return false;
  if (!wildcard && !allowedHosts.has(host)) return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host.toLowerCase() === host;
  } catch {
    return false;
  }
}
