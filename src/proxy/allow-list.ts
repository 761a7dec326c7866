// The hosts the proxy forwards to. A rule is a host name or IP address, optionally with a port
// ("api.example.com", "127.0.0.1:4010", "[::1]:8080"), or a wildcard for the subdomains of a domain
// ("*.example.com": any depth, not example.com itself). A rule without a port allows the scheme's
// default port only (80 for http, 443 for https), as a URL without a port means; another port must be
// named. Hosts are compared as the WHATWG URL parser normalises them (case, IDN to punycode, IPv4 in
// any notation, a trailing dot), so no spelling of a host slips past its rule.

export interface AllowRule {
  /** Normalised host name, IP address (IPv6 in brackets) or, for a wildcard, the domain after "*.". */
  hostname: string;
  wildcard: boolean;
  /** Decimal port, or undefined for the scheme's default port. */
  port: string | undefined;
}

const HOST_AND_PORT = /^(\[[^\]]*\]|[^:[\]\s/?#@\\]*)(?::(\d{1,5}))?$/;
const IP_ADDRESS = /^(\[.*\]|[\d.]+)$/;

/** A rule from its text (an `--allow` value); a full URL gives its host. A string is the reason it is refused. */
export function parseAllowRule(text: string): AllowRule | string {
  let rest = text.trim();
  if (rest.includes('://')) {
    let url: URL;
    try {
      url = new URL(rest);
    } catch {
      return `"${text}" is not a host or a URL.`;
    }
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
  return { hostname, wildcard, port: port === undefined ? undefined : String(Number(port)) };
}

/** Whether the URL's host and port are allowed by one of the rules. */
export function isAllowed(url: URL, rules: readonly AllowRule[]): boolean {
  const hostname = normalize(url.hostname);
  return rules.some((rule) => {
    if (rule.port === undefined ? url.port !== '' : effectivePort(url) !== rule.port) return false;
    return rule.wildcard ? hostname.endsWith(`.${rule.hostname}`) : hostname === rule.hostname;
  });
}

/** A rule as a user writes it: "*.example.com", "127.0.0.1:4010". */
export function formatAllowRule(rule: AllowRule): string {
  return `${rule.wildcard ? '*.' : ''}${rule.hostname}${rule.port === undefined ? '' : `:${rule.port}`}`;
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function normalize(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}
