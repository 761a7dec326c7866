import { networkInterfaces } from 'node:os';

// The DNS-rebinding guard of the local servers (`serve`, `mock`): a page on attacker.example whose
// name the attacker points at this machine is same-origin with a server listening here, and could read
// it, but its requests name attacker.example in the Host header. So a request is answered only when
// its Host names an address the server listens on (every interface address when bound to 0.0.0.0 or
// ::), `localhost`, `127.0.0.1`, `[::1]`, or a name given with `--allowed-host` (as Vite's
// `server.allowedHosts`). Names are compared without the port, lowercased, without a trailing dot.

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const ANY_INTERFACE = new Set(['0.0.0.0', '::', '[::]', '']);

/** The host names a server bound to `host` answers to, with the `--allowed-host` values. */
export function allowedHostNames(host: string, allowedHosts: readonly string[] = []): Set<string> {
  const names = new Set([...LOOPBACK, bracket(host.toLowerCase()), ...allowedHosts.map(normalize)]);
  if (ANY_INTERFACE.has(host)) {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const { address } of addresses ?? []) names.add(bracket(address.toLowerCase().replace(/%.*$/, '')));
    }
  }
  return names;
}

/** Why a request's Host header is refused (a sentence naming `--allowed-host`), or undefined when it names this server. */
export function refusedHost(header: string | undefined, names: ReadonlySet<string>): string | undefined {
  if (!header) return 'the request has no Host header.';
  const name = normalize(header.replace(/:\d*$/, ''));
  if (names.has(name)) return undefined;
  return `the Host header names ${name}, which is not an address of this server. To open it under that name, start it with --allowed-host ${name}.`;
}

function bracket(address: string): string {
  return address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
}

function normalize(name: string): string {
  return bracket(name.trim().toLowerCase().replace(/\.$/, ''));
}
