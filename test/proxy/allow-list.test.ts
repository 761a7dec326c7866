import { describe, expect, it } from 'vitest';
import { formatAllowRule, isAllowed, parseAllowRule } from '../../src/proxy/allow-list.js';
import { allowRulesFromServers } from '../../src/proxy/server-hosts.js';
import { rule } from './helpers.js';

const allowed = (url: string, ...rules: string[]): boolean => isAllowed(new URL(url), rules.map(rule));

describe('allow-list rules', () => {
  it('reads hosts, ports, wildcards, IPv6 and URLs, normalised as URLs are', () => {
    expect(parseAllowRule('api.example.com')).toEqual({ hostname: 'api.example.com', wildcard: false, port: undefined });
    expect(parseAllowRule(' API.Example.COM. ')).toEqual({ hostname: 'api.example.com', wildcard: false, port: undefined });
    expect(parseAllowRule('127.0.0.1:4010')).toEqual({ hostname: '127.0.0.1', wildcard: false, port: '4010' });
    expect(parseAllowRule('[::1]:8080')).toEqual({ hostname: '[::1]', wildcard: false, port: '8080' });
    expect(parseAllowRule('*.example.com')).toEqual({ hostname: 'example.com', wildcard: true, port: undefined });
    expect(parseAllowRule('https://api.example.com/v1')).toEqual({ hostname: 'api.example.com', wildcard: false, port: undefined, scheme: 'https' });
    expect(parseAllowRule('http://localhost:4010')).toEqual({ hostname: 'localhost', wildcard: false, port: '4010', scheme: 'http' });
    expect(['api.example.com', '127.0.0.1:4010', '*.example.com', '[::1]:8080'].map((t) => formatAllowRule(rule(t)))).toEqual([
      'api.example.com',
      '127.0.0.1:4010',
      '*.example.com',
      '[::1]:8080',
    ]);
  });

  it('refuses what is not a host, and rules that would open the proxy to everything', () => {
    expect(parseAllowRule('*')).toMatch(/open proxy/);
    expect(parseAllowRule('*:443')).toMatch(/open proxy/);
    expect(parseAllowRule('*.com')).toMatch(/too broad/);
    expect(parseAllowRule('*.10.0.0.1')).toMatch(/too broad/);
    expect(parseAllowRule('ws://api.example.com')).toMatch(/not an http or https URL/);
  });

  it('refuses a wildcard over a public suffix, ICANN or private (Public Suffix List)', () => {
    expect(parseAllowRule('*.co.uk')).toBe(
      '"*.co.uk" is too broad: co.uk is a public suffix (anyone can register a name under it), so the wildcard would open the proxy to hosts of strangers. Name your own domain (*.example.co.uk) or the hosts.',
    );
    for (const text of ['*.github.io', '*.com.au', '*.herokuapp.com', '*.CO.UK.', 'https://*.github.io'])
      expect(parseAllowRule(text), text).toMatch(/public suffix/);
    for (const text of ['*.example.co.uk', '*.owner.github.io', '*.example.test', '*.internal.example'])
      expect(typeof parseAllowRule(text), text).toBe('object');
    expect(parseAllowRule('api.example.com/v1')).toMatch(/is not a host/);
    expect(parseAllowRule('a b')).toMatch(/is not a host/);
    expect(parseAllowRule('')).toMatch(/is not a host/);
    expect(parseAllowRule('api.example.com:0')).toMatch(/no valid port/);
    expect(parseAllowRule('api.example.com:70000')).toMatch(/no valid port/);
    expect(parseAllowRule('https://')).toMatch(/not a host or a URL/);
  });

  it('allows an exact host on its default port, for http and https', () => {
    expect(allowed('https://api.example.com/v1/quoter?a=1', 'api.example.com')).toBe(true);
    expect(allowed('http://api.example.com/', 'api.example.com')).toBe(true);
    expect(allowed('https://API.example.com./v1', 'api.example.com')).toBe(true);
    expect(allowed('https://api.example.com:443/v1', 'api.example.com')).toBe(true);
  });

  it('allows another port only when the rule names it', () => {
    expect(allowed('https://api.example.com:8443/', 'api.example.com')).toBe(false);
    expect(allowed('https://api.example.com:8443/', 'api.example.com:8443')).toBe(true);
    expect(allowed('http://127.0.0.1:4010/quoter', '127.0.0.1:4010')).toBe(true);
    expect(allowed('http://127.0.0.1:4011/quoter', '127.0.0.1:4010')).toBe(false);
    expect(allowed('http://127.0.0.1/quoter', '127.0.0.1:4010')).toBe(false);
    expect(allowed('https://api.example.com/', 'api.example.com:443')).toBe(true);
    expect(allowed('http://[::1]:8080/', '[::1]:8080')).toBe(true);
  });

  it('allows the subdomains of a wildcard at any depth, not the domain itself', () => {
    expect(allowed('https://eu.api.example.com/v1', '*.example.com')).toBe(true);
    expect(allowed('https://api.example.com/v1', '*.example.com')).toBe(true);
    expect(allowed('https://example.com/v1', '*.example.com')).toBe(false);
    expect(allowed('https://api.example.com.evil.test/', '*.example.com')).toBe(false);
    expect(allowed('https://notexample.com/', '*.example.com')).toBe(false);
    expect(allowed('https://api.example.com:8443/', '*.example.com')).toBe(false);
  });

  it('refuses other hosts, and every other spelling of an allowed address is the address', () => {
    expect(allowed('https://api.example.org/', 'api.example.com')).toBe(false);
    expect(allowed('https://api.example.com.evil.test/', 'api.example.com')).toBe(false);
    expect(allowed('https://evil.test/?api.example.com', 'api.example.com')).toBe(false);
    expect(allowed('http://localhost:4010/', '127.0.0.1:4010')).toBe(false);
    // Other notations of 127.0.0.1 are 127.0.0.1 (the URL parser normalises them): allowed as that address, nothing more.
    expect(allowed('http://0x7f.1:4010/', '127.0.0.1:4010')).toBe(true);
    expect(allowed('http://2130706433:4010/', '127.0.0.1:4010')).toBe(true);
    expect(allowed('http://0x7f.1:4010/', 'api.example.com')).toBe(false);
  });
});

