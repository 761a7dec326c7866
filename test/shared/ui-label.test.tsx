import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { T } from '../../src/components/layout/T.js';
import { contentHtml } from '../../src/render/search/html-text.js';
import { labelAttributes, labelHtml, withoutLabels } from '../../src/shared/ui-label.js';

describe('UI labels', () => {
  it('are one span per language, with the same markup from the server component and from strings', () => {
    expect(labelAttributes('en')).toEqual({ lang: 'en', 'data-l': 'en' });
    const react = renderToStaticMarkup(<T k="navigation.search" />);
    expect(react).toMatch(/^<span lang="es" data-l="es">[^<]+<\/span><span lang="en" data-l="en">[^<]+<\/span>$/);
    const texts = [...react.matchAll(/data-l="([a-z]+)">([^<]+)</g)].map((m) => [m[1]!, m[2]!] as const);
    expect(labelHtml(texts)).toBe(react);
    expect(labelHtml([['en', 'A "quoted" <b> & more']])).toBe('<span lang="en" data-l="en">A &quot;quoted&quot; &lt;b&gt; &amp; more</span>');
  });

  it('are dropped by search, whoever wrote them, and nothing else is', () => {
    const page = `<p>Before ${renderToStaticMarkup(<T k="navigation.search" />)} middle ${labelHtml([
      ['es', 'Ejemplo'],
      ['en', 'Example'],
    ])} after <span lang="fr">gardé</span></p>`;
    expect(withoutLabels(page)).toBe('<p>Before  middle  after <span lang="fr">gardé</span></p>');
    expect(contentHtml(page)).toBe(withoutLabels(page));
  });
});
