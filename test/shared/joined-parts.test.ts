import { describe, expect, it } from 'vitest';
import { joinedParts } from '../../src/shared/model.js';

describe('joinedParts', () => {
  it('joins text parts into one text, and byte parts into one array of bytes, in order', () => {
    expect(joinedParts({ path: 'a.md', parts: ['# A', '\n\n', 'text\n'] })).toEqual({ path: 'a.md', contents: '# A\n\ntext\n' });
    const bytes = joinedParts({ path: 'a.zip', parts: [new Uint8Array([1, 2]), new Uint8Array([]), new Uint8Array([3])] });
    expect(bytes).toEqual({ path: 'a.zip', contents: new Uint8Array([1, 2, 3]) });
  });

  it('gives a whole file back as it is', () => {
    const file = { path: 'b.html', contents: '<p>b</p>' };
    expect(joinedParts(file)).toBe(file);
  });
});
