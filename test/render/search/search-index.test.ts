import { describe, expect, it } from 'vitest';
import MiniSearch from 'minisearch';
import { searchIndexAsset } from '../../../src/render/search/build-search-index.js';
import { createPool } from '../../../src/render/workers/pool.js';
import type { SearchDocument } from '../../../src/shared/search.js';
import { runSearch } from '../../../src/client/search/query.js';

// The search index is minisearch's own, serialized with the options the browser loads it with,
// and named after its contents.

const doc = (id: number, fields: Partial<SearchDocument>): SearchDocument => ({ id, k: 'doc', t: '', u: `/p/${id}`, h: '', x: '', d: '', ...fields });

const documents: SearchDocument[] = [
  doc(0, {
    t: 'Cotizar un envío',
    h: 'Parámetros, Respuesta',
    x: 'El cotizador devuelve tarifas. TARIFAS por paquetería: estafeta, DHL; tarifas!',
    d: 'Cotiza',
  }),
  doc(1, {
    k: 'api',
    t: 'Create a shipment',
    x: '...leading punctuation, trailing too...',
    m: 'post',
    p: '/v1/shipments/{id}',
    c: 'Shipments',
    hs: [['Body', 'body']],
  }),
  doc(2, { t: '', h: '', x: '   ', d: '' }),
  doc(3, { t: 'Ünïcödé ÀÉÎ ǅ straße İstanbul', x: 'Emoji 🚚 and ideographs 配送 追跡\u00a0nbsp\u2003em-space\u2028line', c: 'Ünïcödé' }),
  doc(4, { k: 'blog', t: 'Repeat repeat REPEAT', x: 'repeat '.repeat(50), d: 'd', hs: [] }),
  doc(5, { t: 'Only a title' }),
  doc(6, { k: 'page', t: 'Quotes “curly” «guillemets» — dashes – and ‘single’', x: 'a-b_c d.e/f:g;h', m: undefined, p: undefined }),
];
for (let i = 7; i < 300; i++) {
  const words = ['envío', 'tracking', 'courier', 'Webhook', 'label', 'quote', 'ShipHero', 'estado', 'dirección', 'API'];
  const x = Array.from({ length: 40 + (i % 17) }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(i % 2 ? ' ' : ', ');
  documents.push(
    doc(i, { t: `Page ${i}`, h: `Heading ${i % 5}`, x, ...(i % 3 ? { c: `Category ${i % 4}` } : {}), ...(i % 11 ? {} : { m: 'get', p: `/v1/items/${i}` }) }),
  );
}

describe('search index', () => {
  it("loads in the browser's minisearch and finds pages by words, accents, paths and prefixes", () => {
    const asset = JSON.parse(JSON.stringify(searchIndexAsset(documents))) as { fields: string[]; storeFields: string[]; index: never };
    const index = MiniSearch.loadJS(asset.index, { fields: asset.fields, storeFields: asset.storeFields });
    expect(runSearch(index, 'tarifas')[0]).toMatchObject({ title: 'Cotizar un envío' });
    expect(runSearch(index, 'POST /v1/shipments/{id}')[0]).toMatchObject({ title: 'Create a shipment', method: 'post' });
    expect(runSearch(index, 'straße')[0]).toMatchObject({ id: 3 });
    expect(runSearch(index, '配送')[0]).toMatchObject({ id: 3 });
    expect(runSearch(index, 'categ').length).toBeGreaterThan(0);
  });

  it('is what the worker pool task builds', async () => {
    const entries = documents.slice(0, 5);
    const built = await createPool(0).run('searchIndex', entries);
    expect(JSON.parse(built)).toEqual(JSON.parse(JSON.stringify(searchIndexAsset(entries))));
  });
});
