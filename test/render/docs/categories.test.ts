import { describe, expect, it } from 'vitest';
import { parseCategories } from '../../../src/render/docs/categories.js';

const category = (contents: string, relPath = 'content/docs/guide/_category_.yml') => parseCategories([{ version: '', dir: 'guide', relPath, contents }]);

describe('parseCategories', () => {
  it('reads YAML and JSON category files', () => {
    expect(category('label: Guide\nposition: 2\ncollapsed: false\nlink:\n  type: generated-index\n  slug: /handbook\n').byDir.get(':guide')).toEqual({
      label: 'Guide',
      position: 2,
      collapsed: false,
      link: { type: 'generated-index', slug: '/handbook' },
    });
    expect(category('{ "label": "Guide", "position": 1.5, "link": null }', 'content/docs/guide/_category_.json').byDir.get(':guide')).toEqual({
      label: 'Guide',
      position: 1.5,
      link: null,
    });
    expect(category('').byDir.get(':guide')).toEqual({});
  });

  it('reports a YAML error and a wrong key at their line and column', () => {
    expect(category('label: Guide\nposition: [1\n').diagnostics).toMatchObject([{ code: 'SD2005', line: 3 }]);
    const wrong = category('label: Guide\ncolapsed: true\n').diagnostics;
    expect(wrong).toMatchObject([{ code: 'SD2005', line: 2, column: 1, lineText: 'colapsed: true' }]);
    expect(wrong[0]!.message).toMatch(/^Category: .*colapsed/);
    expect(category('label: Guide\nposition: first\n').diagnostics).toMatchObject([{ code: 'SD2005', line: 2, column: 11 }]);
    expect(category('{ "label": "A", "label": "B" }', 'content/docs/guide/_category_.json').diagnostics).toMatchObject([{ code: 'SD2005', line: 1 }]);
  });
});
