import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { escapeAsReact, escapeAttribute, escapeText, escapeXml, validXml } from '../../src/shared/html-escape.js';

const HOSTILE = `a < b && c > "d" 'e'`;

describe('the escapers, one per context', () => {
  it('text: &, < and >; quotes as typed', () => {
    expect(escapeText(HOSTILE)).toBe(`a &lt; b &amp;&amp; c &gt; "d" 'e'`);
  });

  it('attribute: double quotes too', () => {
    expect(escapeAttribute(HOSTILE)).toBe(`a &lt; b &amp;&amp; c &gt; &quot;d&quot; 'e'`);
  });

  it("React's: exactly what React writes in text and in attributes", () => {
    expect(escapeAsReact(HOSTILE)).toBe(`a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#x27;e&#x27;`);
    expect(renderToStaticMarkup(<p title={HOSTILE}>{HOSTILE}</p>)).toBe(`<p title="${escapeAsReact(HOSTILE)}">${escapeAsReact(HOSTILE)}</p>`);
  });

  it('XML: &apos;, and the characters XML 1.0 forbids dropped', () => {
    expect(escapeXml(`${HOSTILE}\u0002\uFFFE`)).toBe(`a &lt; b &amp;&amp; c &gt; &quot;d&quot; &apos;e&apos;`);
    expect(validXml('a\u0000b\uD800c\uD83D\uDE00')).toBe('abc\uD83D\uDE00');
  });

  it('leaves text without those characters as it is', () => {
    for (const escape of [escapeText, escapeAttribute, escapeAsReact, escapeXml]) expect(escape('plain text')).toBe('plain text');
  });
});
