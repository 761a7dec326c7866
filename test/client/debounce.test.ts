import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from '../../src/client/lib/debounce.js';
import { SIDEBAR_TOGGLE_DEBOUNCE_MS } from '../../src/client/shell/breakpoints.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('debounce', () => {
  it('trailing (default): one call with the last arguments after the burst', () => {
    const fn = vi.fn();
    const d = debounce(fn, 50);
    d(1);
    vi.advanceTimersByTime(30);
    d(2);
    vi.advanceTimersByTime(30);
    d(3);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(49);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(3);
  });

  it('leading: reacts at once and drops repeats closer than the delay (a double tap toggles once)', () => {
    const fn = vi.fn();
    const d = debounce(fn, SIDEBAR_TOGGLE_DEBOUNCE_MS, { leading: true });
    d();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20);
    d();
    vi.advanceTimersByTime(40);
    d();
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
    d();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('leading and trailing: the end of a burst runs too, a single call does not run twice', () => {
    const fn = vi.fn();
    const d = debounce(fn, 50, { leading: true, trailing: true });
    d('a');
    vi.advanceTimersByTime(60);
    expect(fn.mock.calls).toEqual([['a']]);
    d('b');
    d('c');
    vi.advanceTimersByTime(60);
    expect(fn.mock.calls).toEqual([['a'], ['b'], ['c']]);
  });

  it('cancel drops the pending call', () => {
    const fn = vi.fn();
    const d = debounce(fn, 50);
    d();
    d.cancel();
    vi.advanceTimersByTime(100);
    expect(fn).not.toHaveBeenCalled();
  });

  it('the sidebar toggle uses the spec delay, 50 ms', () => {
    expect(SIDEBAR_TOGGLE_DEBOUNCE_MS).toBe(50);
  });
});
