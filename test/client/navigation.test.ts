import { describe, expect, it } from 'vitest';
import { canPrefetch } from '../../src/client/nav/prefetch-policy.js';
import { isInternalPage, isPagePath, isSamePage, linkAction, pageKey, type ClickFacts } from '../../src/client/nav/eligibility.js';
import { barTransform, progressAfter, PROGRESS_CEILING, PROGRESS_DEFAULTS, startProgress, trickleStep } from '../../src/client/nav/progress.js';
import { createLru } from '../../src/client/nav/page-cache.js';

describe('prefetch policy', () => {
  it('prefetches on good or unknown connections', () => {
    expect(canPrefetch(undefined)).toBe(true);
    expect(canPrefetch({})).toBe(true);
    expect(canPrefetch({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(canPrefetch({ effectiveType: '3g' })).toBe(true);
  });
  it('skips 2g, slow-2g and Save-Data', () => {
    expect(canPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
  it('skips everything while offline', () => {
    expect(canPrefetch(undefined, false)).toBe(false);
    expect(canPrefetch({ effectiveType: '4g' }, false)).toBe(false);
    expect(canPrefetch({ effectiveType: '4g' }, true)).toBe(true);
  });
});

describe('which links navigate client-side', () => {
  const current = 'https://docs.example/docs/intro';
  const click: ClickFacts = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  const act = (href: string, more: Partial<Parameters<typeof linkAction>[0]> = {}, c: Partial<ClickFacts> = {}): string =>
    linkAction({ href, current, base: '/', ...more }, { ...click, ...c });

  it('swaps pages of the site', () => {
    expect(act('/docs/tutorial-basics/create-a-page')).toBe('navigate');
    expect(act('/api/quoter#responses')).toBe('navigate');
    expect(act('/')).toBe('navigate');
    expect(act('/404.html')).toBe('navigate');
    expect(act('https://docs.example/blog?page=2')).toBe('navigate');
  });
  it('leaves a fragment of the same page to the browser', () => {
    expect(act('#install')).toBe('hash');
    expect(act('/docs/intro#install')).toBe('hash');
  });
  it('leaves other origins, files, new tabs, downloads and modified clicks to the browser', () => {
    expect(act('https://github.com/rutapack')).toBe('browser');
    expect(act('http://docs.example/docs')).toBe('browser');
    expect(act('mailto:hola@rutapack.example')).toBe('browser');
    expect(act('/files/terminos.pdf')).toBe('browser');
    expect(act('/blog/rss.xml')).toBe('browser');
    expect(act('/search-index.json')).toBe('browser');
    expect(act('/docs', { target: '_blank' })).toBe('browser');
    expect(act('/docs', { target: '_self' })).toBe('navigate');
    expect(act('/docs', { download: true })).toBe('browser');
    expect(act('/docs', { optOut: true })).toBe('browser');
    expect(act('/docs', {}, { ctrlKey: true })).toBe('browser');
    expect(act('/docs', {}, { metaKey: true })).toBe('browser');
    expect(act('/docs', {}, { shiftKey: true })).toBe('browser');
    expect(act('/docs', {}, { button: 1 })).toBe('browser');
    expect(act('/docs', {}, { defaultPrevented: true })).toBe('browser');
  });
  it('stays inside the base path', () => {
    const facts = { current: 'https://x.example/site/docs', base: '/site/' };
    expect(linkAction({ ...facts, href: '/site/blog' })).toBe('navigate');
    expect(linkAction({ ...facts, href: '/site' })).toBe('navigate');
    expect(linkAction({ ...facts, href: '/other/blog' })).toBe('browser');
    expect(isInternalPage('/sitemap', facts.current, facts.base)).toBe(false);
  });
  it('helpers', () => {
    expect(isPagePath('/a/b')).toBe(true);
    expect(isPagePath('/a/b.HTML')).toBe(true);
    expect(isPagePath('/v1.2/intro')).toBe(true);
    expect(isPagePath('/a/b.png')).toBe(false);
    expect(isSamePage('/docs/intro#x', current)).toBe(true);
    expect(isSamePage('/docs/intro?x=1', current)).toBe(false);
    expect(pageKey('/docs/intro#x', current)).toBe('https://docs.example/docs/intro');
    expect(isInternalPage('not a url', 'also not', '/')).toBe(false);
  });
});

describe('progress bar maths (nprogress-like, the spec constants)', () => {
  it('uses the spec defaults', () => {
    expect(PROGRESS_DEFAULTS).toEqual({ minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800, delay: 200 });
  });
  it('starts at the minimum and trickles forward, slower near the end, never reaching 1', () => {
    expect(startProgress()).toBe(0.08);
    let n = startProgress();
    let previousStep = Infinity;
    for (let i = 0; i < 500; i++) {
      const next = trickleStep(n);
      expect(next).toBeGreaterThanOrEqual(n);
      expect(next - n).toBeLessThanOrEqual(previousStep + 1e-12);
      previousStep = next - n;
      n = next;
    }
    expect(n).toBeLessThanOrEqual(PROGRESS_CEILING);
    expect(n).toBeGreaterThan(0.98);
  });
  it('steps every trickleSpeed ms by at most 2.5 × the trickle rate', () => {
    expect(progressAfter(799)).toBe(0.08);
    expect(progressAfter(800)).toBeCloseTo(0.13, 10);
    expect(progressAfter(1600)).toBeCloseTo(0.18, 10);
    expect(progressAfter(2400)).toBeCloseTo(0.23, 10);
    expect(progressAfter(3200)).toBeCloseTo(0.25, 10);
    expect(trickleStep(0.3)).toBeCloseTo(0.32, 10);
    expect(trickleStep(1)).toBe(1);
  });
  it('renders as a scaleX transform, clamped', () => {
    expect(barTransform(0.08)).toBe('scaleX(0.080)');
    expect(barTransform(2)).toBe('scaleX(1.000)');
    expect(barTransform(-1)).toBe('scaleX(0.000)');
  });
});

describe('page cache', () => {
  it('keeps the most recently used pages up to its limit', () => {
    const lru = createLru<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.size).toBe(2);
    lru.delete('a');
    expect(lru.size).toBe(1);
  });
});
