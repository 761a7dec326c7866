import { beforeAll, describe, expect, it } from 'vitest';
import { loadCommentParser, withoutComments } from '../../../src/render/markdown/hidden-comments.js';

beforeAll(loadCommentParser);

// Comments found in the parser's tree: removed wherever Markdown is read, kept in code.

describe('withoutComments', () => {
  it('removes HTML comments on their own lines, inline, and spanning lines', () => {
    const md = ['# Title', '', '<!-- secret one -->', '', 'Text <!-- secret two --> more.', '', '<!--', 'secret three', '-->', 'After.', ''].join('\n');
    const out = withoutComments(md);
    expect(out).not.toContain('secret');
    expect(out).toContain('Text  more.');
    expect(out).toContain('After.');
    expect(out.startsWith('# Title\n\n')).toBe(true);
  });

  it('removes link reference definitions used as comments, and keeps other definitions', () => {
    const md = [
      'Intro [link][ref].',
      '',
      '[//]: # (secret one)',
      '[comment]: <> (secret two)',
      '[Comment]: # "secret three"',
      '',
      '[ref]: https://example.com',
      '',
    ].join('\n');
    const out = withoutComments(md);
    expect(out).not.toContain('secret');
    expect(out).toContain('[ref]: https://example.com');
    expect(out).toContain('Intro [link][ref].');
  });

  it('keeps comments inside fenced code, indented code and inline code', () => {
    const md = [
      '```html',
      '<!-- kept one -->',
      '[//]: # (kept two)',
      '```',
      '',
      '    <!-- kept three -->',
      '',
      'Use `<!-- kept four -->` to hide text. <!-- gone -->',
      '',
    ].join('\n');
    const out = withoutComments(md);
    for (const kept of ['<!-- kept one -->', '[//]: # (kept two)', '    <!-- kept three -->', '`<!-- kept four -->`']) expect(out).toContain(kept);
    expect(out).not.toContain('gone');
  });

  it('removes a comment inside raw HTML and keeps the HTML', () => {
    const out = withoutComments('<div class="note">\n<!-- secret -->\nShown\n</div>\n');
    expect(out).not.toContain('secret');
    expect(out).toContain('<div class="note">');
    expect(out).toContain('Shown');
  });

  it('removes MDX comments in .mdx and keeps code and expressions', () => {
    const md = ['import X from "./x.js";', '', '{/* secret one */}', '', 'Text {/* secret two */} and {1 + 1}.', '', '```js', '{/* kept */}', '```', ''].join(
      '\n',
    );
    const out = withoutComments(md, { mdx: true });
    expect(out).not.toContain('secret');
    expect(out).toContain('{1 + 1}');
    expect(out).toContain('{/* kept */}');
    expect(out).toContain('import X from "./x.js";');
  });

  it('returns text without comments as it is', () => {
    const md = '# Title\n\nNo comment here: `code` and [a](/b).\n';
    expect(withoutComments(md)).toBe(md);
  });
});
