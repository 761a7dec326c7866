import { describe, expect, it } from 'vitest';
import { createSiteLookup, MAX_QUERY_CHARS } from '../../src/mcp/site-lookup.js';
import type { IndexedPage, SiteIndex } from '../../src/shared/site-index.js';

// search_docs stays bounded whatever the query: MiniSearch's fuzzy matching allocates a matrix of
// the square of a term's length (a 30,000-character word: 900 MB), and every word of a query is
// looked up on its own.

const pages: IndexedPage[] = Array.from({ length: 300 }, (_, i) => ({
  kind: 'doc',
  title: `Page ${i}`,
  route: `/docs/page-${i}`,
  description: undefined,
  markdown: `# Page ${i}\n\n${Array.from({ length: 200 }, (_, j) => `word${(i * 31 + j) % 5000} parcel rate`).join(' ')}\n`,
}));
const index: SiteIndex = { title: 'Site', tagline: '', sections: [{ name: 'Docs', pages }], versioned: [], operations: [], histories: [] };
const lookup = createSiteLookup(index, 'https://docs.example.com/', '');

/** Time and memory growth (heap plus array buffers, where the fuzzy matrix lives) of one search. */
function measure(query: string): { ms: number; mb: number; hits: number } {
  const used = (): number => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = used();
  const start = performance.now();
  const hits = lookup.search(query, 10).length;
  return { ms: performance.now() - start, mb: (used() - before) / 1e6, hits };
}

describe('search_docs bounds', () => {
  it('answers a query of the maximum length quickly, in little memory, whether one word or many', () => {
    const oneWord = 'w'.repeat(MAX_QUERY_CHARS);
    const manyWords = Array.from({ length: 400 }, (_, i) => `word${i}`)
      .join(' ')
      .slice(0, MAX_QUERY_CHARS);
    for (const query of [oneWord, manyWords]) {
      const { ms, mb } = measure(query);
      expect(ms, `${query.length} characters`).toBeLessThan(2000);
      expect(mb, `${query.length} characters`).toBeLessThan(100);
    }
  });

  it('cuts a longer query given to the lookup directly (30,000 characters: once 854 MB)', () => {
    const { ms, mb } = measure('q'.repeat(30_000));
    expect(ms).toBeLessThan(2000);
    expect(mb).toBeLessThan(100);
  });

  it('still finds words, by prefix and with a typo', () => {
    expect(measure('parcel').hits).toBeGreaterThan(0);
    expect(lookup.search('word4999', 5).map((h) => h.title)).not.toEqual([]);
    expect(lookup.search('parcl', 5).length).toBeGreaterThan(0);
  });
});
