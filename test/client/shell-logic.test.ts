import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { navbarScrollState, SCROLLED_THRESHOLD } from '../../src/client/shell/scroll-state.js';
import { listboxMove } from '../../src/client/shell/listbox-keys.js';
import { activeHeadingIndex } from '../../src/client/shell/active-heading.js';
import { isSearchShortcut } from '../../src/client/search/shortcut.js';
import { DESKTOP_NAVBAR_QUERY } from '../../src/client/shell/breakpoints.js';
import { nearestScrollTop, sidebarSignature } from '../../src/client/shell/sidebar-scroll.js';
import { REPO } from '../helpers/fixtures.js';

describe('breakpoints', () => {
  it("are the spec's: navbar 996 px; sidebar 640/1024/1279/1536/1920", () => {
    expect(DESKTOP_NAVBAR_QUERY).toBe('(min-width: 996px)');
    // The layout tokens change exactly past mobile (640), tablet (1024), small monitor (1279),
    // lg (1536) and xl (1920), and nowhere else (test/browser/layout.test.ts measures them).
    const css = readFileSync(join(REPO, 'src/styles/00-base.css'), 'utf8');
    const rootQueries = [...css.matchAll(/@media \(min-width: (\d+)px\) \{ :root \{([^}]*)\}/g)];
    expect(rootQueries.map((m) => Number(m[1]))).toEqual([641, 1025, 1280, 1537, 1921]);
    for (const m of rootQueries) expect(m[2], m[1]).toContain('--sd-sidebar-width');
  });
});

describe('sidebar scroll', () => {
  const box = { scrollTop: 100, viewHeight: 400, itemHeight: 30 };
  it('leaves a visible item where it is', () => {
    expect(nearestScrollTop({ ...box, itemTop: 150 })).toBe(100);
    expect(nearestScrollTop({ ...box, itemTop: 470 })).toBe(100);
  });
  it('moves as little as possible to show an item above or below', () => {
    expect(nearestScrollTop({ ...box, itemTop: 40 })).toBe(40);
    expect(nearestScrollTop({ ...box, itemTop: 40, margin: 20 })).toBe(20);
    expect(nearestScrollTop({ ...box, itemTop: 700 })).toBe(330);
    expect(nearestScrollTop({ ...box, itemTop: 700, margin: 20 })).toBe(350);
    expect(nearestScrollTop({ ...box, itemTop: 5, margin: 20 })).toBe(0);
  });
  it('puts an item taller than the box at its top, and does nothing in a hidden box', () => {
    expect(nearestScrollTop({ ...box, itemTop: 900, itemHeight: 600 })).toBe(900);
    expect(nearestScrollTop({ ...box, viewHeight: 0, itemTop: 900 })).toBe(100);
  });
  it('tells sidebars apart by their links and categories', () => {
    expect(sidebarSignature(['/a', '/b'], ['s-1'])).toBe(sidebarSignature(['/a', '/b'], ['s-1']));
    expect(sidebarSignature(['/a', '/b'], ['s-1'])).not.toBe(sidebarSignature(['/a', '/c'], ['s-1']));
    expect(sidebarSignature(['/a', '/b'], ['s-1'])).not.toBe(sidebarSignature(['/a', '/b'], ['s-2']));
  });
});

describe('navbar scroll state', () => {
  const base = { previousY: 0, y: 0, hideOnScroll: true, navbarHeight: 60, pinned: false, wasHidden: false };
  it('counts as scrolled past 10 px', () => {
    expect(SCROLLED_THRESHOLD).toBe(10);
    expect(navbarScrollState({ ...base, y: 10 }).scrolled).toBe(false);
    expect(navbarScrollState({ ...base, y: 11 }).scrolled).toBe(true);
  });
  it('hides on scroll down and shows on scroll up, past the navbar height', () => {
    expect(navbarScrollState({ ...base, previousY: 100, y: 200 }).hidden).toBe(true);
    expect(navbarScrollState({ ...base, previousY: 200, y: 150, wasHidden: true }).hidden).toBe(false);
    expect(navbarScrollState({ ...base, previousY: 200, y: 200, wasHidden: true }).hidden).toBe(true);
    expect(navbarScrollState({ ...base, previousY: 10, y: 40 }).hidden).toBe(false);
  });
  it('never hides without hideOnScroll, or while the menu is open', () => {
    expect(navbarScrollState({ ...base, hideOnScroll: false, previousY: 100, y: 400 })).toEqual({ scrolled: true, hidden: false });
    expect(navbarScrollState({ ...base, pinned: true, previousY: 100, y: 400 }).hidden).toBe(false);
  });
});

describe('listbox keys', () => {
  it('moves with arrows (wrapping), Home and End', () => {
    expect(listboxMove('ArrowDown', -1, 3)).toBe(0);
    expect(listboxMove('ArrowDown', 2, 3)).toBe(0);
    expect(listboxMove('ArrowUp', 0, 3)).toBe(2);
    expect(listboxMove('ArrowUp', -1, 3)).toBe(2);
    expect(listboxMove('Home', 2, 3)).toBe(0);
    expect(listboxMove('End', 0, 3)).toBe(2);
    expect(listboxMove('Enter', 0, 3)).toBeUndefined();
    expect(listboxMove('ArrowDown', 0, 0)).toBeUndefined();
  });
});

describe('table of contents: the heading being read', () => {
  it('is the last heading above the offset', () => {
    expect(activeHeadingIndex([], 80)).toBe(-1);
    expect(activeHeadingIndex([200, 600], 80)).toBe(-1);
    expect(activeHeadingIndex([50, 600], 80)).toBe(0);
    expect(activeHeadingIndex([-400, 20, 300], 80)).toBe(1);
    expect(activeHeadingIndex([-400, 20, 300], 80, true)).toBe(2);
  });
});

describe('search shortcuts', () => {
  const k = (key: string, more: Partial<Parameters<typeof isSearchShortcut>[0]> = {}): boolean =>
    isSearchShortcut({ key, ctrlKey: false, metaKey: false, altKey: false, typing: false, ...more });
  it('Ctrl+K and Cmd+K anywhere, "/" outside text fields', () => {
    expect(k('k', { ctrlKey: true })).toBe(true);
    expect(k('K', { metaKey: true, typing: true })).toBe(true);
    expect(k('/')).toBe(true);
    expect(k('/', { typing: true })).toBe(false);
    expect(k('k')).toBe(false);
    expect(k('k', { ctrlKey: true, altKey: true })).toBe(false);
  });
});