describe('hosts from the servers of the document', () => {
  const server = (url: string, variables: { name: string; default: string; enum?: string[] }[] = []) => ({
    url,
    variables: variables.map((v) => ({ enum: [], description: undefined, ...v })),
  });

  it('takes the hosts of absolute http(s) servers, once each, and skips relative and other URLs', () => {
    const rules = allowRulesFromServers([
      server('https://api.rutapack.example/v1'),
      server('https://sandbox.rutapack.example/v1'),
      server('http://127.0.0.1:4010'),
      server('https://api.rutapack.example/v2'),
      server('/v1'),
      server('ws://stream.example.com'),
    ]);
    expect(rules.map(formatAllowRule)).toEqual(['https://api.rutapack.example', 'https://sandbox.rutapack.example', 'http://127.0.0.1:4010']);
  });

  it("expands a variable's enum, else takes its default; an undeclared variable gives no host", () => {
    const rules = allowRulesFromServers([
      server('https://{region}.api.example.com/{version}', [
        { name: 'region', default: 'eu', enum: ['eu', 'us'] },
        { name: 'version', default: 'v1' },
      ]),
      server('https://{tenant}.example.org', [{ name: 'tenant', default: 'demo' }]),
      server('{scheme}://api.example.net:{port}', [
        { name: 'scheme', default: 'https', enum: ['https', 'http'] },
        { name: 'port', default: '8443' },
      ]),
      server('https://{undeclared}.example.io'),
    ]);
    expect(rules.map(formatAllowRule)).toEqual([
      'https://eu.api.example.com',
      'https://us.api.example.com',
      'https://demo.example.org',
      'https://api.example.net:8443',
      'http://api.example.net:8443',
    ]);
  });

  it('keeps the scheme of a server: an https server does not allow plain http to its host', () => {
    const rules = allowRulesFromServers([server('https://api.example.com/v1')]);
    expect(isAllowed(new URL('https://api.example.com/v1/items'), rules)).toBe(true);
    expect(isAllowed(new URL('http://api.example.com/v1/items'), rules)).toBe(false);
    expect(isAllowed(new URL('http://api.example.com:443/v1/items'), rules)).toBe(false);
  });
});
