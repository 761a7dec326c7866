import { beforeAll, describe, expect, it } from 'vitest';
import { loadCommentParser, ownLineComments, parsedWithoutComments, withoutComments } from '../../../src/render/markdown/hidden-comments.js';

beforeAll(loadCommentParser);

// Comments on lines of their own at a text's top level (a blog post's `<!-- truncate -->`) are
// found from markdown-it's blocks instead of @mdx-js/mdx's tree: the two readings must agree on
// every text the quick one answers.

const LINES = [
  '<!-- truncate -->',
  '<!-- truncate -->   ',
  '   <!-- indented three -->',
  '    <!-- indented four: code -->',
  '\t<!-- a tab: code -->',
  '<!--',
  'inside a comment',
  '-->',
  '<!-- one --> <!-- two -->',
  '<!-- then text --> text',
  '<!-- unclosed',
  'Text <!-- inline --> more.',
  'A paragraph line.',
  'Another line of it.',
  '',
  '',
  '# A heading',
  'Setext',
  '===',
  '- a list item',
  '  <!-- in the item -->',
  '> a quote',
  '> <!-- quoted -->',
  '```',
  '```html',
  '~~~',
  '`<!-- inline code -->`',
  '<div>',
  '</div>',
  '<!-->',
  '<!--->',
  '[//]: # (a comment)',
  '[ref]: https://example.com',
  '1. ordered',
  '    indented text',
];

/** A text of `n` lines drawn from LINES by a seeded generator, with or without a last line break. */
function text(seed: number, n: number): string {
  let x = seed;
  const next = (): number => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = Array.from({ length: n }, () => LINES[Math.floor(next() * LINES.length)]!);
  return lines.join('\n') + (next() < 0.7 ? '\n' : '');
}

describe('comments on lines of their own, read from markdown-it', () => {
  it('agree with the parsed tree on every text they answer (20,000 random texts)', () => {
    let answered = 0;
    for (let seed = 1; seed <= 20_000; seed++) {
      const md = text(seed, 1 + (seed % 12));
      const quick = ownLineComments(md);
      if (quick === undefined) continue;
      answered++;
      expect({ md, out: quick }).toEqual({ md, out: parsedWithoutComments(md, false) });
    }
    // Enough texts take the quick way for the comparison to mean something.
    expect(answered).toBeGreaterThan(2_000);
  });

  it("take a blog post's truncate marker out, and leave a comment in code to the parser", () => {
    const post = 'Intro.\n\n<!-- truncate -->\n\n## More\n';
    expect(ownLineComments(post)).toBe('Intro.\n\n\n## More\n');
    expect(withoutComments(post)).toBe(parsedWithoutComments(post, false));
    const fenced = 'Intro.\n\n<!-- truncate -->\n\n```html\n<!-- kept -->\n```\n';
    expect(ownLineComments(fenced)).toBeUndefined();
    expect(withoutComments(fenced)).toContain('<!-- kept -->');
    expect(withoutComments(fenced)).not.toContain('truncate');
  });
});
