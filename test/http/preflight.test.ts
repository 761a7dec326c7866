import { describe, expect, it } from 'vitest';
import { isPreflight } from '../../src/http/preflight.js';

describe('isPreflight', () => {
  it('is OPTIONS with Origin and Access-Control-Request-Method, and nothing else', () => {
    expect(isPreflight('OPTIONS', { origin: 'https://docs.example.com', 'access-control-request-method': 'PUT' })).toBe(true);
    expect(isPreflight('OPTIONS', { origin: 'https://docs.example.com' })).toBe(false);
    expect(isPreflight('OPTIONS', { 'access-control-request-method': 'PUT' })).toBe(false);
    expect(isPreflight('PUT', { origin: 'https://docs.example.com', 'access-control-request-method': 'PUT' })).toBe(false);
  });
});
