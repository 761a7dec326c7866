import { describe, expect, it } from 'vitest';
import { logTarget } from '../../src/proxy/log-target.js';

describe('the logged target', () => {
  it('is the origin and path, never the query, the fragment or a user name', () => {
    expect(logTarget(new URL('https://api.example.com/v1/quoter?api_key=sk_live_secret&a=1#x'))).toBe('https://api.example.com/v1/quoter');
    expect(logTarget(new URL('http://user:pass@127.0.0.1:4010/states?token=t'))).toBe('http://127.0.0.1:4010/states');
    expect(logTarget(undefined)).toBe('-');
  });

  it('is cut when very long', () => {
    const target = logTarget(new URL(`https://api.example.com/${'a'.repeat(500)}`));
    expect(target).toHaveLength(300);
    expect(target.endsWith('…')).toBe(true);
  });
});
