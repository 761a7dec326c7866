// The hosts the proxy forwards to. A rule is a host name or IP address, optionally with a port
// ("api.example.com", "127.0.0.1:4010", "[::1]:8080"), or a wildcard for the subdomains of a domain
// ("*.example.com": any depth, not example.com itself). A rule without a port allows the scheme's
// default port only (80 for http, 443 for https), as a URL without a port means; another port must be
// named. Hosts are compared as the WHATWG URL parser normalises them (case, IDN to punycode, IPv4 in
// any notation, a trailing dot), so no spelling of a host slips past its rule. A rule written as a URL
// (and a server of the document) allows its scheme only: an https server does not open plain http to
// its host. A wildcard over a public suffix (`*.com`, `*.co.uk`, `*.github.io`: anyone can hold a name
// under it) is refused, by the Public Suffix List (tldts), its private domains included.

import { getPublicSuffix } from 'tldts';

export interface AllowRule {
  /** Normalised host name, IP address (IPv6 in brackets) or, for a wildcard, the domain after "*.". */
  hostname: string;
  wildcard: boolean;
  /** Decimal port, or undefined for the scheme's default port. */
  port: string | undefined;
  /** The one scheme allowed (a rule written as a URL, a server of the document); undefined allows http and https. */
  scheme?: 'http' | 'https' | undefined;
}

const HOST_AND_PORT = /^(\[[^\]]*\]|[^:[\]\s/?#@\\]*)(?::(\d{1,5}))?$/;
const IP_ADDRESS = /^(\[.*\]|[\d.]+)$/;

/** A rule from its text (an `--allow` value); a full URL gives its host. A string is the reason it is refused. */
export function parseAllowRule(text: string): AllowRule | string {
  let rest = text.trim();
  let scheme: AllowRule['scheme'];
  if (rest.includes('://')) {
    let url: URL;
    try {
      url = new URL(rest);
    } catch {
      return `"${text}" is not a host or a URL.`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${text}" is not an http or https URL: the proxy forwards only those.`;
    scheme = url.protocol === 'https:' ? 'https' : 'http';
    rest = url.host;
  }
  if (rest === '*' || rest.startsWith('*:')) return 'A proxy that forwards to any host is an open proxy: name the hosts (api.example.com, *.example.com).';
  const wildcard = rest.startsWith('*.');
  if (wildcard) rest = rest.slice(2);
  const parts = HOST_AND_PORT.exec(rest);
  if (!parts || !parts[1])
    return `"${text}" is not a host: expected a name or address, optionally with a port (api.example.com, 127.0.0.1:4010, *.example.com).`;
  const port = parts[2];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return `"${text}" has no valid port: expected 1 to 65535.`;
  let hostname: string;
  try {
    hostname = normalize(new URL(`http://${parts[1]}`).hostname);
  } catch {
    return `"${text}" is not a host: expected a name or address, optionally with a port (api.example.com, 127.0.0.1:4010, *.example.com).`;
  }
  if (wildcard && (IP_ADDRESS.test(hostname) || !hostname.includes('.')))
    return `"${text}" is too broad or not a domain: a wildcard stands for the subdomains of a domain such as "*.example.com".`;
  if (wildcard && getPublicSuffix(hostname, { allowPrivateDomains: true }) === hostname)
    return `"${text}" is too broad: ${hostname} is a public suffix (anyone can register a name under it), so the wildcard would open the proxy to hosts of strangers. Name your own domain (*.example.${hostname}) or the hosts.`;
  return { hostname, wildcard, port: port === undefined ? undefined : String(Number(port)), ...(scheme ? { scheme } : {}) };
}

/** Whether the URL's host and port are allowed by one of the rules. */
export function isAllowed(url: URL, rules: readonly AllowRule[]): boolean {
  const hostname = normalize(url.hostname);
  return rules.some((rule) => {
    if (rule.scheme !== undefined && url.protocol !== `${rule.scheme}:`) return false;
    if (rule.port === undefined ? url.port !== '' : effectivePort(url) !== rule.port) return false;
    return rule.wildcard ? hostname.endsWith(`.${rule.hostname}`) : hostname === rule.hostname;
  });
}

/** A rule as a user writes it: "*.example.com", "127.0.0.1:4010", "https://api.example.com". */
export function formatAllowRule(rule: AllowRule): string {
  return `${rule.scheme ? `${rule.scheme}://` : ''}${rule.wildcard ? '*.' : ''}${rule.hostname}${rule.port === undefined ? '' : `:${rule.port}`}`;
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function normalize(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}
