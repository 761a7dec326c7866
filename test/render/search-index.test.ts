import { describe, expect, it } from 'vitest';
import MiniSearch from 'minisearch';
import { buildSearchIndex, miniSearchJson, pendingIndexUrl, tokenize, writeIndexUrl } from '../../src/render/search/index-site.js';
import { SEARCH_FIELDS, SEARCH_STORE_FIELDS, type SearchDocument } from '../../src/shared/search.js';
import { runSearch } from '../../src/client/search/query.js';

// The search index is built without minisearch's tree (index-site.ts); it must be the index
// minisearch builds, term for term, so the browser's minisearch reads it the same.

const doc = (id: number, fields: Partial<SearchDocument>): SearchDocument => ({ id, k: 'doc', t: '', u: `/p/${id}`, h: '', x: '', d: '', ...fields });

const documents: SearchDocument[] = [
  doc(0, { t: 'Cotizar un envío', h: 'Parámetros, Respuesta', x: 'El cotizador devuelve tarifas. TARIFAS por paquetería: estafeta, DHL; tarifas!', d: 'Cotiza' }),
  doc(1, { k: 'api', t: 'Create a shipment', x: '...leading punctuation, trailing too...', m: 'post', p: '/v1/shipments/{id}', c: 'Shipments', hs: [['Body', 'body']] }),
  doc(2, { t: '', h: '', x: '   ', d: '' }),
  doc(3, { t: 'Ünïcödé ÀÉÎ ǅ straße İstanbul', x: 'Emoji 🚚 and ideographs 配送 追跡\u00a0nbsp\u2003em-space\u2028line', c: 'Ünïcödé' }),
  doc(4, { k: 'blog', t: 'Repeat repeat REPEAT', x: 'repeat '.repeat(50), d: 'd', hs: [] }),
  doc(5, { t: 'Only a title' }),
  doc(6, { k: 'page', t: 'Quotes “curly” «guillemets» — dashes – and ‘single’', x: 'a-b_c d.e/f:g;h', m: undefined, p: undefined }),
];
for (let i = 7; i < 300; i++) {
  const words = ['envío', 'tracking', 'courier', 'Webhook', 'label', 'quote', 'ShipHero', 'estado', 'dirección', 'API'];
  const x = Array.from({ length: 40 + (i % 17) }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(i % 2 ? ' ' : ', ');
  documents.push(doc(i, { t: `Page ${i}`, h: `Heading ${i % 5}`, x, ...(i % 3 ? { c: `Category ${i % 4}` } : {}), ...(i % 11 ? {} : { m: 'get', p: `/v1/items/${i}` }) }));
}

/** The same index regardless of the order its terms are listed in. */
const normalized = (json: { index: [string, unknown][] }): unknown => ({ ...json, index: [...json.index].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) });

describe('search index', () => {
  it("equals minisearch's own index, term for term", () => {
    const mini = new MiniSearch<SearchDocument>({ fields: [...SEARCH_FIELDS], storeFields: [...SEARCH_STORE_FIELDS] });
    mini.addAll(documents);
    const theirs = JSON.parse(JSON.stringify(mini.toJSON())) as { index: [string, unknown][] };
    const ours = JSON.parse(JSON.stringify(miniSearchJson(documents))) as { index: [string, unknown][] };
    expect(ours.index.length).toBe(theirs.index.length);
    expect(normalized(ours)).toEqual(normalized(theirs));
  });

  it('loads in minisearch and finds what minisearch would', () => {
    const asset = JSON.parse(JSON.stringify(buildSearchIndex(documents))) as { fields: string[]; storeFields: string[]; index: never };
    const ours = MiniSearch.loadJS(asset.index, { fields: asset.fields, storeFields: asset.storeFields });
    const mini = new MiniSearch<SearchDocument>({ fields: [...SEARCH_FIELDS], storeFields: [...SEARCH_STORE_FIELDS] });
    mini.addAll(documents);
    for (const query of ['tarifas', 'envío', 'POST /v1/shipments/{id}', 'straße', '配送', 'repeat', 'courier label', 'categ']) {
      expect(runSearch(ours, query)).toEqual(runSearch(mini, query));
    }
    expect(runSearch(ours, 'tarifas')[0]).toMatchObject({ title: 'Cotizar un envío' });
  });

  it("splits text into minisearch's tokens", () => {
    const split = (text: string): string[] => text.split(/[\n\r\p{Z}\p{P}]+/u);
    const samples = [
      '', ' ', 'word', ' leading', 'trailing.', '...', 'a--b__c', 'tab\tis not a separator', 'line\nbreak\r\nand\u2028more\u2029',
      'nbsp\u00a0em\u2003ideographic\u3000space', '“curly” «guillemets» ¿qué? ¡sí! 「括弧」、句点。', 'symbols $+<=>^`|~ stay',
      'astral 𐄀 separator (U+10100) 🚚 emoji 𝐀 math', 'x𐄀y𐄀', '𐄀z', 'lone \ud800 surrogate \udc00 halves', 'İstanbul ǅ straße',
    ];
    // Every code point of the Basic Multilingual Plane, between letters and at both ends.
    for (let c = 0; c < 0x10000; c += 64) samples.push(Array.from({ length: 64 }, (_, i) => `x${String.fromCharCode(c + i)}`).join('') + String.fromCharCode(c));
    for (const text of samples) expect(tokenize(text)).toEqual(split(text));
  });

  it("writes the index's URL over the pending one, in the search box only", () => {
    const pending = pendingIndexUrl((path) => `/a&b${path}`);
    const escaped = pending.replace('&', '&amp;');
    const html = `<title>data-search-index=&quot;${escaped}&quot; ünï</title><div data-search-index="${escaped}"></div><p>${escaped}</p><i data-search-index="${escaped}"></i>`;
    const page = { bytes: new TextEncoder().encode(html) };
    writeIndexUrl([page], pending, '/a&b/assets/search/index-0123456789.json');
    const written = 'data-search-index="/a&amp;b/assets/search/index-0123456789.json"';
    expect(new TextDecoder().decode(page.bytes)).toBe(html.replaceAll(`data-search-index="${escaped}"`, written));
    expect(() => writeIndexUrl([page], pending, '/a&b/assets/search/index-short.json')).toThrow(/not as long/);
  });

  it('rejects documents without an id or with a duplicate one, as minisearch does', () => {
    expect(() => miniSearchJson([doc(1, {}), doc(1, {})])).toThrow(/duplicate id 1/);
    expect(() => miniSearchJson([{ ...doc(1, {}), id: undefined as never }])).toThrow(/no id/);
  });
});
