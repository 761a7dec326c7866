import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { tocMarkup, tocTree, type TocNode } from '../../src/components/layout/DocChrome.js';
import { T } from '../../src/components/layout/T.js';
import type { SiteView } from '../../src/components/site-view.js';
import type { TocItem } from '../../src/shared/model.js';

// The table of contents is filled from templates; it must be what React drew from the entries
// themselves (this reference is the component it replaced), nesting and odd text included.

function ReferenceToc({ toc }: { toc: readonly TocItem[] }): React.JSX.Element | null {
  if (toc.length === 0) return null;
  const { roots, min } = tocTree(toc);
  const list = (nodes: TocNode[], top: boolean): React.JSX.Element => (
    <ul className={top ? 'toc__list' : 'toc__list toc__list--nested'}>
      {nodes.map((n) => (
        <li key={n.item.id}>
          <a className={`toc__link toc__link--depth-${n.item.depth - min}`} href={`#${n.item.id}`}>
            {n.item.text}
          </a>
          {n.children.length ? list(n.children, false) : null}
        </li>
      ))}
    </ul>
  );
  return (
    <nav className="toc" aria-labelledby="toc-title" data-toc="">
      <p className="toc__title" id="toc-title">
        <T k="navigation.onThisPage" />
      </p>
      {list(roots, true)}
    </nav>
  );
}

const site = (): SiteView => ({ markupCache: new Map(), languages: ['es', 'en'] }) as unknown as SiteView;
const item = (depth: number, text: string, id = text.toLowerCase().replace(/\W+/g, '-')): TocItem => ({ depth, text, id });

describe('tocMarkup', () => {
  it('is what React drew, for flat, nested and uneven tables with odd text', () => {
    const view = site();
    const tables: TocItem[][] = [
      [item(2, 'Details')],
      [item(2, 'Quotes'), item(3, 'Rates & "fees"'), item(3, '<script>x</script>'), item(4, 'Deep ünïcödé 🚚'), item(2, 'Labels'), item(3, 'Zones')],
      [item(3, 'Starts deeper'), item(2, 'Then shallower'), item(4, 'Skips a level'), item(2, "It's 'quoted'", 'a"b&c<d')],
      [item(2, ''), item(2, '\uE0200\uE021 marker look-alike')],
    ];
    for (const toc of tables) expect(tocMarkup(view, toc)).toBe(renderToString(<ReferenceToc toc={toc} />));
    expect(tocMarkup(view, [])).toBe('');
  });
});
