import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cachedTemplate } from '../../src/components/layout/cached-markup.js';
import type { SiteView } from '../../src/components/site-view.js';

// A template is drawn once with markers and filled per use: filled, it must be what React draws
// with the values themselves, whatever they hold.

const site = { markupCache: new Map() } as unknown as SiteView;

function Card({ href, title, note, body }: { href: string; title: string; note: string; body: string }): React.JSX.Element {
  return (
    <article>
      <a href={href} aria-label={`Read more about ${title}`}>
        {title}
      </a>
      <span>
        {note} <b>min</b>
      </span>
      <div className="markdown">{body}</div>
    </article>
  );
}

const texts = ['plain', '', 'Quotes "double" and \'single\'', 'a & b < c > d', '&amp; already escaped', 'ünïcödé 配送 🚚', '\uE0200\uE021 looks like a marker', '<script>alert(1)</script>', '  spaced  '];

describe('cachedTemplate', () => {
  it('writes text values as React escapes them, in text and in attributes', () => {
    const fill = cachedTemplate(site, 'card', ['href', 'title', 'note', 'body'], (slots) => <Card {...slots} />);
    for (const title of texts) {
      for (const href of ['/blog/a', '/blog/a?x=1&y="2"']) {
        const values = { href, title, note: title, body: title };
        expect(fill(values)).toBe(renderToStaticMarkup(<Card {...values} />));
      }
    }
  });

  it('drawn as a page (renderToString), it keeps the markers React writes between adjacent texts', () => {
    const fill = cachedTemplate(site, 'card-as-page', ['href', 'title', 'note', 'body'], (slots) => <Card {...slots} />, { asPage: true });
    // Not '' next to other text: React writes no marker beside an empty text (see cachedTemplate).
    for (const title of texts.filter((t) => t !== '')) {
      const values = { href: '/blog/a?x=1&y="2"', title, note: title, body: title };
      expect(fill(values)).toBe(renderToString(<Card {...values} />));
    }
    expect(fill({ href: '/a', title: 'T', note: '5', body: 'x' })).toContain('5<!-- --> <b>min</b>');
  });

  it('writes HTML values as they are', () => {
    const fill = cachedTemplate(site, 'card', ['href', 'title', 'note', 'body'], (slots) => <Card {...slots} />);
    const html = fill({ href: '/a', title: 'T', note: { html: '<i>1</i>' }, body: { html: '<p>Hi &amp; <em>bye</em></p>' } });
    expect(html).toBe('<article><a href="/a" aria-label="Read more about T">T</a><span><i>1</i> <b>min</b></span><div class="markdown"><p>Hi &amp; <em>bye</em></p></div></article>');
  });

  it('draws a template once per key', () => {
    let draws = 0;
    const draw = (slots: Record<'title', string>): React.ReactElement => {
      draws++;
      return <p>{slots.title}</p>;
    };
    const other = { markupCache: new Map() } as unknown as SiteView;
    expect(cachedTemplate(other, 'p', ['title'], draw)({ title: 'a' })).toBe('<p>a</p>');
    expect(cachedTemplate(other, 'p', ['title'], draw)({ title: 'b' })).toBe('<p>b</p>');
    expect(draws).toBe(1);
  });
});
