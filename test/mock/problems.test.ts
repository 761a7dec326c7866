import { describe, expect, it } from 'vitest';
import { fieldOf, requestError, type Problem } from '../../src/mock/problems.js';

const body = (pointer: string, status: 400 | 422 = 422, message = 'must be > 0'): Problem => ({ status, in: 'body', pointer, keyword: 'x', message });
const query = (name: string, status: 400 | 422, message: string): Problem => ({ status, in: 'query', name, pointer: '', keyword: 'x', message });

describe('problems', () => {
  it('name fields in dot and bracket notation', () => {
    expect(fieldOf(body('/parcels/0/weight_kg'))).toBe('parcels[0].weight_kg');
    expect(fieldOf(body('/0/a~1b'))).toBe('[0].a/b');
    expect(fieldOf(body(''))).toBe('body');
    expect(fieldOf({ ...query('filter', 422, ''), pointer: '/kind' })).toBe('filter.kind');
  });

  it('answer 400 with the unreadable values when there are any, else 422 with every schema problem', () => {
    const all = [query('limit', 422, 'must be >= 1'), body('', 400, 'is not valid JSON'), query('id', 400, 'is required')];
    expect(requestError(all)).toEqual({
      status: 400,
      message: 'Malformed request: body is not valid JSON (and 1 more problem).',
      problems: [all[1], all[2]],
    });
    expect(requestError([body('/a'), body('/b'), query('limit', 422, 'must be >= 1')])).toMatchObject({
      status: 422,
      message: 'Invalid request: body field a must be > 0 (and 2 more problems).',
    });
    expect(requestError([query('limit', 422, 'must be >= 1')]).message).toBe('Invalid request: query parameter limit must be >= 1.');
  });
});
