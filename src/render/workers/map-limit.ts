import { pause } from './pause.js';

/** Markdown files rendered at once: enough to keep parsing while their code is highlighted. */
export const FILES_IN_FLIGHT = 32;

/**
 * `fn` over `items`, at most `limit` at a time, results in the items' order. Bounds the work in
 * flight (and its memory) while each item waits on something else (the worker pool, the disk).
 * Items that never wait (nothing to highlight) would otherwise run all in one turn of the event loop.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
      await pause();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
