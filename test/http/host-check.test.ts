import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { allowedHostNames, refusedHost } from '../../src/http/host-check.js';
import { refusedRequest } from '../../src/cli/serve-guard.js';

// The DNS-rebinding guard of `serve` and `mock`: on every interface, only names of this server.

const firstAddress = (): string | undefined =>
  Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .find((a) => a.family === 'IPv4' && !a.internal)?.address;

describe('the Host check', () => {
  it('answers the loopback names and the bound address, with any port', () => {
    const names = allowedHostNames('127.0.0.1');
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST.:3000', 'localhost'])
      expect(refusedHost(host, names), host).toBeUndefined();
    expect(refusedHost('192.168.1.20:3000', allowedHostNames('192.168.1.20'))).toBeUndefined();
    expect(refusedHost('[fe80::1]:3000', allowedHostNames('fe80::1'))).toBeUndefined();
  });

  it('refuses another name, with the reason naming --allowed-host', () => {
    const names = allowedHostNames('127.0.0.1');
    expect(refusedHost('attacker.example:3000', names)).toBe(
      'the Host header names attacker.example, which is not an address of this server. To open it under that name, start it with --allowed-host attacker.example.',
    );
    expect(refusedHost(undefined, names)).toBe('the request has no Host header.');
    expect(refusedHost('localhost.attacker.example', names)).toMatch(/--allowed-host/);
  });

  it('keeps the check when bound to every interface: the interface addresses and localhost, not any name', () => {
    for (const any of ['0.0.0.0', '::']) {
      const names = allowedHostNames(any);
      expect(refusedHost('attacker.example:3000', names)).toMatch(/--allowed-host attacker\.example/);
      expect(refusedHost('localhost:3000', names)).toBeUndefined();
      const address = firstAddress();
      if (address) expect(refusedHost(`${address}:3000`, names)).toBeUndefined();
    }
  });

  it('answers the names given with --allowed-host', () => {
    const names = allowedHostNames('0.0.0.0', ['docs.lan', 'Tunnel.Example.']);
    expect(refusedHost('docs.lan:3000', names)).toBeUndefined();
    expect(refusedHost('tunnel.example', names)).toBeUndefined();
    expect(refusedHost('other.lan:3000', names)).toMatch(/--allowed-host other\.lan/);
  });

  it("serve's guard also refuses a page of another origin", () => {
    const names = allowedHostNames('0.0.0.0');
    expect(refusedRequest({ host: 'localhost:3000', origin: 'http://localhost:3000' }, names)).toBeUndefined();
    expect(refusedRequest({ host: 'localhost:3000', origin: 'https://attacker.example' }, names)).toBe(
      'the request comes from a page of another site (Origin https://attacker.example).',
    );
    expect(refusedRequest({ host: 'attacker.example:3000', origin: 'http://attacker.example:3000' }, names)).toMatch(/--allowed-host/);
  });
});
