// The search box's results panel: loaded (with minisearch) on the first focus of the box; the
// index is fetched then too. Results are links, so the router navigates them client-side.
import MiniSearch from 'minisearch';
import { translate, type Lang, type TextKey } from '../../shared/i18n.js';
import { highlight } from './highlight.js';
import { label } from './labels.js';
import { runSearch, tokenize, type SearchHit } from './query.js';
import type { SearchIndexAsset } from '../../shared/search.js';
import type { SearchUi } from './trigger.js';

const KIND_LABEL: Record<SearchHit['kind'], TextKey> = { doc: 'search.doc', blog: 'search.blog', page: 'search.page', api: 'search.api' };
const MAX_RESULTS = 12;

async function loadIndex(url: string): Promise<MiniSearch> {
  if (!url) throw new Error('This site has no search index.');
  // Revalidated each time: the index keeps its URL when the site is deployed again.
  const res = await fetch(url, { credentials: 'same-origin', cache: 'no-cache' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const asset = (await res.json()) as SearchIndexAsset;
  if (asset.v !== 1) throw new Error('Unknown search index format.');
  return MiniSearch.loadJS(asset.index as Parameters<typeof MiniSearch.loadJS>[0], { fields: [...asset.fields], storeFields: [...asset.storeFields] });
}

export interface SearchUiOptions {
  indexUrl: string;
  navigate: (href: string) => void;
  /** Arrow-key movement in a list (shell/listbox-keys.ts, passed in: the entry has it already). */
  move: (key: string, current: number, count: number) => number | undefined;
  /** Escape with the results closed: focus goes back where the shortcut took it from (trigger.ts). */
  leave: () => void;
}

export function createSearchUi(box: HTMLElement, input: HTMLInputElement, options: SearchUiOptions): SearchUi {
  const doc = box.ownerDocument;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] => {
    const e = doc.createElement(tag);
    e.className = className;
    return e;
  };
  const panel = el('div', 'search-panel');
  panel.id = 'search-panel';
  panel.hidden = true;
  panel.dataset.searchPanel = '';
  const status = el('p', 'search-panel__status');
  status.setAttribute('role', 'status');
  const list = el('div', 'search-results');
  list.id = 'search-results';
  list.setAttribute('role', 'listbox');
  // A scrollable box is a tab stop in Chromium: focus stays in the input (aria-activedescendant).
  list.tabIndex = -1;
  const hints = el('p', 'search-panel__hints');
  const hint = (keys: string[], key: TextKey): HTMLElement => {
    const span = el('span', 'search-panel__hint');
    keys.forEach((k) => span.append(Object.assign(doc.createElement('kbd'), { textContent: k })));
    span.append(' ', label(doc, key));
    return span;
  };
  hints.append(hint(['↑', '↓'], 'search.navigate'), hint(['↵'], 'search.open'), hint(['esc'], 'search.close'));
  panel.append(status, list, hints);
  box.append(panel);

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('aria-expanded', 'false');

  let index: MiniSearch | undefined;
  let failed = false;
  let loading: Promise<void> | undefined;
  let hits: SearchHit[] = [];
  let active = -1;

  const ensureIndex = (): Promise<void> =>
    (loading ??= loadIndex(options.indexUrl).then(
      (i) => {
        index = i;
        failed = false;
      },
      () => {
        failed = true;
        loading = undefined;
      },
    ));

  const open = (): void => {
    list.setAttribute('aria-label', translate((doc.documentElement.dataset.uiLang ?? 'es') as Lang, 'search.results'));
    panel.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  };
  const close = (): void => {
    panel.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const setStatus = (key: TextKey | undefined, extra?: string): void => {
    status.replaceChildren();
    status.hidden = !key;
    if (!key) return;
    status.append(label(doc, key));
    if (extra) status.append(' ', Object.assign(doc.createElement('q'), { textContent: extra }));
  };
  /** After the index failed to load: fetches it again (the panel keeps focus in the box). */
  const retryButton = (): HTMLButtonElement => {
    const button = el('button', 'button button--secondary search-panel__retry');
    button.type = 'button';
    button.append(label(doc, 'navigation.retry'));
    button.addEventListener('click', () => {
      failed = false;
      update();
    });
    return button;
  };
  const setActive = (i: number): void => {
    active = i;
    [...list.children].forEach((c, j) => {
      c.setAttribute('aria-selected', String(j === i));
      c.classList.toggle('search-result--active', j === i);
    });
    const current = list.children[i] as HTMLElement | undefined;
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };

  const marked = (className: string, text: string, terms: string[]): HTMLElement => {
    const span = el('span', className);
    for (const s of highlight(text, terms)) span.append(s.hit ? Object.assign(doc.createElement('mark'), { textContent: s.text }) : s.text);
    return span;
  };
  const renderHit = (hit: SearchHit, i: number, terms: string[]): HTMLElement => {
    const a = el('a', `search-result search-result--${hit.kind}`);
    a.href = hit.url;
    a.id = `search-result-${i}`;
    a.setAttribute('role', 'option');
    a.setAttribute('aria-selected', 'false');
    a.tabIndex = -1;
    const kind = el('span', `search-result__kind${hit.method ? ` search-result__method search-result__method--${hit.method}` : ''}`);
    if (hit.method) kind.textContent = hit.method === 'delete' ? 'DEL' : hit.method.toUpperCase();
    else kind.append(label(doc, KIND_LABEL[hit.kind]));
    const main = el('span', 'search-result__main');
    main.append(marked('search-result__title', hit.title, terms));
    if (hit.path) main.append(marked('search-result__path', hit.path, terms));
    if (hit.heading) main.append(marked('search-result__heading', hit.heading, terms));
    if (hit.snippet && hit.snippet !== hit.title) main.append(marked('search-result__snippet', hit.snippet, terms));
    if (hit.context) main.append(Object.assign(el('span', 'search-result__context'), { textContent: hit.context }));
    a.append(kind, main);
    a.addEventListener('pointermove', () => active !== i && setActive(i));
    return a;
  };

  const update = (): void => {
    const query = input.value;
    if (!query.trim() || doc.activeElement !== input) {
      close();
      return;
    }
    open();
    if (!index) {
      setStatus(failed ? 'search.error' : 'search.loading');
      list.replaceChildren();
      // Failed: fetched again on 'Retry' or the next focus, not in a loop.
      if (failed) {
        status.append(' ', retryButton());
        return;
      }
      void ensureIndex().then(() => doc.activeElement === input && input.value === query && (index || failed) && update());
      return;
    }
    hits = runSearch(index, query, MAX_RESULTS);
    const terms = [...new Set([...hits.flatMap((h) => h.terms), ...tokenize(query)])];
    list.replaceChildren(...hits.map((h, i) => renderHit(h, i, terms)));
    setStatus(hits.length ? undefined : 'search.noResults', hits.length ? undefined : query.trim());
    setActive(hits.length ? 0 : -1);
  };

  /** A result was chosen: the panel closes and the box empties. */
  const done = (): void => {
    close();
    input.value = '';
    input.blur();
  };

  const go = (hit: SearchHit | undefined): void => {
    if (!hit) return;
    done();
    options.navigate(hit.url);
  };

  let frame = 0;
  input.addEventListener('input', () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      update();
    });
  });
  input.addEventListener('focus', () => {
    // A failed index is tried again on each new focus.
    failed = false;
    if (input.value.trim()) update();
    else void ensureIndex();
  });
  input.addEventListener('keydown', (e) => {
    // Escape closes the results (the query stays, as in a combobox), then empties the box and
    // leaves it.
    if (e.key === 'Escape') {
      e.preventDefault();
      // A search still waiting for its frame would open the results again.
      cancelAnimationFrame(frame);
      frame = 0;
      if (!panel.hidden) close();
      else {
        input.value = '';
        options.leave();
      }
      return;
    }
    if (panel.hidden) {
      if (e.key === 'ArrowDown' && input.value.trim()) update();
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      go(hits[active] ?? hits[0]);
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const next = options.move(e.key, active, hits.length);
    if (next === undefined) return;
    e.preventDefault();
    setActive(next);
  });
  // Clicking a result must not blur the box first (the panel would close under the pointer).
  panel.addEventListener('pointerdown', (e) => e.preventDefault());
  list.addEventListener('click', (e) => {
    if (!(e.target as Element).closest('a')) return;
    // The router (a document listener) takes the link; the panel is done.
    done();
  });
  box.addEventListener('focusout', (e) => {
    if (!box.contains(e.relatedTarget as Node | null)) close();
  });

  if (doc.activeElement === input) {
    void ensureIndex();
    update();
  }
  return { close };
}
