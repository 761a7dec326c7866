import { describe, expect, it } from 'vitest';
import { checkTarget } from '../../src/proxy/check-target.js';
import { rule } from './helpers.js';

const rules = [rule('api.example.com'), rule('127.0.0.1:4010')];
const check = (path: string) => checkTarget(new URL(path, 'http://proxy.test'), rules);

describe('the target of a proxied request', () => {
  it('is the "url" query parameter, with its own path and query', () => {
    const r = check('/?url=https%3A%2F%2Fapi.example.com%2Fv1%2Fquoter%3Fa%3D1%26b%3D%2520');
    expect(r.ok).toBe(true);
    expect(r.ok && r.url.href).toBe('https://api.example.com/v1/quoter?a=1&b=%20');
    expect(check('/proxy/path?url=http%3A%2F%2F127.0.0.1%3A4010%2Fstates').ok).toBe(true);
  });

  it('is 400 when missing, repeated, relative, of another scheme or holding a password', () => {
    expect(check('/')).toEqual({
      ok: false,
      status: 400,
      message: expect.stringMatching(/^No target: give the request's URL, encoded, as the query parameter "url"/),
    });
    expect(check('/?url=')).toMatchObject({ status: 400 });
    expect(check('/?url=https%3A%2F%2Fapi.example.com%2Fa&url=https%3A%2F%2Fapi.example.com%2Fb')).toMatchObject({
      status: 400,
      message: expect.stringMatching(/once/),
    });
    expect(check('/?url=%2Fv1%2Fquoter')).toMatchObject({ status: 400, message: expect.stringMatching(/not an absolute URL/) });
    expect(check('/?url=not%20a%20url')).toMatchObject({ status: 400 });
    expect(check('/?url=file%3A%2F%2F%2Fetc%2Fpasswd')).toMatchObject({ status: 400, message: 'The proxy forwards only http and https requests, not file.' });
    expect(check('/?url=ftp%3A%2F%2Fapi.example.com%2F')).toMatchObject({ status: 400 });
    expect(check('/?url=https%3A%2F%2Fu%3Ap%40api.example.com%2F')).toMatchObject({ status: 400, message: expect.stringMatching(/user name or password/) });
  });

  it('is 403 for a host off the allow-list, naming the host and the flag that allows it', () => {
    expect(check('/?url=https%3A%2F%2Fapi.other.test%2Fv1')).toMatchObject({
      ok: false,
      status: 403,
      message:
        'The proxy does not forward requests to api.other.test: it is not on its allow-list. Whoever runs the proxy can allow it by starting it with --allow api.other.test.',
    });
    expect(check('/?url=http%3A%2F%2F127.0.0.1%3A9999%2F')).toMatchObject({ status: 403, message: expect.stringContaining('--allow 127.0.0.1:9999') });
  });
});
