import { describe, expect, it } from 'vitest';
import GithubSlugger from 'github-slugger';
import { countWords } from '../../../src/render/blog/parse-blog.js';
import { createSlugger } from '../../../src/render/markdown/rehype-structure.js';

// Hand-written versions of a regular expression (word count) and of github-slugger (memoized),
// held equal to what they replace.

describe('countWords', () => {
  const byRegex = (html: string): number =>
    html
      .replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .filter(Boolean).length;

  it('counts the words of HTML with tags read as spaces', () => {
    const samples = [
      '',
      ' ',
      'one',
      '<p>one two</p>',
      '<p>one</p><p>two</p>',
      'a<b>c</b>d',
      '<>x',
      'x<>y',
      'a < b and c > d',
      '1 < 2',
      'no close <tag',
      '<a href="x">link</a>\n\ttext\u00a0nbsp\u2003em\u3000ideo\ufeffbom',
      '<<<>>>',
      '<p>\n</p>',
      'x'.repeat(50) + '<br/>' + 'y',
    ];
    // Random strings over the characters that matter.
    const alphabet = ['<', '>', ' ', '\n', 'a', 'b', '\u00a0', '\u2028', '/', '"'];
    let seed = 7;
    for (let n = 0; n < 2000; n++) {
      let text = '';
      for (let i = 0; i < n % 40; i++) text += alphabet[(seed = (seed * 1103515245 + 12345) % 2147483648) % alphabet.length];
      samples.push(text);
    }
    for (const html of samples) expect(countWords(html), JSON.stringify(html)).toBe(byRegex(html));
  });

  it('stays linear on a text of many unclosed brackets', () => {
    const start = performance.now();
    expect(countWords('<'.repeat(200_000))).toBe(1);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('createSlugger', () => {
  it("gives github-slugger's unique slugs", () => {
    const headings = [
      'Intro',
      'Intro',
      'intro',
      'Intro-1',
      'Intro',
      'Ünïcödé & “quotes”',
      '配送 追跡',
      '🚚 Emoji',
      '',
      'section',
      'Section',
      'a-1',
      'A',
      'a',
      'a',
    ];
    const theirs = new GithubSlugger();
    const ours = createSlugger();
    for (const h of headings) expect(ours(h)).toBe(theirs.slug(h));
  });
});
