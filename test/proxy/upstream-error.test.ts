import { describe, expect, it } from 'vitest';
import { describeUpstreamError } from '../../src/proxy/upstream-error.js';

const fail = (code: string, message = code): Error & { code: string } => Object.assign(new Error(message), { code });
const https = new URL('https://api.example.com/v1');

describe('why a target could not be reached', () => {
  it('says it in plain words for DNS, refused connections, resets, routes and TLS', () => {
    expect(describeUpstreamError(fail('ENOTFOUND'), https)).toBe('Could not reach api.example.com: the host name does not resolve (DNS lookup failed).');
    expect(describeUpstreamError(fail('EAI_AGAIN'), https)).toMatch(/DNS lookup failed for now/);
    expect(describeUpstreamError(fail('ECONNREFUSED'), new URL('http://127.0.0.1:4010/'))).toBe(
      'Could not reach 127.0.0.1: the connection to port 4010 was refused (nothing listens there).',
    );
    expect(describeUpstreamError(fail('ECONNRESET'), https)).toBe('api.example.com closed the connection before answering.');
    expect(describeUpstreamError(fail('ENETUNREACH'), https)).toMatch(/no network route/);
    expect(describeUpstreamError(fail('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'), https)).toBe(
      'Could not reach api.example.com securely: its TLS certificate is not accepted (self-signed certificate).',
    );
    expect(describeUpstreamError(fail('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames"), https)).toMatch(
      /certificate is not accepted/,
    );
    const openssl =
      'write EPROTO 80CC615EEE7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n';
    expect(describeUpstreamError(fail('EPROTO', openssl), https)).toBe(
      'Could not reach api.example.com securely: the TLS handshake failed (wrong version number). Is port 443 serving https?',
    );
    expect(describeUpstreamError(fail('HPE_INVALID_CONSTANT'), https)).toBe('api.example.com answered with something that is not valid HTTP.');
    expect(describeUpstreamError(new Error('something else'), https)).toBe('Could not reach api.example.com: something else.');
  });
});
