import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText, summaryText } from '../../src/shared/html-text.js';

describe('decodeEntities', () => {
  it('decodes the named references React, markdown-it and browsers write, in any case, and every numeric one', () => {
    expect(decodeEntities('&amp;&lt;&gt;&quot;&apos;&nbsp;&AMP;&#x27;&#39;&#x1F600;')).toBe(`&<>"'\u00a0&''😀`);
  });
  it('decodes once and leaves what it does not know', () => {
    expect(decodeEntities('&amp;lt; &copy; &#0; &#x110000; & x')).toBe('&lt; &copy; &#0; &#x110000; & x');
  });
});

describe('htmlToText', () => {
  it('is the text a reader sees: inline tags join their words, blocks and line breaks are spaces, scripts and SVG go', () => {
    expect(htmlToText('<p>Use <code>id</code>.</p><p>Next&nbsp;one<br>line</p><script>x()</script><svg><text>icon</text></svg>')).toBe('Use id. Next one line');
  });
});

describe('summaryText', () => {
  it('reads every tag as a space, drops code blocks and decodes entities', () => {
    expect(summaryText('<p>Use <code>a&amp;b</code>.</p><pre><code>curl x</code></pre><p>Done &lt;3</p>')).toBe('Use a&b . Done <3');
  });
  it('cuts at a word with an ellipsis, and is undefined when nothing is left', () => {
    expect(summaryText('<p>one two three four</p>', 12)).toBe('one two…');
    expect(summaryText('<pre>only code</pre>')).toBeUndefined();
    expect(summaryText(undefined)).toBeUndefined();
  });
});
