// Keyboard helpers of the browser tests: where focus is, walking to an element with Tab, and
// whether the focused element shows a focus ring.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare function getComputedStyle(e: unknown): any;
declare function requestAnimationFrame(f: () => void): number;

/** Whether the focused element matches `selector`. */
export const isFocused = (page: Page, selector: string): Promise<boolean> => page.evaluate((s) => !!document.activeElement?.matches(s), selector);

/** Waits two animation frames: the search box's results follow the input once a frame. */
export const frames = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** Presses Tab (Shift+Tab with `back`) until `selector` has focus; fails past `max` presses. */
export async function tabTo(page: Page, selector: string, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(page, selector)) return;
  }
  throw new Error(`${max} × ${back ? 'Shift+Tab' : 'Tab'} did not reach ${selector}`);
}

/**
 * The focused element shows a focus ring: it matches :focus-visible and `ring` (itself unless
 * told: a radio's label, the search box's field) has an outline, or with `shadow`, a box shadow.
 */
export async function expectRing(page: Page, { ring, shadow = false }: { ring?: string; shadow?: boolean } = {}): Promise<void> {
  const found = await page.evaluate(
    ([sel, byShadow]) => {
      const active = document.activeElement;
      const el = sel ? document.querySelector(sel) : active;
      const s = getComputedStyle(el);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1 && !/rgba\(.*, 0\)$/.test(s.outlineColor);
      return {
        element: `${active.tagName.toLowerCase()}.${[...active.classList].join('.')}`,
        focusVisible: active.matches(':focus-visible'),
        ring: byShadow ? s.boxShadow !== 'none' : outline,
      };
    },
    [ring, shadow] as const,
  );
  expect(found, `focus ring of ${found.element}`).toMatchObject({ focusVisible: true, ring: true });
}
