import { describe, expect, it } from 'vitest';
import { jsonWithArray } from '../../../src/openapi/exports/json-parts.js';

describe('jsonWithArray', () => {
  const items = [{ name: 'a', request: { url: 'x', header: [] } }, 'text', 3, [1, [2, {}]], null, { nested: { item: null } }];
  const cases: [string, Record<string, unknown>, string, unknown[]][] = [
    ['key first', { item: [], variable: [{ key: 'k' }] }, 'item', items],
    ['key in the middle', { info: { name: 'T', description: 'a\n  "item": null' }, item: [], variable: [], auth: { type: 'bearer' } }, 'item', items],
    ['key last', { _type: 'export', __export_format: 4, resources: [] }, 'resources', items],
    ['an empty array', { info: {}, item: [], after: 1 }, 'item', []],
    ['a nested key of the same name, and undefined values left out', { info: { item: null }, skipped: undefined, item: [] }, 'item', [{ a: undefined, b: 1 }]],
    ['text outside Latin-1', { info: { name: 'Envíos — “API” 🚚' }, item: [] }, 'item', [{ name: '→ ✓' }]],
  ];
  for (const [name, object, key, list] of cases) {
    it(`writes the text of JSON.stringify(value, null, 2): ${name}`, () => {
      const parts = [...jsonWithArray(object, key, list)];
      expect(parts.join('')).toBe(JSON.stringify({ ...object, [key]: list }, null, 2));
    });
  }

  it('makes each element as it is written', () => {
    const made: number[] = [];
    function* lazy(): Generator<{ n: number }> {
      for (let n = 0; n < 3; n++) {
        made.push(n);
        yield { n };
      }
    }
    const parts = jsonWithArray({ item: [] }, 'item', lazy());
    parts.next();
    expect(made).toEqual([]);
    parts.next();
    expect(made).toEqual([0]);
  });
});
