export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

export interface DebounceOptions {
  /** Run on the first call of a burst (a toggle reacts at once, repeats within `ms` are dropped). */
  leading?: boolean;
  /** Run after the burst with the last arguments (default true unless leading). */
  trailing?: boolean;
}

/**
 * Calls `fn` once per burst of calls closer than `ms` to each other: at its end (trailing, the
 * default), at its start (leading), or both (at the end only when more calls came).
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number, { leading = false, trailing = !leading }: DebounceOptions = {}): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const debounced = (...args: A): void => {
    const idle = timer === undefined;
    if (timer !== undefined) clearTimeout(timer);
    if (idle && leading) fn(...args);
    else pending = args;
    timer = setTimeout(() => {
      timer = undefined;
      const last = pending;
      pending = undefined;
      if (trailing && last) fn(...last);
    }, ms);
  };
  debounced.cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return debounced;
}
