import { describe, expect, it } from 'vitest';
import { repairDocument } from '../../src/openapi/load/repair-document.js';

describe('repairDocument', () => {
  it('copies only the way to each repaired value: the document itself is unchanged, the rest is shared', () => {
    const untouched = { type: 'string' };
    const document = { paths: { '/a': { get: { tags: 'pets', parameters: [{ name: 'q', schema: { pattern: 0, minimum: '3' } }] } } }, other: untouched };
    const before = structuredClone(document);
    const repaired = repairDocument(document, [
      { pointer: '/paths/~1a/get/tags', kind: 'read', value: ['pets'] },
      { pointer: '/paths/~1a/get/parameters/0/schema/pattern', kind: 'read', value: '0' },
      { pointer: '/paths/~1a/get/parameters/0/schema/minimum', kind: 'drop' },
    ]);
    expect(document).toEqual(before);
    expect(repaired).toEqual({ paths: { '/a': { get: { tags: ['pets'], parameters: [{ name: 'q', schema: { pattern: '0' } }] } } }, other: untouched });
    expect(repaired.other).toBe(untouched);
    expect(Array.isArray(repaired.paths['/a'].get.parameters)).toBe(true);
  });

  it('skips a repair inside a value another repair leaves out', () => {
    const document = { info: { title: 't', license: { name: 5, url: 7 } } };
    expect(
      repairDocument(document, [
        { pointer: '/info/license/url', kind: 'read', value: '7' },
        { pointer: '/info/license', kind: 'drop' },
      ]),
    ).toEqual({ info: { title: 't' } });
  });
});
